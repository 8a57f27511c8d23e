package io.beepkit.netty.conformance;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelStartRequest;
import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.StartDecision;
import io.beepkit.api.MessageTooLargeException;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.Responder;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static io.beepkit.netty.conformance.FlowControlViolationTest.body;
import static io.beepkit.netty.conformance.Violations.HOLD;
import static io.beepkit.netty.conformance.Violations.TIMEOUT;
import static io.beepkit.netty.conformance.Violations.assertFailsWith;
import static io.beepkit.netty.conformance.Violations.assertOtherSessionsWork;
import static io.beepkit.netty.conformance.Violations.assertSessionEnded;
import static io.beepkit.netty.conformance.Violations.hold;
import static io.beepkit.netty.conformance.Violations.pendingStart;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONFORMANCE #37 (each configured limit: max message size, max channels, max outstanding MSGs; the frame-size
 * limit is in {@link FramingViolationTest}) and #38 (a peer that never acknowledges holds a bounded amount of the
 * library's memory).
 */
class ResourceLimitTest extends LibraryPeersTest {
    static final int MAX_MESSAGE = 1000;
    static final int MAX_CHANNELS = 2;
    static final int MAX_OUTSTANDING = 2;
    static final SessionConfig LIMITED = SessionConfig.builder().limits(SessionLimits.builder()
            .maxMessageSize(MAX_MESSAGE).maxChannels(MAX_CHANNELS).maxOutstanding(MAX_OUTSTANDING).build()).build();

    BeepClient limitedClient;

    @Override
    BeepServer.Builder listener(BeepServer.Builder builder) {
        return holding(builder.session(LIMITED));
    }

    @BeforeEach
    void startLimitedClient() {
        limitedClient = teardown.add(BeepClient.builder().session(LIMITED).build());
    }

    // ------------------------------------------------------------------ max message size

