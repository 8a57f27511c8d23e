package io.beepkit.netty.conformance;

import io.beepkit.netty.SessionConfig;
import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.Responder;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.beepkit.netty.conformance.Violations.HOLD;
import static io.beepkit.netty.conformance.Violations.TIMEOUT;
import static io.beepkit.netty.conformance.Violations.assertFailsWith;
import static io.beepkit.netty.conformance.Violations.assertSessionEnded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONFORMANCE #22 (RFC 3080 §2.4, RFC 3081 §2): session release is a close of channel 0 with code 200; the peer that
 * sends {@code <ok/>} closes TCP, the other closes when the ok arrives; a declined release keeps the session up.
 * The application cannot decline a release itself: the library declines (550) while a channel has messages in
 * progress, and a scripted peer plays the declining side against the library's release.
 */
class SessionReleaseTest extends LibraryPeersTest {
    static final String XML_HEAD = "Content-Type: application/beep+xml\r\n\r\n";
    static final String OK = ScriptedPeer.mgmt("<ok/>");

    @Override
    BeepServer.Builder listener(BeepServer.Builder builder) {
        return holding(builder);
    }

    private static boolean isMsgOn(ReadFrame f, int channel) {
        return f.type() == FrameType.MSG && f.header().channel() == channel;
    }

    private static void assertRelease(ReadFrame close) {
        assertEquals(FrameType.MSG, close.type(), close.toString());
        assertTrue(close.text().startsWith(XML_HEAD), close.toString());
        String xml = close.text().substring(XML_HEAD.length());
        assertTrue(xml.matches("<close number='0' code='200' ?/>"), () -> "not a release: " + xml);
    }

