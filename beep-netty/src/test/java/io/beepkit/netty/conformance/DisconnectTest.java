package io.beepkit.netty.conformance;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.Responder;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.testing.ScriptedPeer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.beepkit.netty.conformance.FlowControlViolationTest.awaitWindow;
import static io.beepkit.netty.conformance.FlowControlViolationTest.body;
import static io.beepkit.netty.conformance.Violations.HOLD;
import static io.beepkit.netty.conformance.Violations.TIMEOUT;
import static io.beepkit.netty.conformance.Violations.assertFailsWith;
import static io.beepkit.netty.conformance.Violations.assertOtherSessionsWork;
import static io.beepkit.netty.conformance.Violations.assertSessionEnded;
import static io.beepkit.netty.conformance.Violations.pendingStart;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONFORMANCE #39: an abrupt disconnect in the middle of a message (FIN or RST), or a half-close, fails every pending
 * operation of the session promptly with {@link SessionClosedException}; partly assembled messages and queued
 * replies are released (the leak detector of every test class checks it); nothing hangs.
 */
class DisconnectTest extends LibraryPeersTest {
    @Override
    BeepServer.Builder listener(BeepServer.Builder builder) {
        return holding(builder);
    }

    @FunctionalInterface
    interface Disconnect {
        void run(ScriptedPeer peer) throws Exception;
    }

    /**
     * The library as initiator with a MSG whose reply is half received (one '*' frame and part of the next frame),
     * another MSG unanswered and a start request pending, when the listener disconnects with {@code how}.
     */
    private void assertInitiatorFailsEverythingPending(Disconnect how) throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            int n = ch.number();
            CompletableFuture<Reply> halfAnswered = ch.send(MimeEntity.of("one"));
            CompletableFuture<Reply> unanswered = ch.send(MimeEntity.of("two"));
            lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == n && f.header().msgno() == 1);
            CompletableFuture<BeepChannel> starting = lib.session.startChannel(StandardProfiles.ECHO);
            lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 0);
            lib.peer.send("RPY", n, 0, true, "\r\npart of the reply");
            lib.peer.sendRaw("RPY " + n + " 0 . " + lib.peer.nextSeqno(n) + " 100\r\nonly some of");
            how.run(lib.peer.raw);
            assertFailsWith(halfAnswered, SessionClosedException.class, "session with");
            assertFailsWith(unanswered, SessionClosedException.class, "session with");
            assertFailsWith(starting, SessionClosedException.class, "session with");
            assertSessionEnded(lib.session);
            assertFailsWith(ch.send(MimeEntity.of("late")), BeepException.class);
            assertFailsWith(lib.session.startChannel(StandardProfiles.ECHO), SessionClosedException.class, "session with");
        }
    }

    @Test
    @DisplayName("#39 a listener closing (FIN) mid-reply fails the initiator's pending MSGs and start")
    void finMidReplyFailsInitiatorsPendingOperations() throws Exception {
        assertInitiatorFailsEverythingPending(ScriptedPeer::close);
    }

    @Test
    @DisplayName("#39 a listener resetting (RST) mid-reply fails the initiator's pending MSGs and start")
    void resetMidReplyFailsInitiatorsPendingOperations() throws Exception {
        assertInitiatorFailsEverythingPending(ScriptedPeer::abort);
    }

    @Test
    @DisplayName("#39 a listener half-closing mid-reply makes the initiator close too and fail what is pending")
    void halfCloseMidReplyClosesAndFailsInitiatorsPendingOperations() throws Exception {
        assertInitiatorFailsEverythingPending(peer -> {
            peer.shutdownOutput();
            peer.readUntilClosed(); // the library closes its side as well: it will not wait for the rest
        });
    }

    @Test
    @DisplayName("#39 a listener closing before its greeting fails connect promptly")
    void closeBeforeGreetingFailsConnect() throws Exception {
        try (ScriptedPeer.Listening listening = ScriptedPeer.listen()) {
            CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", listening.port());
            listening.accept().close();
            assertFailsWith(connecting, SessionClosedException.class, "closed before greetings completed");
        }
    }

    @Test
    @DisplayName("#39 an initiator resetting mid-MSG ends the listener's session: pending work fails, late replies drop")
    void resetMidMsgEndsListenerSession() throws Exception {
        BeepSession session;
        CompletableFuture<BeepChannel> pending;
        Responder late;
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            session = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
            peer.startChannel(1, HOLD).startChannel(3, StandardProfiles.ECHO);
            peer.send("MSG", 1, 0, false, "\r\nanswer me later");
            late = parked.poll(TIMEOUT, TimeUnit.SECONDS);
            assertNotNull(late, "the MSG reached the application");
            // A large echo whose reply cannot leave (our window stays at 4096) sits in the library's queue ...
            byte[] big = body(20_000);
            awaitWindow(peer, 3, big.length);
            peer.send("MSG", 3, 0, false, big);
            peer.readUntil(f -> f.type() == FrameType.RPY && f.header().channel() == 3);
            // ... and a MSG on channel 1 is half assembled when the connection is reset.
            peer.send("MSG", 1, 1, true, "\r\nfirst half");
            pending = pendingStart(session, peer);
            peer.raw.abort();
        }
        assertFailsWith(pending, SessionClosedException.class, "session with");
        assertSessionEnded(session);
        assertFalse(server.sessions().contains(session), "the server still lists the ended session");
        late.reply(MimeEntity.of("too late")); // must neither throw nor leak
        assertOtherSessionsWork(client, server.port());
    }

    @Test
    @DisplayName("#39 an initiator half-closing makes the listener close: it cannot finish a MSG it will never get")
    void halfCloseMidMsgMakesListenerClose() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            BeepSession session = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
            peer.startChannel(1, StandardProfiles.ECHO);
            peer.send("MSG", 1, 0, true, "\r\nhalf a message");
            CompletableFuture<BeepChannel> pending = pendingStart(session, peer);
            peer.raw.shutdownOutput();
            peer.readUntilClosed();
            assertFailsWith(pending, SessionClosedException.class, "session with");
            assertSessionEnded(session);
        }
    }

    @Test
    @DisplayName("#39 terminate() by the application fails the session's pending operations at once")
    void applicationTerminateFailsPendingOperations() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            CompletableFuture<Reply> reply = ch.send(MimeEntity.of("never answered"));
            lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == ch.number());
            lib.session.terminate();
            assertFailsWith(reply, SessionClosedException.class, "session with");
            lib.peer.readUntilClosed();
            assertSessionEnded(lib.session);
            assertEquals(0, lib.session.channels().size());
            assertTrue(!ch.isOpen());
        }
    }
}
