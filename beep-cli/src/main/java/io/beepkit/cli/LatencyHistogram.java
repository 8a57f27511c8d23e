package io.beepkit.cli;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A lock-free log-linear histogram of nanosecond latencies: exact below 128 ns, then 64 buckets per power of two
 * (under 1.6 % relative error). Thread-safe; percentiles are read once recording has stopped.
 */
final class LatencyHistogram {
    private static final int SUB_BITS = 7;
    private static final int HALF = 1 << (SUB_BITS - 1);
    private static final int MAX_EXP = 64 - SUB_BITS;
    private final AtomicLongArray counts = new AtomicLongArray((MAX_EXP + 2) * HALF);
    private final AtomicLong total = new AtomicLong();
    private final AtomicLong max = new AtomicLong();
    private final AtomicLong min = new AtomicLong(Long.MAX_VALUE);

    void record(long nanos) {
        long v = Math.max(0, nanos);
        counts.incrementAndGet(index(v));
        total.incrementAndGet();
        max.accumulateAndGet(v, Math::max);
        min.accumulateAndGet(v, Math::min);
    }

    static int index(long v) {
        if (v < (1 << SUB_BITS)) {
            return (int) v;
        }
        int exp = 64 - Long.numberOfLeadingZeros(v) - SUB_BITS;
        return exp * HALF + (int) (v >>> exp);
    }

    /** The midpoint of the bucket at {@code index}. */
    static long value(int index) {
        if (index < (1 << SUB_BITS)) {
            return index;
        }
        int exp = index / HALF - 1;
        long m = index - (long) exp * HALF;
        return (m << exp) + ((1L << exp) >> 1);
    }

    long count() {
        return total.get();
    }

    long max() {
        return total.get() == 0 ? 0 : max.get();
    }

    long min() {
        return total.get() == 0 ? 0 : min.get();
    }

    /** The latency at or below which {@code percent} % of the samples fall (0 when empty), capped by the maximum. */
    long percentile(double percent) {
        long n = total.get();
        if (n == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(percent / 100.0 * n));
        long seen = 0;
        for (int i = 0; i < counts.length(); i++) {
            seen += counts.get(i);
            if (seen >= rank) {
                return Math.min(value(i), max());
            }
        }
        return max();
    }
}
