package io.beepkit.bench;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Latencies in microseconds, recorded from any thread into log-linear buckets (16 per power of two: about 6 %
 * precision) in constant memory, for runs too long to keep every sample. {@link #snapshotAndReset()} gives the
 * counts of one reporting interval.
 */
final class LatencyHistogram {
    private static final int SUB = 16;
    static final int BUCKETS = 64 * SUB;

    private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);

    /** Records one latency. */
    void record(long nanos) {
        counts.incrementAndGet(index(Math.max(1, nanos / 1000)));
    }

    private static int index(long micros) {
        int power = 63 - Long.numberOfLeadingZeros(micros);
        if (power < 4) {
            return (int) micros; // 1..15 us exactly
        }
        int sub = (int) ((micros >>> (power - 4)) & (SUB - 1));
        return power * SUB + sub;
    }

    /** The lowest latency in microseconds that falls in bucket {@code i}. */
    private static long lowerBound(int i) {
        int power = i / SUB;
        if (power < 4) {
            return i;
        }
        return (1L << power) + ((long) (i % SUB) << (power - 4));
    }

    /** The counts so far, cleared for the next interval. */
    long[] snapshotAndReset() {
        long[] snap = new long[BUCKETS];
        for (int i = 0; i < BUCKETS; i++) {
            snap[i] = counts.getAndSet(i, 0);
        }
        return snap;
    }

    /** Adds {@code from} into {@code into} (for the whole run's percentiles). */
    static void add(long[] into, long[] from) {
        for (int i = 0; i < into.length; i++) {
            into[i] += from[i];
        }
    }

    /** The latency in microseconds below which {@code fraction} of the samples in {@code snap} fall; 0 if empty. */
    static long percentile(long[] snap, double fraction) {
        long total = 0;
        for (long c : snap) {
            total += c;
        }
        if (total == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(fraction * total);
        long seen = 0;
        for (int i = 0; i < snap.length; i++) {
            seen += snap[i];
            if (seen >= rank) {
                return lowerBound(i);
            }
        }
        return lowerBound(snap.length - 1);
    }

    /** Samples in {@code snap}. */
    static long count(long[] snap) {
        long total = 0;
        for (long c : snap) {
            total += c;
        }
        return total;
    }
}
