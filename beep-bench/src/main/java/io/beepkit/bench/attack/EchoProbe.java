package io.beepkit.bench.attack;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.netty.BeepClient;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A fresh, well-behaved session measuring echo round trips throughout the attack: one 64-octet echo at a time, a
 * pause of {@code gapMillis} between them, each latency recorded; an echo that fails or takes longer than 5 s counts
 * as an error (and as 5 s).
 */
final class EchoProbe implements AutoCloseable {
    private static final long TIMEOUT_MILLIS = 5_000;

    private final BeepClient client = BeepClient.builder().build();
    private final BeepSession session;
    private final BeepChannel channel;
    private final long gapMillis;
    private final Thread thread;
    private volatile boolean running = true;
    private final AtomicLong errors = new AtomicLong();
    private final Histogram histogram = new Histogram();
    private final AtomicLong maxMicros = new AtomicLong();
    private volatile String lastErrorText = "";
    private static final long SLOW_MICROS = 50_000;
    private static final int SLOW_KEPT = 500;
    private final List<String> slow = new ArrayList<>();

    /** A histogram of latencies in microseconds: log-linear buckets, 16 per power of two. */
    static final class Histogram {
        static final int BUCKETS = 64 * 16;
        private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);

        void record(long micros) {
            long m = Math.max(1, micros);
            int power = 63 - Long.numberOfLeadingZeros(m);
            int index = power < 4 ? (int) m : power * 16 + (int) ((m >>> (power - 4)) & 15);
            counts.incrementAndGet(index);
        }

        long[] snapshotAndReset() {
            long[] snap = new long[BUCKETS];
            for (int i = 0; i < BUCKETS; i++) {
                snap[i] = counts.getAndSet(i, 0);
            }
            return snap;
        }

        /** The upper bound in microseconds of the bucket holding the {@code fraction} quantile; 0 if empty. */
        static long percentile(long[] snap, double fraction) {
            long total = count(snap);
            if (total == 0) {
                return 0;
            }
            long rank = (long) Math.ceil(fraction * total);
            long seen = 0;
            for (int i = 0; i < snap.length; i++) {
                seen += snap[i];
                if (seen >= rank) {
                    int power = i / 16;
                    return power < 4 ? i : (1L << power) + ((long) (i % 16 + 1) << (power - 4));
                }
            }
            return Long.MAX_VALUE;
        }

        static long count(long[] snap) {
            long total = 0;
            for (long c : snap) {
                total += c;
            }
            return total;
        }

        static void add(long[] into, long[] from) {
            for (int i = 0; i < into.length; i++) {
                into[i] += from[i];
            }
        }
    }

    EchoProbe(int port, long gapMillis) throws Exception {
        this.gapMillis = gapMillis;
        this.session = client.connect("127.0.0.1", port).get(10, TimeUnit.SECONDS);
        this.channel = session.startChannel(NonReader.ECHO).get(10, TimeUnit.SECONDS);
        this.thread = new Thread(this::loop, "echo-probe");
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        byte[] body = new byte[64];
        while (running) {
            long t0 = System.nanoTime();
            try {
                channel.send(MimeEntity.of(body)).get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
                record(TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - t0));
            } catch (Exception e) {
                if (!running) {
                    return;
                }
                errors.incrementAndGet();
                lastErrorText = String.valueOf(e.getCause() != null ? e.getCause() : e);
                record(TimeUnit.MILLISECONDS.toMicros(TIMEOUT_MILLIS));
                if (!session.isOpen()) {
                    return;
                }
            }
            try {
                Thread.sleep(gapMillis);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void record(long micros) {
        histogram.record(micros);
        maxMicros.accumulateAndGet(micros, Math::max);
        if (micros >= SLOW_MICROS) {
            synchronized (slow) {
                if (slow.size() < SLOW_KEPT) {
                    slow.add(Instant.now().minusNanos(micros * 1000) + " " + micros / 1000 + " ms");
                }
            }
        }
    }

    /**
     * The echoes that took 50 ms or more (at most the first {@value #SLOW_KEPT}): when each was sent (UTC) and how
     * long it took, to be set beside the listener's GC log or flight recording.
     */
    List<String> slowEchoes() {
        synchronized (slow) {
            return List.copyOf(slow);
        }
    }

    /** The latencies since the last call. */
    long[] interval() {
        return histogram.snapshotAndReset();
    }

    /** The longest latency since the last call, in microseconds. */
    long maxAndReset() {
        return maxMicros.getAndSet(0);
    }

    long errors() {
        return errors.get();
    }

    String lastError() {
        return lastErrorText;
    }

    boolean sessionOpen() {
        return session.isOpen();
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(TIMEOUT_MILLIS + 1_000);
            session.close().get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            // closing anyway
        }
        client.close();
    }
}
