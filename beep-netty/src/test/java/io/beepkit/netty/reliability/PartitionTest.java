package io.beepkit.netty.reliability;

import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SocketOptions;
import io.beepkit.netty.LivenessProbe;
import io.beepkit.netty.ManagedSession;
import io.beepkit.netty.ManagedSession.State;
import io.beepkit.netty.ReconnectPolicy;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A silent network partition between a {@link ManagedSession} and its listener: the listener runs in a child JVM in
 * a network namespace of its own ({@link NetnsLink}), the link is cut (packets dropped, no FIN, no RST, no ICMP error
 * for the established connection) and later restored. With a liveness probe of 2 s / 3 s the partition is detected
 * within the probe's bound (5 s, asserted with a margin: within 10 s), an exchange in flight fails with a typed
 * exception, and once the link is back the managed session reconnects within one backoff step (at most the policy's
 * largest delay, 1 s, plus an attempt still waiting out its 1 s connect timeout, plus a margin). Prints the measured
 * figures. Needs root and iproute2; skipped otherwise.
 */
class PartitionTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final LivenessProbe PROBE = LivenessProbe.of(Duration.ofSeconds(2), Duration.ofSeconds(3));
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
    static final ReconnectPolicy POLICY = ReconnectPolicy.builder().initialDelay(Duration.ofMillis(250))
            .maxDelay(Duration.ofSeconds(1)).multiplier(2).maxAttempts(0).build();
    /** How late timers, callbacks and the child JVM may be on a loaded 2-core machine. */
    static final long MARGIN_MS = 5_000;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    @DisplayName("a silent partition is detected within the probe's bound; "
            + "the session is back one backoff step after the heal")
    void silentPartitionDetectedAndHealed() throws Exception {
        NetnsLink link = teardown.add(NetnsLink.create());
        NamespacedListener listener = teardown.add(NamespacedListener.start(link));
        BeepClient client = teardown.add(BeepClient.builder().session(SessionConfig.builder().livenessProbe(PROBE)
                .socket(SocketOptions.builder().connectTimeout(CONNECT_TIMEOUT).build()).build()).build());
        StateLog states = new StateLog();
        ManagedSession managed = teardown.add(client.managedSession(link.farAddress(), listener.port())
                .policy(POLICY).channel(StandardProfiles.ECHO).listener(states).start());
        managed.whenConnected().get(30, TimeUnit.SECONDS);
        assertEquals("before", echo(managed, "before"));
        // Longer than the probe interval: a quiet session whose peer answers the probe stays up.
        Thread.sleep(PROBE.interval().toMillis() + 1_500);
        assertEquals(State.CONNECTED, managed.state(), () -> "a quiet, reachable peer: " + states);
        assertEquals(0, managed.reconnects());

        long cut = System.nanoTime();
        link.partition();
        CompletableFuture<Reply> inFlight =
                managed.channel(StandardProfiles.ECHO).send(MimeEntity.of("sent into the partition"));
        long detectedAt = states.awaitAfter(State.RECONNECTING, cut, 30_000);
        long detectionMs = TimeUnit.NANOSECONDS.toMillis(detectedAt - cut);
        ExecutionException failed = assertThrows(ExecutionException.class,
                () -> inFlight.get(10, TimeUnit.SECONDS), "the exchange in flight is still pending");
        assertInstanceOf(SessionClosedException.class, failed.getCause());

        // Stay cut for a few attempts: each one times out (SYNs are dropped too) or finds no route to the
        // host once the neighbour lookup gives up, and backs off.
        Thread.sleep(3_000);
        long waitForAttempt = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!managed.lastFailure().map(Throwable::getMessage).orElse("")
                .startsWith("cannot connect to " + link.farAddress())) {
            assertTrue(System.nanoTime() - waitForAttempt < 0,
                    () -> "no failed attempt while partitioned: " + managed.lastFailure());
            Thread.sleep(20);
        }
        assertEquals(State.RECONNECTING, managed.state(), () -> "while partitioned: " + states);
        String lastFailureWhileCut = managed.lastFailure()
                .map(f -> f.getCause() == null ? f.toString()
                        : f + ", cause " + f.getCause().getClass().getName())
                .orElse("none");

        long healed = System.nanoTime();
        link.heal();
        long backAt = states.awaitAfter(State.CONNECTED, healed, 30_000);
        long recoveryMs = TimeUnit.NANOSECONDS.toMillis(backAt - healed);
        assertEquals("after", echo(managed, "after"));
        assertEquals(1, managed.reconnects());

        System.out.printf("partition test: liveness probe %d s + %d s (bound %d ms): partition detected "
                        + "after %d ms; backoff up to %d ms, connect timeout %d ms: connected again %d ms "
                        + "after the heal (last failure while partitioned: %s)%n",
                PROBE.interval().toSeconds(), PROBE.timeout().toSeconds(), PROBE.detectionBound().toMillis(),
                detectionMs, POLICY.maxDelay().toMillis(), CONNECT_TIMEOUT.toMillis(), recoveryMs,
                lastFailureWhileCut);
        assertTrue(detectionMs <= PROBE.detectionBound().toMillis() + MARGIN_MS,
                "partition detected after " + detectionMs + " ms: " + states);
        long step = POLICY.maxDelay().toMillis() + CONNECT_TIMEOUT.toMillis();
        assertTrue(recoveryMs <= step + MARGIN_MS,
                "connected again " + recoveryMs + " ms after the heal: " + states);
        assertSame(managed.session(), managed.whenConnected().getNow(null));
    }

    static String echo(ManagedSession managed, String text) throws Exception {
        return managed.channel(StandardProfiles.ECHO).send(MimeEntity.of(text)).get(10, TimeUnit.SECONDS)
                .entity().bodyText();
    }
}
