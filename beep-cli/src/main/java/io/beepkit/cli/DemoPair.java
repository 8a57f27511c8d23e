package io.beepkit.cli;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.TransferStats;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.diagnostics.TcpSegmentCounter;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One case's embedded loopback pair for {@code beep demo}: a listener and an initiator, both with one socket
 * profile, and one sink channel between them. It stays open for the whole demo, so every round of the case runs on a
 * warm path and the rounds of all cases can take turns.
 */
final class DemoPair implements AutoCloseable {
    private final SocketTuning profile;
    private final BeepServer server;
    private final BeepClient client;
    private final BeepSession session;
    private final BeepChannel channel;

    private DemoPair(SocketTuning profile, BeepServer server, BeepClient client, BeepSession session,
                     BeepChannel channel) {
        this.profile = profile;
        this.server = server;
        this.client = client;
        this.session = session;
        this.channel = channel;
    }

    /** Starts a listener and an initiator with {@code profile} and opens a sink channel between them. */
    static DemoPair open(SocketTuning profile) throws Exception {
        SessionConfig config = SessionConfig.builder().tuning(profile).build();
        BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).session(config).build()
                .start().get(10, TimeUnit.SECONDS);
        BeepClient client = null;
        try {
            client = BeepClient.builder().session(config).build();
            BeepSession session = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
            BeepChannel channel = session.startChannel(StandardProfiles.SINK).get(10, TimeUnit.SECONDS);
            return new DemoPair(profile, server, client, session, channel);
        } catch (Exception | Error e) {
            if (client != null) {
                client.close();
            }
            server.close(Duration.ofSeconds(2));
            throw e;
        }
    }

    SocketTuning profile() {
        return profile;
    }

    /** One round: {@code size}-octet messages for {@code time}, {@code inFlight} of them outstanding at any moment. */
    DemoRound measure(int size, int inFlight, Duration time) throws Exception {
        MimeEntity message = MimeEntity.of(new byte[size - 2]);
        TransferStats s0 = channel.stats();
        long segments0 = TcpSegmentCounter.outSegments();
        long start = System.nanoTime();
        long n = pump(message, inFlight, start + time.toNanos());
        long now = System.nanoTime();
        long segments1 = TcpSegmentCounter.outSegments();
        TransferStats s1 = channel.stats();
        return new DemoRound(n, (now - start) / 1e9, s1.framesSent() - s0.framesSent(),
                s1.smallFramesSent() - s0.smallFramesSent(), s1.bytesSent() - s0.bytesSent(),
                segments0 < 0 || segments1 < 0 ? -1 : segments1 - segments0);
    }

    /** Sends until {@code endNanos} keeping {@code inFlight} outstanding, waits for every reply, returns the count. */
    private long pump(MimeEntity message, int inFlight, long endNanos) throws Exception {
        Semaphore window = new Semaphore(inFlight);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long n = 0;
        do {
            if (!window.tryAcquire(10, TimeUnit.SECONDS)) {
                throw new TimeoutException("no reply within 10 s");
            }
            channel.send(message).whenComplete((r, e) -> {
                if (e != null) {
                    failure.compareAndSet(null, e);
                }
                window.release();
            });
            n++;
        } while (System.nanoTime() < endNanos && failure.get() == null);
        if (!window.tryAcquire(inFlight, 10, TimeUnit.SECONDS)) { // every reply is in
            throw new TimeoutException("no reply within 10 s");
        }
        if (failure.get() != null) {
            throw new ExecutionException(failure.get());
        }
        return n;
    }

    @Override
    public void close() {
        try {
            session.close().orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
            if (session.isOpen()) {
                session.terminate();
            }
        } finally {
            client.close();
            server.close(Duration.ofSeconds(2));
        }
    }

    /** What one round measured: messages, seconds, the initiator's frames and octets, and TCP segments both ways. */
    record DemoRound(long messages, double seconds, long frames, long tinyFrames, long bytes, long segments) {
        double msgsPerSecond() {
            return messages / seconds;
        }
    }
}
