package io.beepkit.netty.conformance;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Responder;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static io.beepkit.netty.conformance.Violations.HOLD;
import static io.beepkit.netty.conformance.Violations.TIMEOUT;
import static io.beepkit.netty.conformance.Violations.assertFailsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONFORMANCE #21 (RFC 3080 §2.3.1.3): a channel closes only after every MSG we sent on it is answered; once close is
 * requested no new MSG goes out, but the peer's MSGs are still answered, and our replies leave before our
 * {@code <ok/>}; a close declined with ERR 550 leaves the channel usable; crossing closes do not deadlock.
 */
class ChannelCloseTest extends LibraryPeersTest {
    @Override
    BeepServer.Builder listener(BeepServer.Builder builder) {
        return holding(builder);
    }

    @Override
    BeepClient.Builder initiator(BeepClient.Builder builder) {
        return builder.profile(StandardProfiles.ECHO, StandardProfiles.echo());
    }

    private static boolean isMsgOn(ReadFrame f, int channel) {
        return f.type() == FrameType.MSG && f.header().channel() == channel;
    }

    private static boolean isDataOn(ReadFrame f, int channel) {
        return f.type() != FrameType.SEQ && f.header().channel() == channel;
    }

    private static final String OK = ScriptedPeer.mgmt("<ok/>");

    @Test
    @DisplayName("#21 close waits until our outstanding MSG is answered; a MSG after close() fails at once")
    void closeWaitsForOutstandingMsgsAndRefusesNewOnes() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            CompletableFuture<Reply> outstanding = ch.send(MimeEntity.of("first"));
            ReadFrame msg = lib.peer.readUntil(f -> isMsgOn(f, 1));
            CompletableFuture<Void> closing = ch.close();
            CompletableFuture<Reply> late = ch.send(MimeEntity.of("too late"));
            assertFailsWith(late, ChannelClosedException.class, "channel 1", "no new MSG");

            // A later channel-0 request leaves while the close still waits for the answer to MSG 1 0.
            CompletableFuture<BeepChannel> marker = lib.session.startChannel(StandardProfiles.ECHO);
            ReadFrame next = lib.peer.readUntil(f -> isMsgOn(f, 0));
            assertTrue(next.text().contains("<start"), () -> "close left before MSG 1 0 was answered: " + next);
            lib.peer.send("RPY", 0, next.header().msgno(), false,
                    ScriptedPeer.mgmt("<profile uri='" + StandardProfiles.ECHO + "'/>"));
            marker.get(TIMEOUT, TimeUnit.SECONDS);
            assertFalse(closing.isDone(), "close completed before it was even sent");