    @Test
    @DisplayName("#22 release is <close number='0' code='200'/>; the releasing initiator closes TCP when ok arrives")
    void releaseIsCloseOfChannelZeroAndInitiatorClosesOnOk() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            CompletableFuture<Void> releasing = lib.session.close();
            ReadFrame close = lib.peer.readUntil(f -> isMsgOn(f, 0));
            assertRelease(close);
            assertTrue(lib.session.isOpen(), "the library must wait for the peer's answer");
            lib.peer.send("RPY", 0, close.header().msgno(), false, OK);
            // We never close: the library must close TCP on receiving <ok/>, sending nothing more.
            List<ReadFrame> after = lib.peer.readUntilClosed();
            assertTrue(after.stream().allMatch(f -> f.type() == FrameType.SEQ), () -> "sent after ok: " + after);
            releasing.get(TIMEOUT, TimeUnit.SECONDS);
            assertSessionEnded(lib.session);
        }
    }

    @Test
    @DisplayName("#22 the listener that answers a release with <ok/> closes TCP")
    void listenerSendingOkClosesTcp() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            BeepSession session = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
            assertNotNull(session);
            peer.startChannel(1, StandardProfiles.ECHO); // open but quiet: no obstacle to release
            ReadFrame ok = peer.requestClose(0);
            assertEquals(FrameType.RPY, ok.type(), ok.toString());
            assertTrue(ok.text().contains("<ok"), ok.toString());
            peer.readUntilClosed();
            assertSessionEnded(session);
        }
    }

    @Test
    @DisplayName("#22 a release the peer declines with ERR 550 fails close() and keeps the session usable")
    void declinedReleaseKeepsSessionUp() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            CompletableFuture<Void> releasing = lib.session.close();
            ReadFrame close = lib.peer.readUntil(f -> isMsgOn(f, 0));
            assertRelease(close);
            lib.peer.send("ERR", 0, close.header().msgno(), false,
                    ScriptedPeer.mgmt("<error code='550'>not now</error>"));
            BeepErrorException e = assertFailsWith(releasing, BeepErrorException.class, "550", "not now");
            assertEquals(550, e.code());
            assertTrue(lib.session.isOpen());
            assertFalse(lib.session.closeFuture().isDone());

            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            CompletableFuture<Reply> reply = ch.send(MimeEntity.of("still here"));
            ReadFrame msg = lib.peer.readUntil(f -> isMsgOn(f, 1));
            lib.peer.send("RPY", 1, msg.header().msgno(), false, "\r\nyes");
            assertEquals("yes", reply.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());

            // A second release can succeed.
            CompletableFuture<Void> again = lib.session.close();
            ReadFrame close2 = lib.peer.readUntil(f -> isMsgOn(f, 0));
            assertRelease(close2);
            lib.peer.send("RPY", 0, close2.header().msgno(), false, OK);
            lib.peer.readUntilClosed();
            again.get(TIMEOUT, TimeUnit.SECONDS);
            assertSessionEnded(lib.session);
        }
    }

    @Test
    @DisplayName("#22 the library declines a release with 550 while a MSG awaits its reply; the session stays up")
    void libraryDeclinesReleaseWhileBusy() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            BeepSession session = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
            peer.startChannel(1, HOLD);
            peer.send("MSG", 1, 0, false, "\r\nheld");
            Responder held = parked.poll(TIMEOUT, TimeUnit.SECONDS);
            assertNotNull(held);
            ReadFrame refused = peer.requestClose(0);
            assertEquals(FrameType.ERR, refused.type(), refused.toString());
            assertTrue(refused.text().contains("code='550'"), refused.toString());
            assertTrue(refused.text().contains("channel 1"), refused.toString());
            assertTrue(session.isOpen());

            held.reply(MimeEntity.of("done"));
            ReadFrame reply = peer.readUntil(f -> f.type() != FrameType.SEQ && f.header().channel() == 1);
            assertEquals(FrameType.RPY, reply.type(), reply.toString());
            ReadFrame ok = peer.requestClose(0);
            assertEquals(FrameType.RPY, ok.type(), ok.toString());
            peer.readUntilClosed();
            assertSessionEnded(session);
        }
    }

    @Test
    @DisplayName("#22 the library declines a release with 550 while its own close of a channel awaits the reply")
    void libraryDeclinesReleaseWhileItsCloseIsPending() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            CompletableFuture<Void> closing = ch.close();
            ReadFrame close = lib.peer.readUntil(f -> isMsgOn(f, 0));
            assertTrue(close.text().contains("<close number='1'"), close.toString());

            ReadFrame refused = lib.peer.requestClose(0);
            assertEquals(FrameType.ERR, refused.type(), refused.toString());
            assertTrue(refused.text().contains("code='550'"), refused.toString());
            assertTrue(refused.text().contains("channel 1 is being closed"), refused.toString());
            assertTrue(lib.session.isOpen());

            lib.peer.send("RPY", 0, close.header().msgno(), false, OK);
            closing.get(TIMEOUT, TimeUnit.SECONDS);
            ReadFrame ok = lib.peer.requestClose(0);
            assertEquals(FrameType.RPY, ok.type(), ok.toString());
            lib.peer.readUntilClosed();
            assertSessionEnded(lib.session);
        }
    }

    /** A close the peer never answered did not happen: when the session ends first, the close fails with it. */
    @Test
    @DisplayName("#22 the library's close fails when the session ends before the peer answers it, or before it is asked")
    void closeUnansweredWhenTheSessionEndsFails() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            CompletableFuture<Void> closing = ch.close();
            ReadFrame close = lib.peer.readUntil(f -> isMsgOn(f, 0));
            assertTrue(close.text().contains("<close number='1'"), close.toString());
            lib.peer.close();
            assertSessionEnded(lib.session);
            java.util.concurrent.ExecutionException failed = org.junit.jupiter.api.Assertions.assertThrows(
                    java.util.concurrent.ExecutionException.class, () -> closing.get(TIMEOUT, TimeUnit.SECONDS));
            assertNotNull(failed.getCause(), failed.toString());
            java.util.concurrent.ExecutionException late = org.junit.jupiter.api.Assertions.assertThrows(
                    java.util.concurrent.ExecutionException.class, () -> ch.close().get(TIMEOUT, TimeUnit.SECONDS));
            assertTrue(late.getCause().getMessage().contains("ended with its session"), late.toString());
        }
    }

    /**
     * A close asked while the library still answers the peer's MSG leaves only after that answer (RAW's device asks
     * to close before its NUL so): meanwhile the channel counts as being closed, so a release cannot slip in between
     * the last answer and the close and lose the acknowledgement the close carries.
     */
    @Test
    @DisplayName("#22 a close asked before the library's last answer follows that answer; a release meanwhile gets 550")
    void closeAskedBeforeTheLastAnswerFollowsItAndHoldsOffARelease() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            BeepSession session = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
            assertNotNull(session);
            peer.startChannel(1, HOLD);
            peer.send("MSG", 1, 0, false, "\r\nheld");
            Responder held = parked.poll(TIMEOUT, TimeUnit.SECONDS);
            assertNotNull(held);
            BeepChannel channel = session.channels().stream().filter(c -> c.number() == 1).findFirst().orElseThrow();
            CompletableFuture<Void> closing = channel.close();

            ReadFrame refused = peer.requestClose(0);
            assertEquals(FrameType.ERR, refused.type(), "no close before the answer: " + refused);
            assertTrue(refused.text().contains("code='550'"), refused.toString());
            assertTrue(session.isOpen());

            held.reply(MimeEntity.of("done"));
            ReadFrame reply = peer.readUntil(f -> f.type() != FrameType.SEQ);
            assertEquals(FrameType.RPY, reply.type(), "the answer comes before the close: " + reply);
            assertEquals(1, reply.header().channel(), reply.toString());
            ReadFrame close = peer.readUntil(f -> isMsgOn(f, 0));
            assertTrue(close.text().contains("<close number='1'"), close.toString());
            assertFalse(closing.isDone());
            peer.send("RPY", 0, close.header().msgno(), false, OK);
            closing.get(TIMEOUT, TimeUnit.SECONDS);
            ReadFrame ok = peer.requestClose(0);
            assertEquals(FrameType.RPY, ok.type(), ok.toString());
            peer.readUntilClosed();
            assertSessionEnded(session);
        }
    }

    @Test
    @DisplayName("#22 the library sends its release only after every MSG it sent is answered")
    void releaseWaitsForOutstandingMsgs() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            CompletableFuture<Reply> outstanding = ch.send(MimeEntity.of("q"));
            ReadFrame msg = lib.peer.readUntil(f -> isMsgOn(f, 1));
            CompletableFuture<Void> releasing = lib.session.close();
            // A later channel-0 request leaves first: the release is still waiting for the reply to MSG 1 0.
            CompletableFuture<BeepChannel> marker = lib.session.startChannel(StandardProfiles.ECHO);
            ReadFrame next = lib.peer.readUntil(f -> isMsgOn(f, 0));
            assertTrue(next.text().contains("<start"), () -> "release left before MSG 1 0 was answered: " + next);
            lib.peer.send("RPY", 0, next.header().msgno(), false,
                    ScriptedPeer.mgmt("<profile uri='" + StandardProfiles.ECHO + "'/>"));
            marker.get(TIMEOUT, TimeUnit.SECONDS);

            lib.peer.send("RPY", 1, msg.header().msgno(), false, "\r\na");
            ReadFrame close = lib.peer.readUntil(f -> isMsgOn(f, 0));
            assertRelease(close);
            assertEquals("a", outstanding.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
            lib.peer.send("RPY", 0, close.header().msgno(), false, OK);
            lib.peer.readUntilClosed();
            releasing.get(TIMEOUT, TimeUnit.SECONDS);
        }
    }

    @Test
    @DisplayName("#22 a release between two libraries ends both sessions")
    void releaseBetweenLibrariesEndsBothSessions() throws Exception {
        BeepSession s = client.connect("127.0.0.1", server.port()).get(TIMEOUT, TimeUnit.SECONDS);
        BeepSession listenerSide = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
        s.startChannel(StandardProfiles.ECHO).get(TIMEOUT, TimeUnit.SECONDS);
        s.close().get(TIMEOUT, TimeUnit.SECONDS);
        assertSessionEnded(s);
        assertSessionEnded(listenerSide);
    }

    @Test
    @DisplayName("#22 an application declines the peer's release with its own code; the session stays up")
    void applicationDeclinesARelease() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean draining = new java.util.concurrent.atomic.AtomicBoolean(true);
        io.beepkit.netty.SessionConfig config = io.beepkit.netty.SessionConfig.builder()
                .releaseHandler(session -> draining.get()
                        ? io.beepkit.api.CloseDecision.refuse(550, "audit log still draining")
                        : io.beepkit.api.CloseDecision.accept()).build();
        try (BeepServer guarded = BeepServer.builder().bind("127.0.0.1", 0).session(config).build().start()
                .get(TIMEOUT, TimeUnit.SECONDS);
             BeepClient initiator = BeepClient.builder().build()) {
            BeepSession s = initiator.connect("127.0.0.1", guarded.port()).get(TIMEOUT, TimeUnit.SECONDS);
            BeepChannel echo = s.startChannel(StandardProfiles.ECHO).get(TIMEOUT, TimeUnit.SECONDS);
            BeepErrorException e = assertFailsWith(s.close(), BeepErrorException.class, "550",
                    "audit log still draining");
            assertEquals(550, e.code());
            assertTrue(s.isOpen());
            assertEquals("after", echo.send(MimeEntity.of("after")).get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
            draining.set(false);
            s.close().get(TIMEOUT, TimeUnit.SECONDS);
            s.closeFuture().get(TIMEOUT, TimeUnit.SECONDS);
            assertFalse(s.isOpen());
        }
    }
}