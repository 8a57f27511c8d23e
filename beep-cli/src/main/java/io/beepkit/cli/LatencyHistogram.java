package io.beepkit.cli;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Nanosecond latencies in an HdrHistogram (3 significant digits, up to one hour). Thread-safe for recording;
 * percentiles are read once recording has stopped. A paced sender records from each message's scheduled time, which
 * is what keeps its figures free of coordinated omission.
 */
final class LatencyHistogram {
    private static final long HIGHEST = TimeUnit.HOURS.toNanos(1);
    private final Histogram histogram = new ConcurrentHistogram(1, HIGHEST, 3);
    private final AtomicLong max = new AtomicLong();
    private final AtomicLong min = new AtomicLong(Long.MAX_VALUE);

    /** Records one latency. */
    void record(long nanos) {
        histogram.recordValue(clamp(nanos));
        extremes(nanos);
    }

    private void extremes(long nanos) {
        long v = clamp(nanos);
        max.accumulateAndGet(v, Math::max);
        min.accumulateAndGet(v, Math::min);
    }

    private static long clamp(long nanos) {
        return Math.min(HIGHEST, Math.max(1, nanos));
    }

    long count() {
        return histogram.getTotalCount();
    }

    long max() {
        return count() == 0 ? 0 : max.get();
    }

    long min() {
        return count() == 0 ? 0 : min.get();
    }

    double mean() {
        return count() == 0 ? 0 : histogram.getMean();
    }

    /** The latency at or below which {@code percent} % of the samples fall (0 when empty). */
    long percentile(double percent) {
        return count() == 0 ? 0 : Math.min(max(), histogram.getValueAtPercentile(percent));
    }
}