    @Test
    @DisplayName("#37 a MSG over the maximum message size gets ERR 550 naming the limit; the session survives")
    void oversizedMsgGetsErrAndSessionSurvives() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, StandardProfiles.ECHO);
            peer.send("MSG", 1, 0, false, body(MAX_MESSAGE + 500));
            ReadFrame err = peer.readData();
            assertEquals(FrameType.ERR, err.type(), err.toString());
            assertEquals(0, err.header().msgno(), err.toString());
            assertTrue(err.text().contains("code='550'") || err.text().contains("code=\"550\""), err.toString());
            assertTrue(err.text().contains("maximum size of " + MAX_MESSAGE + " octets"), err.toString());
            peer.send("MSG", 1, 1, false, "\r\nsmall");
            ReadFrame echo = peer.readData();
            assertEquals(FrameType.RPY, echo.type(), echo.toString());
            assertTrue(echo.text().endsWith("small"), echo.toString());
        }
    }

    @Test
    @DisplayName("#37/#25 a multi-frame MSG over the limit is refused before its last frame and the rest dropped")
    void oversizedMultiFrameMsgIsRefusedEarlyAndTheRestDropped() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, StandardProfiles.ECHO);
            peer.send("MSG", 1, 0, true, body(600)).send("MSG", 1, 0, true, body(600)); // 1204 > 1000
            ReadFrame err = peer.readData(); // before we send the final frame
            assertEquals(FrameType.ERR, err.type(), err.toString());
            assertTrue(err.text().contains("maximum size of " + MAX_MESSAGE), err.toString());
            peer.send("MSG", 1, 0, true, body(600)).send("MSG", 1, 0, false, "end"); // dropped
            peer.send("MSG", 1, 1, false, "\r\nnext");
            ReadFrame echo = peer.readData();
            assertEquals("RPY 1 1 . " + err.payload().length + " " + echo.payload().length, echo.header().toString());
            assertTrue(echo.text().endsWith("next"), echo.toString());
        }
    }

    @Test
    @DisplayName("#37 a reply over the maximum message size fails that MSG naming the limit; the session survives")
    void oversizedReplyFailsItsMsgAndSessionSurvives() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(limitedClient, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            int n = ch.number();
            CompletableFuture<Reply> big = ch.send(MimeEntity.of("big"));
            lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == n);
            lib.peer.send("RPY", n, 0, true, body(700)).send("RPY", n, 0, false, body(700));
            assertFailsWith(big, MessageTooLargeException.class,
                    "reply to msgno 0 on channel " + n, "maximum message size of " + MAX_MESSAGE + " octets");
            CompletableFuture<Reply> small = ch.send(MimeEntity.of("small"));
            ReadFrame msg = lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == n);
            lib.peer.send("RPY", n, msg.header().msgno(), false, msg.payload());
            assertEquals("small", small.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
        }
    }

    // ------------------------------------------------------------------ max channels

    @Test
    @DisplayName("#37 a start beyond the maximum number of channels gets ERR 550; a channel frees a slot on close")
    void startBeyondMaxChannelsIsRefused() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, StandardProfiles.ECHO).startChannel(3, StandardProfiles.ECHO);
            ReadFrame refused = peer.requestStart(5, StandardProfiles.ECHO);
            assertEquals(FrameType.ERR, refused.type(), refused.toString());
            assertTrue(refused.text().contains("550"), refused.toString());
            assertTrue(refused.text().contains("too many channels (limit " + MAX_CHANNELS + ")"), refused.toString());
            assertTrue(peer.requestClose(3).text().contains("<ok"));
            peer.startChannel(5, StandardProfiles.ECHO);
            peer.send("MSG", 5, 0, false, "\r\nfive");
            assertTrue(peer.readData().text().endsWith("five"));
        }
    }

    @Test
    @DisplayName("#37 the initiator refuses to start more channels than its limit, locally, naming the limit")
    void initiatorStartBeyondMaxChannelsFailsLocally() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(limitedClient, StandardProfiles.ECHO)) {
            lib.open(StandardProfiles.ECHO);
            BeepChannel second = lib.open(StandardProfiles.ECHO);
            CompletableFuture<BeepChannel> third = lib.session.startChannel(StandardProfiles.ECHO);
            assertFailsWith(third, BeepException.class, "too many channels (limit " + MAX_CHANNELS + ")");
            // The peer's start of a channel on the full session is refused too, and the session stays usable.
            ReadFrame refused = lib.peer.requestStart(2, StandardProfiles.ECHO);
            assertEquals(FrameType.ERR, refused.type(), refused.toString());
            assertTrue(refused.text().contains("too many channels"), refused.toString());
            CompletableFuture<Reply> r = second.send(MimeEntity.of("ok"));
            ReadFrame msg = lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == second.number());
            lib.peer.send("RPY", second.number(), msg.header().msgno(), false, msg.payload());
            assertEquals("ok", r.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
        }
    }

    // ------------------------------------------------------------------ max outstanding MSGs

    @Test
    @DisplayName("#37 a peer exceeding the outstanding-MSG limit of a channel is terminated (deliberate: no ERR)")
    void peerExceedingOutstandingLimitIsTerminated() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            BeepSession session = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
            peer.startChannel(1, HOLD);
            CompletableFuture<BeepChannel> pending = pendingStart(session, peer);
            for (int msgno = 0; msgno < MAX_OUTSTANDING; msgno++) {
                peer.send("MSG", 1, msgno, false, "\r\nwait");
                assertNotNull(parked.poll(TIMEOUT, TimeUnit.SECONDS), "MSG " + msgno + " reached the application");
            }
            peer.send("MSG", 1, MAX_OUTSTANDING, false, "\r\none too many");
            List<ReadFrame> after = peer.readUntilClosed();
            assertTrue(after.stream().noneMatch(f -> f.header().channel() == 1 && f.type() != FrameType.SEQ),
                    after::toString);
            assertFailsWith(pending, SessionClosedException.class,
                    "channel 1: peer has more than " + MAX_OUTSTANDING + " MSGs awaiting replies");
            assertSessionEnded(session);
        }
        assertOtherSessionsWork(limitedClient, server.port());
    }

    @Test
    @DisplayName("#37 channel-0 requests count against the outstanding limit too: queued control MSGs are bounded")
    void peerExceedingOutstandingLimitOnChannelZeroIsTerminated() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch deciding = new CountDownLatch(1);
        MessageHandler slowStart = new MessageHandler() {
            @Override
            public StartDecision onStart(ChannelStartRequest request) {
                deciding.countDown();
                try {
                    release.await(TIMEOUT, TimeUnit.SECONDS); // the application takes its time to decide
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return StartDecision.accept();
            }

            @Override
            public void onMessage(Message message, Responder responder) {
                responder.reply(message.entity());
            }
        };
        try (BeepServer slow = BeepServer.builder().bind("127.0.0.1", 0).session(LIMITED)
                .profile("urn:beepkit:test:slow-start", slowStart).onSession(serverSessions::add).build().start().join();
             WirePeer peer = WirePeer.initiator(slow.port())) {
            BeepSession session = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
            String uri = "urn:beepkit:test:slow-start";
            CompletableFuture<BeepChannel> pending = pendingStart(session, peer);
            peer.send("MSG", 0, 1, false, start(1, uri));
            assertTrue(deciding.await(TIMEOUT, TimeUnit.SECONDS), "the first start reached the application");
            peer.send("MSG", 0, 2, false, start(3, uri)); // two channel-0 MSGs await replies: the limit
            peer.send("MSG", 0, 3, false, start(5, uri)); // one too many
            List<ReadFrame> after = peer.readUntilClosed();
            release.countDown();
            assertTrue(after.stream().allMatch(f -> f.type() == FrameType.SEQ), after::toString);
            assertFailsWith(pending, SessionClosedException.class,
                    "channel 0: peer has more than " + MAX_OUTSTANDING + " MSGs awaiting replies");
            assertSessionEnded(session);
        } finally {
            release.countDown();
        }
    }

    private static String start(int number, String uri) {
        return ScriptedPeer.mgmt("<start number='" + number + "'><profile uri='" + uri
                + "'/></start>");
    }

    @Test
    @DisplayName("#37 the initiator's MSG beyond its outstanding limit fails locally naming the limit; the session survives")
    void initiatorMsgBeyondOutstandingLimitFailsLocally() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(limitedClient, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            int n = ch.number();
            CompletableFuture<Reply> first = ch.send(MimeEntity.of("1"));
            CompletableFuture<Reply> second = ch.send(MimeEntity.of("2"));
            CompletableFuture<Reply> third = ch.send(MimeEntity.of("3"));
            assertFailsWith(third, BeepException.class, MAX_OUTSTANDING + " MSGs already await replies");
            assertFalse(first.isDone() || second.isDone());
            ReadFrame m0 = lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == n);
            lib.peer.send("RPY", n, m0.header().msgno(), false, m0.payload());
            assertEquals("1", first.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
            CompletableFuture<Reply> fourth = ch.send(MimeEntity.of("4")); // a slot is free again
            ReadFrame m1 = lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == n);
            lib.peer.send("RPY", n, m1.header().msgno(), false, m1.payload());
            ReadFrame m2 = lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == n);
            lib.peer.send("RPY", n, m2.header().msgno(), false, m2.payload());
            assertEquals("2", second.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
            assertEquals("4", fourth.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
        }
    }

    // ------------------------------------------------------------------ #38 a peer that never acknowledges

    @Test
    @DisplayName("#38 a peer that never sends SEQ cannot make the listener queue more than a bounded amount")
    void peerThatNeverAcknowledgesHoldsBoundedMemory() throws Exception {
        int window = SessionConfig.defaults().flow().maxWindow();
        int msgSize = 16 * 1024;
        // What the peer may make us hold: a backlog of replies up to our (auto-grown) receive window, plus one
        // window of MSGs credited before the backlog filled, plus the message in progress.
        long bound = 2L * window + msgSize;
        long cap = 8 * bound; // give up proving it beyond this
        try (BeepServer echo = BeepServer.builder().bind("127.0.0.1", 0).build().start().join();
             WirePeer peer = WirePeer.initiator(echo.port())) {
            peer.startChannel(1, StandardProfiles.ECHO).startChannel(3, StandardProfiles.ECHO);
            byte[] msg = body(msgSize - 2);
            int msgno = 0;
            int probe = 0;
            while (peer.sentOn(1) < cap) {
                if (peer.libraryWindowOpen(1) >= msg.length) {
                    peer.send("MSG", 1, msgno++, false, msg);
                    continue;
                }
                // Window closed: does the library open it again although none of its replies can leave?
                long before = peer.libraryWindowOpen(1);
                peer.send("MSG", 3, probe++, false, "\r\nprobe");
                peer.readUntil(f -> f.type() != FrameType.SEQ && f.header().channel() == 3);
                peer.seq(3, 4096);
                if (peer.libraryWindowOpen(1) == before) {
                    break; // the library stopped crediting: it holds what it has
                }
            }
            long accepted = peer.sentOn(1);
            long sentBack = peer.receivedOn(1);
            assertEquals(4096, sentBack, "the library sent exactly our window of replies");
            assertTrue(accepted <= bound, "the library accepted " + accepted + " octets of MSGs from a peer that "
                    + "acknowledged none of its " + sentBack + " octets of replies (bound " + bound + ")");
            // A peer that was only slow: once it reads, every reply arrives and the library credits it again.
            while (peer.receivedOn(1) < accepted) {
                long target = Math.min(accepted, peer.receivedOn(1) + 65536);
                peer.seq(1, 65536);
                while (peer.receivedOn(1) < target) {
                    peer.readUntil(f -> f.type() != FrameType.SEQ && f.header().channel() == 1);
                }
            }
            // Credited again, though perhaps only the RFC's 4096 octets: after a stall the window tuner drains the
            // path at its minimum window until data flows again.
            FlowControlViolationTest.awaitWindow(peer, 1, 4096);
            peer.send("MSG", 1, msgno, false, "\r\nafter");
            ReadFrame last = peer.readUntil(f -> f.type() != FrameType.SEQ && f.header().channel() == 1);
            assertEquals(msgno, last.header().msgno(), last.toString());
            assertTrue(last.text().endsWith("after"), last.toString());
        }
    }
}
