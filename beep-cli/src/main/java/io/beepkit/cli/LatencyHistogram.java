package io.beepkit.cli;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.jspecify.annotations.Nullable;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Nanosecond latencies in an HdrHistogram (3 significant digits, up to one hour). Thread-safe for recording. The
 * first read takes a snapshot that every later read uses: a run that gave up on stuck exchanges reports while late
 * replies may still be recorded, and reading a histogram being written can fail. A paced sender records from each
 * message's scheduled time, which is what keeps its figures free of coordinated omission.
 */
final class LatencyHistogram {
    private static final long HIGHEST = TimeUnit.HOURS.toNanos(1);
    private final Histogram histogram = new ConcurrentHistogram(1, HIGHEST, 3);
    private final AtomicLong max = new AtomicLong();
    private final AtomicLong min = new AtomicLong(Long.MAX_VALUE);
    private @Nullable Snapshot snapshot;

    /** What the report reads: the histogram and its extremes as they were at the first read. */
    private record Snapshot(Histogram histogram, long min, long max) {
    }

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
        return snapshot().histogram().getTotalCount();
    }

    long max() {
        return count() == 0 ? 0 : snapshot().max();
    }

    long min() {
        return count() == 0 ? 0 : snapshot().min();
    }

    double mean() {
        return count() == 0 ? 0 : snapshot().histogram().getMean();
    }

    /** The latency at or below which {@code percent} % of the samples fall (0 when empty). */
    long percentile(double percent) {
        return count() == 0 ? 0 : Math.min(max(), snapshot().histogram().getValueAtPercentile(percent));
    }

    private synchronized Snapshot snapshot() {
        if (snapshot == null) {
            // ConcurrentHistogram.copy() is safe while other threads record.
            snapshot = new Snapshot(histogram.copy(), min.get(), max.get());
        }
        return snapshot;
    }
}
