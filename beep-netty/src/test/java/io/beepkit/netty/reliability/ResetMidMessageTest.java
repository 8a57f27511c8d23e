package io.beepkit.netty.reliability;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.ManagedSession;
import io.beepkit.netty.ManagedSession.State;
import io.beepkit.netty.ReconnectPolicy;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A peer that resets the connection (SO_LINGER 0) after sending part of a message of several frames, over real
 * sockets on 127.0.0.1: complete frames of the message are already held for assembly, the last one is cut in its
 * payload. On a listener and on a {@link ManagedSession} every pending future fails with
 * {@link SessionClosedException}, the octets held for the message are given back, no buffer leaks (the leak check
 * extension fails the class otherwise), and the managed session connects again. {@link FaultInjectionTest} covers a
 * reset inside a single frame on a plain initiator.
 */
class ResetMidMessageTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final long BOUND_SECONDS = 10;
    private static final int FRAME = 1024;
    private static final String GREETING =
            ScriptedPeer.mgmt("<greeting><profile uri='" + StandardProfiles.ECHO + "'/></greeting>");
    private static final String PROFILE_OK = ScriptedPeer.mgmt("<profile uri='" + StandardProfiles.ECHO + "'/>");

    BeepServer server;
    BeepClient client;
    ScriptedPeer.Listening listening;

    @Test
    @DisplayName("listener: a reset in the middle of a MSG of several frames fails its own pending MSG "
            + "and frees the held frames")
    void listenerSeesResetMidMessage() throws Exception {
        AtomicInteger delivered = new AtomicInteger();
        AtomicReference<BeepSession> accepted = new AtomicReference<>();
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).onSession(accepted::set)
                .profile(StandardProfiles.ECHO, (message, responder) -> {
                    delivered.incrementAndGet();
                    responder.reply(message.entity());
                }).build().start().get(BOUND_SECONDS, TimeUnit.SECONDS));
        ScriptedPeer peer = ScriptedPeer.connect(server.port());
        peer.sendFrame("RPY", 0, 0, '.', 0, GREETING);
        peer.readUntil(f -> f.type() == FrameType.RPY && f.header().channel() == 0); // the listener's greeting
        peer.sendFrame("MSG", 0, 1, '.', octets(GREETING),
                ScriptedPeer.mgmt("<start number='1'><profile uri='" + StandardProfiles.ECHO + "'/></start>"));
        peer.readUntil(f -> f.type() == FrameType.RPY && f.header().channel() == 0);
        eventually("the listener's session has channel 1", () -> accepted.get() != null
                && accepted.get().channels().stream().anyMatch(c -> c.number() == 1));
        BeepSession session = accepted.get();
        BeepChannel channel = session.channels().stream().filter(c -> c.number() == 1).findFirst().orElseThrow();
        CompletableFuture<Reply> ours = channel.send(MimeEntity.of("the peer will never answer this"));
        peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 1);

        // Three whole frames of the peer's MSG (within the 4096-octet window), then a fourth cut in its payload.
        long before = server.memoryHeld();
        long seqno = 0;
        for (int i = 0; i < 3; i++) {
            peer.sendRaw(dataFrame("MSG", 0, '*', seqno, i == 0 ? "\r\n" + "a".repeat(FRAME - 2) : "b".repeat(FRAME)));
            seqno += FRAME;
        }
        eventually("the listener holds the frames", () -> server.memoryHeld() >= before + 3 * FRAME);
        peer.sendRaw("MSG 1 0 . " + seqno + " " + FRAME + "\r\n" + "c".repeat(FRAME / 2));
        Thread.sleep(100); // let the listener read the partial frame before the reset
        peer.abort();

        assertClosedFailure(ours);
        session.closeFuture().get(BOUND_SECONDS, TimeUnit.SECONDS);
        eventually("the listener forgets the session", () -> server.sessions().isEmpty());
        eventually("the listener holds nothing", () -> server.memoryHeld() == 0);
        assertEquals(0, delivered.get(), "a partly received message reached the handler");
    }

    @Test
    @DisplayName("managed initiator: a reset in the middle of a reply of several frames fails the send, "
            + "and it connects again")
    void managedSessionReconnectsAfterResetMidReply() throws Exception {
        listening = teardown.add(ScriptedPeer.listen());
        client = teardown.add(BeepClient.builder().build());
        StateLog states = new StateLog();
        ManagedSession managed = client.managedSession("127.0.0.1", listening.port())
                .policy(ReconnectPolicy.builder().initialDelay(Duration.ofMillis(50)).maxDelay(Duration.ofMillis(300))
                        .build())
                .channel(StandardProfiles.ECHO).listener(states).start();
        ScriptedPeer first = handshake(listening.accept());
        BeepSession firstSession = managed.whenConnected().get(BOUND_SECONDS, TimeUnit.SECONDS);
        CompletableFuture<Reply> pending = managed.channel(StandardProfiles.ECHO).send(MimeEntity.of("large, please"));
        first.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 1);
        first.sendRaw(dataFrame("RPY", 0, '*', 0, "\r\n" + "a".repeat(FRAME - 2)));
        first.sendRaw(dataFrame("RPY", 0, '*', FRAME, "b".repeat(FRAME)));
        first.sendRaw("RPY 1 0 . " + 2 * FRAME + " " + FRAME + "\r\n" + "c".repeat(FRAME / 3));
        Thread.sleep(100); // let the library read the partial frame before the reset
        long reset = System.nanoTime();
        first.abort();

        assertClosedFailure(pending);
        firstSession.closeFuture().get(BOUND_SECONDS, TimeUnit.SECONDS);
        states.awaitAfter(State.RECONNECTING, reset, BOUND_SECONDS * 1000);
        ScriptedPeer second = handshake(listening.accept());
        states.awaitAfter(State.CONNECTED, reset, BOUND_SECONDS * 1000);
        assertEquals(1, managed.reconnects());
        CompletableFuture<Reply> again = managed.channel(StandardProfiles.ECHO).send(MimeEntity.of("again"));
        ReadFrame msg = second.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 1);
        second.sendFrame("RPY", 1, msg.header().msgno(), '.', 0, "\r\nagain");
        assertEquals("again", again.get(BOUND_SECONDS, TimeUnit.SECONDS).entity().bodyText());

        second.close();
        listening.close();
        managed.close();
    }

    /** Greets a managed session's connection and accepts its start of channel 1 on echo. */
    private static ScriptedPeer handshake(ScriptedPeer peer) throws Exception {
        peer.sendFrame("RPY", 0, 0, '.', 0, GREETING);
        peer.readUntil(f -> f.type() == FrameType.RPY && f.header().channel() == 0);
        ReadFrame start = peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 0);
        peer.sendFrame("RPY", 0, start.header().msgno(), '.', octets(GREETING), PROFILE_OK);
        return peer;
    }

    /** A whole frame on channel 1 for msgno 0. */
    private static String dataFrame(String keyword, int msgno, char more, long seqno, String payload) {
        return keyword + " 1 " + msgno + " " + more + " " + seqno + " " + payload.length() + "\r\n"
                + payload + "END\r\n";
    }

    private static long octets(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    private static void assertClosedFailure(CompletableFuture<?> f) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(BOUND_SECONDS, TimeUnit.SECONDS),
                "still pending after " + BOUND_SECONDS + " s");
        assertInstanceOf(SessionClosedException.class, e.getCause(), () -> "failed with " + e.getCause());
    }

    private static void eventually(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + BOUND_SECONDS + " s: " + what);
            }
            Thread.sleep(10);
        }
    }
}
