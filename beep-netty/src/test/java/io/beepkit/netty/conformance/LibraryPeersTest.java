package io.beepkit.netty.conformance;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.Responder;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import static io.beepkit.netty.conformance.Violations.HOLD;
import static io.beepkit.netty.conformance.Violations.TIMEOUT;
import static io.beepkit.netty.conformance.Violations.assertFailsWith;
import static io.beepkit.netty.conformance.Violations.assertOtherSessionsWork;
import static io.beepkit.netty.conformance.Violations.assertSessionEnded;
import static io.beepkit.netty.conformance.Violations.hold;
import static io.beepkit.netty.conformance.Violations.pendingStart;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The library in both roles for the conformance tests that face it with a scripted peer: a listener on a free
 * loopback port that queues each session it accepts in {@link #serverSessions}, and an initiator, started before each
 * test (a subclass's own {@code @BeforeEach} runs after this one's) and closed after it by {@link #teardown}, which a
 * subclass uses for what it builds itself. A test class adds to either by overriding {@link #listener} or
 * {@link #initiator}.
 */
abstract class LibraryPeersTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    BeepServer server;
    BeepClient client;
    final BlockingQueue<BeepSession> serverSessions = new LinkedBlockingQueue<>();
    /** The responders of the {@link Violations#HOLD} profile, when {@link #holding} added it to the listener. */
    final BlockingQueue<Responder> parked = new LinkedBlockingQueue<>();

    /** The listener beyond its address and session queue; as built by default unless overridden. */
    BeepServer.Builder listener(BeepServer.Builder builder) {
        return builder;
    }

    /** The initiator; as built by default unless overridden. */
    BeepClient.Builder initiator(BeepClient.Builder builder) {
        return builder;
    }

    /** {@code builder} with the {@link Violations#HOLD} profile, which parks each responder in {@link #parked}. */
    final BeepServer.Builder holding(BeepServer.Builder builder) {
        return builder.profile(HOLD, hold(parked));
    }

    @BeforeEach
    final void startLibrary() {
        server = teardown.add(listener(BeepServer.builder().bind("127.0.0.1", 0)).onSession(serverSessions::add)
                .build().start().join());
        client = teardown.add(initiator(BeepClient.builder()).build());
    }

    /** What a scripted initiator does wrong once channel 1 is open and a start request of the library is pending. */
    @FunctionalInterface
    interface Violation {
        void run(WirePeer peer, BeepSession librarySession) throws Exception;
    }

    /** What a scripted initiator does wrong, where the library's session does not matter. */
    @FunctionalInterface
    interface PeerViolation {
        void run(WirePeer peer) throws Exception;
    }

    /** {@link #assertListenerTerminates(String, Violation, String...)} on an echo channel. */
    void assertListenerTerminates(PeerViolation violation, String... named) throws Exception {
        assertListenerTerminates(StandardProfiles.ECHO, (peer, session) -> violation.run(peer), named);
    }

    /**
     * A scripted initiator opens channel 1 on {@code profile}, leaves a start request of the library pending, runs
     * {@code violation}; asserts the library closes without answering on channel 1 and fails the pending start
     * naming {@code named}; then checks another session works.
     */
    void assertListenerTerminates(String profile, Violation violation, String... named) throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            BeepSession session = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
            peer.startChannel(1, profile);
            CompletableFuture<BeepChannel> pending = pendingStart(session, peer);
            violation.run(peer, session);
            List<ReadFrame> after = peer.readUntilClosed();
            assertTrue(after.stream().noneMatch(f -> f.header().channel() == 1 && f.type() != FrameType.SEQ),
                    () -> "the library answered on channel 1: " + after);
            assertFailsWith(pending, SessionClosedException.class, named);
            assertSessionEnded(session);
        }
        assertOtherSessionsWork(client, server.port());
    }

    /** What a scripted listener does wrong once the library's MSG on echo channel {@code channel} has arrived. */
    @FunctionalInterface
    interface ReplyViolation {
        void run(WirePeer peer, int channel) throws Exception;
    }

    /**
     * The library as initiator opens an echo channel on a scripted listener and sends one MSG; once it has arrived
     * the listener runs {@code violation}. Asserts the library closes the session and fails the MSG's reply naming
     * {@code named} (given the channel's number).
     */
    void assertPendingMsgFails(ReplyViolation violation, IntFunction<String> named) throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            CompletableFuture<Reply> reply = ch.send(MimeEntity.of("ping"));
            lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == ch.number());
            violation.run(lib.peer, ch.number());
            lib.peer.readUntilClosed();
            assertFailsWith(reply, SessionClosedException.class, named.apply(ch.number()));
            assertSessionEnded(lib.session);
        }
    }
}
