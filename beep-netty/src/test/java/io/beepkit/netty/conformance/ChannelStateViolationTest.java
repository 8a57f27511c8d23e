package io.beepkit.netty.conformance;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.Responder;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static io.beepkit.netty.conformance.Violations.HOLD;
import static io.beepkit.netty.conformance.Violations.TIMEOUT;
import static io.beepkit.netty.conformance.Violations.assertFailsWith;
import static io.beepkit.netty.conformance.Violations.assertSessionEnded;
import static io.beepkit.netty.conformance.Violations.hold;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONFORMANCE #9 (a frame for a channel that is not open) and #10 (a MSG reusing a msgno that awaits our reply; a
 * reply to a msgno never sent or already answered), with the library as listener and as initiator.
 */
class ChannelStateViolationTest extends LibraryPeersTest {
    @Override
    BeepServer.Builder listener(BeepServer.Builder builder) {
        return holding(builder);
    }

    // ------------------------------------------------------------------ #9

    @Test
    @DisplayName("#9 a MSG on a channel that was never started terminates")
    void msgOnNeverStartedChannelTerminates() throws Exception {
        assertListenerTerminates(StandardProfiles.ECHO, (p, s) -> p.send("MSG", 3, 0, false, "\r\nhi"),
                "frame for channel 3, which is not open: MSG 3 0 . 0 4");
    }

    @Test
    @DisplayName("#9 a MSG on a channel after its close completed terminates")
    void msgOnClosedChannelTerminates() throws Exception {
        assertListenerTerminates(StandardProfiles.ECHO, (p, s) -> {
            p.startChannel(3, StandardProfiles.ECHO);
            ReadFrame ok = p.requestClose(3);
            assertEquals(FrameType.RPY, ok.type(), ok.toString());
            assertTrue(ok.text().contains("<ok"), ok.toString());
            p.send("MSG", 3, 0, false, "\r\nlate");
        }, "frame for channel 3, which is not open: MSG 3 0 . 0 6");
    }

    @Test
    @DisplayName("#9 a reply on a channel that is not open fails the initiator's pending MSG")
    void replyOnUnopenedChannelFailsPendingMsg() throws Exception {
        assertPendingMsgFails((peer, n) -> peer.send("RPY", 7, 0, false, "\r\npong"),
                n -> "frame for channel 7, which is not open");
    }

    // ------------------------------------------------------------------ #10 MSG reuse

    @Test
    @DisplayName("#10 a MSG reusing a msgno that still awaits our reply terminates")
    void msgReusingUnansweredMsgnoTerminates() throws Exception {
        assertListenerTerminates(HOLD, (p, s) -> {
            p.send("MSG", 1, 0, false, "\r\nfirst");
            assertNotNull(parked.poll(TIMEOUT, TimeUnit.SECONDS), "the first MSG reached the application");
            p.send("MSG", 1, 0, false, "\r\nagain");
        }, "channel 1: MSG 0 reuses a msgno that still awaits our reply");
    }

    @Test
    @DisplayName("#10/#11 a msgno may be reused once its reply went out (control)")
    void msgnoReusedAfterReplyIsAccepted() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, StandardProfiles.ECHO);
            peer.send("MSG", 1, 0, false, "\r\nfirst");
            assertTrue(peer.readData().text().endsWith("first"));
            peer.send("MSG", 1, 0, false, "\r\nsecond");
            ReadFrame again = peer.readData();
            assertEquals(0, again.header().msgno(), again.toString());
            assertTrue(again.text().endsWith("second"), again.toString());
        }
    }

    @Test
    @DisplayName("#10 a MSG reusing an unanswered msgno terminates the initiator too, failing its pending MSG")
    void msgReusingUnansweredMsgnoTerminatesInitiator() throws Exception {
        BlockingQueue<Responder> clientParked = new LinkedBlockingQueue<>();
        try (LibraryInitiator lib = LibraryInitiator.connect(client, HOLD)) {
            BeepChannel ch = lib.open(ChannelRequest.builder().profile(HOLD).handler(hold(clientParked)).build(), HOLD);
            int n = ch.number();
            CompletableFuture<Reply> ours = ch.send(MimeEntity.of("ours"));
            lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == n);
            // The listener calls the initiator on the same channel (RFC 3080 §2.7), then reuses the msgno.
            lib.peer.send("MSG", n, 0, false, "\r\ncall");
            assertNotNull(clientParked.poll(TIMEOUT, TimeUnit.SECONDS), "the listener's MSG reached the application");
            lib.peer.send("MSG", n, 0, false, "\r\ncall again");
            lib.peer.readUntilClosed();
            assertFailsWith(ours, SessionClosedException.class, "channel " + n + ": MSG 0 reuses a msgno");
            assertSessionEnded(lib.session);
        }
    }

    // ------------------------------------------------------------------ #10 replies to unknown msgnos

    @Test
    @DisplayName("#10 a RPY to a msgno the listener never sent terminates")
    void rpyToNeverSentMsgnoTerminates() throws Exception {
        assertListenerTerminates(StandardProfiles.ECHO, (p, s) -> p.send("RPY", 1, 0, false, "\r\nunasked"),
                "channel 1: RPY to msgno 0, which we never sent or which is already answered");
    }

    @Test
    @DisplayName("#10 a NUL to a msgno the listener never sent terminates")
    void nulToNeverSentMsgnoTerminates() throws Exception {
        assertListenerTerminates(StandardProfiles.ECHO, (p, s) -> p.send("NUL", 1, 4, false, ""),
                "channel 1: NUL to msgno 4, which we never sent");
    }

    @Test
    @DisplayName("#10 a second RPY to a MSG of the listener that is already answered terminates")
    void secondRpyToAnsweredMsgTerminatesListener() throws Exception {
        assertListenerTerminates(StandardProfiles.ECHO, (p, s) -> {
            BeepChannel ch = s.channels().iterator().next();
            CompletableFuture<Reply> call = ch.send(MimeEntity.of("call")); // the listener calls the initiator
            ReadFrame msg = p.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 1);
            p.send("RPY", 1, msg.header().msgno(), false, "\r\nanswer");
            assertEquals("answer", call.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
            p.send("RPY", 1, msg.header().msgno(), false, "\r\nanswer again");
        }, "channel 1: RPY to msgno 0, which we never sent or which is already answered");
    }

    @Test
    @DisplayName("#10 a RPY to a msgno the initiator never sent fails its pending MSG naming the msgno")
    void rpyToNeverSentMsgnoFailsInitiatorsPendingMsg() throws Exception {
        assertPendingMsgFails((peer, n) -> peer.send("RPY", n, 5, false, "\r\npong"),
                n -> "channel " + n + ": RPY to msgno 5, which we never sent");
    }

    @Test
    @DisplayName("#10 a second reply to an answered MSG fails the initiator's other pending MSG")
    void secondReplyToAnsweredMsgFailsInitiatorsOtherMsg() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            int n = ch.number();
            CompletableFuture<Reply> first = ch.send(MimeEntity.of("one"));
            CompletableFuture<Reply> second = ch.send(MimeEntity.of("two"));
            lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == n && f.header().msgno() == 1);
            lib.peer.send("RPY", n, 0, false, "\r\none");
            assertEquals("one", first.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
            lib.peer.send("ERR", n, 0, false, "\r\none again");
            lib.peer.readUntilClosed();
            assertFailsWith(second, SessionClosedException.class,
                    "channel " + n + ": ERR to msgno 0, which we never sent or which is already answered");
            assertSessionEnded(lib.session);
        }
    }
}