            lib.peer.send("RPY", 1, msg.header().msgno(), false, "\r\nanswer");
            ReadFrame close = lib.peer.readUntil(f -> isMsgOn(f, 0));
            assertTrue(close.text().contains("<close number='1' code='200'"), close.toString());
            assertEquals("answer", outstanding.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
            lib.peer.send("RPY", 0, close.header().msgno(), false, OK);
            closing.get(TIMEOUT, TimeUnit.SECONDS);
            assertFalse(ch.isOpen());
            assertEquals(1, lib.session.channels().size(), "only the marker channel is left");
        }
    }

    @Test
    @DisplayName("#21 after we asked to close, the peer's MSGs on the channel are still answered until <ok/>")
    void peersMsgsAreAnsweredWhileOurCloseIsPending() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            CompletableFuture<Void> closing = ch.close();
            ReadFrame close = lib.peer.readUntil(f -> isMsgOn(f, 0));
            assertTrue(close.text().contains("<close number='1'"), close.toString());
            lib.peer.send("MSG", 1, 0, false, "\r\nstill talking");
            ReadFrame echo = lib.peer.readUntil(f -> isDataOn(f, 1));
            assertEquals(FrameType.RPY, echo.type(), echo.toString());
            assertEquals(0, echo.header().msgno());
            assertTrue(echo.text().endsWith("still talking"), echo.toString());
            assertTrue(ch.isOpen());
            lib.peer.send("RPY", 0, close.header().msgno(), false, OK);
            closing.get(TIMEOUT, TimeUnit.SECONDS);
            assertFalse(ch.isOpen());
        }
    }

    @Test
    @DisplayName("#21 the library answers the peer's close only after its replies on that channel have left")
    void ourRepliesLeaveBeforeOkToPeersClose() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, HOLD);
            peer.startChannel(3, StandardProfiles.ECHO);
            peer.send("MSG", 1, 0, false, "\r\nheld");
            Responder held = parked.poll(TIMEOUT, TimeUnit.SECONDS);
            assertNotNull(held);
            int closeMsgno = peer.sendMgmt("<close number='1' code='200'/>");
            // An echo on channel 3 makes a round trip while channel 1 still owes its reply: no <ok/> yet.
            peer.send("MSG", 3, 0, false, "\r\nmarker");
            List<ReadFrame> before = new ArrayList<>();
            peer.readUntil(f -> {
                before.add(f);
                return isDataOn(f, 3);
            });
            assertTrue(before.stream().noneMatch(f -> isDataOn(f, 0) || isDataOn(f, 1)),
                    () -> "the library answered the close before its reply on channel 1: " + before);

            held.reply(MimeEntity.of("done"));
            ReadFrame first = peer.readUntil(f -> isDataOn(f, 0) || isDataOn(f, 1));
            assertEquals(FrameType.RPY, first.type(), first.toString());
            assertEquals(1, first.header().channel(), () -> "<ok/> overtook the reply on channel 1: " + first);
            assertTrue(first.text().endsWith("done"), first.toString());
            ReadFrame ok = peer.awaitMgmtReply(closeMsgno);
            assertEquals(FrameType.RPY, ok.type(), ok.toString());
            assertTrue(ok.text().contains("<ok"), ok.toString());
            // Channel 3 is untouched.
            peer.send("MSG", 3, 1, false, "\r\nagain");
            assertTrue(peer.readUntil(f -> isDataOn(f, 3)).text().endsWith("again"));
        }
    }

    @Test
    @DisplayName("#21 a close declined with ERR 550 fails the close future and keeps the channel usable")
    void decliningCloseWith550KeepsChannelUsable() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            CompletableFuture<Void> closing = ch.close();
            ReadFrame close = lib.peer.readUntil(f -> isMsgOn(f, 0));
            lib.peer.send("ERR", 0, close.header().msgno(), false,
                    ScriptedPeer.mgmt("<error code='550'>still busy</error>"));
            BeepErrorException e = assertFailsWith(closing, BeepErrorException.class, "550", "still busy");
            assertEquals(550, e.code());
            assertTrue(ch.isOpen());

            CompletableFuture<Reply> reply = ch.send(MimeEntity.of("after decline"));
            ReadFrame msg = lib.peer.readUntil(f -> isMsgOn(f, 1));
            lib.peer.send("RPY", 1, msg.header().msgno(), false, "\r\nfine");
            assertEquals("fine", reply.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());

            CompletableFuture<Void> again = ch.close();
            ReadFrame close2 = lib.peer.readUntil(f -> isMsgOn(f, 0));
            assertTrue(close2.text().contains("<close number='1'"), close2.toString());
            lib.peer.send("RPY", 0, close2.header().msgno(), false, OK);
            again.get(TIMEOUT, TimeUnit.SECONDS);
            assertFalse(ch.isOpen());
        }
    }

    @Test
    @DisplayName("#21 an application declines the peer's close with its own code; the channel stays usable")
    void applicationDeclinesAClose() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean busy = new java.util.concurrent.atomic.AtomicBoolean(true);
        BlockingQueue<Integer> codes = new LinkedBlockingQueue<>();
        MessageHandler sticky = new MessageHandler() {
            @Override
            public void onMessage(io.beepkit.api.Message message, Responder responder) {
                responder.reply(message.entity());
            }

            @Override
            public io.beepkit.api.CloseDecision onCloseRequest(BeepChannel channel, int code) {
                codes.add(code);
                return busy.get() ? io.beepkit.api.CloseDecision.refuse(550, "transfer in progress")
                        : io.beepkit.api.CloseDecision.accept();
            }
        };
        try (BeepServer stickyServer = BeepServer.builder().bind("127.0.0.1", 0).profile("urn:test:sticky", sticky)
                .build().start().get(TIMEOUT, TimeUnit.SECONDS)) {
            BeepSession s = client.connect("127.0.0.1", stickyServer.port()).get(TIMEOUT, TimeUnit.SECONDS);
            BeepChannel ch = s.startChannel("urn:test:sticky").get(TIMEOUT, TimeUnit.SECONDS);
            BeepErrorException e = assertFailsWith(ch.close(), BeepErrorException.class, "550", "transfer in progress");
            assertEquals(550, e.code());
            assertEquals(200, codes.poll(TIMEOUT, TimeUnit.SECONDS));
            assertTrue(ch.isOpen());
            assertEquals("still here", ch.send(MimeEntity.of("still here")).get(TIMEOUT, TimeUnit.SECONDS)
                    .entity().bodyText());
            busy.set(false);
            ch.close().get(TIMEOUT, TimeUnit.SECONDS);
            assertFalse(ch.isOpen());
            s.close().get(TIMEOUT, TimeUnit.SECONDS);
        }
    }

    @Test
    @DisplayName("#21 a positive reply to our close that is not <ok/> is malformed and terminates")
    void replyToCloseThatIsNotOkTerminates() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            CompletableFuture<Void> closing = ch.close();
            ReadFrame close = lib.peer.readUntil(f -> isMsgOn(f, 0));
            lib.peer.send("RPY", 0, close.header().msgno(), false,
                    ScriptedPeer.mgmt("<profile uri='" + StandardProfiles.ECHO + "'/>"));
            lib.peer.readUntilClosed();
            lib.session.closeFuture().get(TIMEOUT, TimeUnit.SECONDS);
            assertFalse(lib.session.isOpen());
            closing.handle((v, e) -> null).get(TIMEOUT, TimeUnit.SECONDS);
        }
    }

    @Test
    @DisplayName("#21 the library declines (550) a close of a channel that is not open; the session stays up")
    void closeOfChannelNotOpenIsDeclined() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            ReadFrame refused = peer.requestClose(7);
            assertEquals(FrameType.ERR, refused.type(), refused.toString());
            assertTrue(refused.text().contains("code='550'"), refused.toString());
            assertTrue(refused.text().contains("channel 7 is not open"), refused.toString());
            peer.startChannel(1, StandardProfiles.ECHO);
        }
    }

    @Test
    @DisplayName("#21 a second close of a channel already being closed is declined; the first completes")
    void secondCloseOfChannelBeingClosedIsDeclined() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, HOLD);
            peer.startChannel(3, StandardProfiles.ECHO);
            peer.send("MSG", 1, 0, false, "\r\nheld");
            Responder held = parked.poll(TIMEOUT, TimeUnit.SECONDS);
            int first = peer.sendMgmt("<close number='1' code='200'/>");
            int second = peer.sendMgmt("<close number='1' code='200'/>");
            // An echo round trip on channel 3: the library has seen both closes before channel 1 can finish.
            peer.send("MSG", 3, 0, false, "\r\nmarker");
            peer.readUntil(f -> isDataOn(f, 3));
            held.reply(MimeEntity.of("done"));
            ReadFrame ok = peer.awaitMgmtReply(first);
            assertEquals(FrameType.RPY, ok.type(), ok.toString());
            ReadFrame refused = peer.awaitMgmtReply(second);
            assertEquals(FrameType.ERR, refused.type(), refused.toString());
            assertTrue(refused.text().contains("550"), refused.toString());
            assertTrue(refused.text().contains("channel 1 is already being closed"), refused.toString());
        }
    }

    @Test
    @DisplayName("#21 crossing closes: the peer closes the channel while our close is in flight; both complete")
    void crossingClosesCompleteWithoutDeadlock() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            CompletableFuture<Void> closing = ch.close();
            ReadFrame ours = lib.peer.readUntil(f -> isMsgOn(f, 0));
            assertTrue(ours.text().contains("<close number='1'"), ours.toString());
            // The peer asks to close the same channel before answering the library's close.
            int theirs = lib.peer.sendMgmt("<close number='1' code='200'/>");
            ReadFrame ok = lib.peer.awaitMgmtReply(theirs);
            assertEquals(FrameType.RPY, ok.type(), ok.toString());
            assertTrue(ok.text().contains("<ok"), ok.toString());
            lib.peer.send("RPY", 0, ours.header().msgno(), false, OK);
            closing.get(TIMEOUT, TimeUnit.SECONDS);
            assertFalse(ch.isOpen());
            assertTrue(lib.session.isOpen());
            assertEquals(3, lib.open(StandardProfiles.ECHO).number(), "the session still starts channels");
        }
    }

    @Test
    @DisplayName("#21 two library peers closing the same channel at the same time both complete, repeatedly")
    void simultaneousClosesBetweenLibrariesComplete() throws Exception {
        BeepSession s = client.connect("127.0.0.1", server.port()).get(TIMEOUT, TimeUnit.SECONDS);
        BeepSession listenerSide = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
        for (int i = 0; i < 20; i++) {
            BeepChannel ch = s.startChannel(StandardProfiles.ECHO).get(TIMEOUT, TimeUnit.SECONDS);
            BeepChannel other = listenerSide.channels().stream().filter(c -> c.number() == ch.number())
                    .findFirst().orElseThrow();
            CompletableFuture<Void> a = ch.close();
            CompletableFuture<Void> b = other.close();
            a.get(TIMEOUT, TimeUnit.SECONDS);
            b.get(TIMEOUT, TimeUnit.SECONDS);
            assertFalse(ch.isOpen(), "round " + i);
            assertFalse(other.isOpen(), "round " + i);
        }
        assertTrue(s.channels().isEmpty());
        BeepChannel last = s.startChannel(StandardProfiles.ECHO).get(TIMEOUT, TimeUnit.SECONDS);
        assertEquals("alive", last.send(MimeEntity.of("alive")).get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
        s.close().get(TIMEOUT, TimeUnit.SECONDS);
    }
}
