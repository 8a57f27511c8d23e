package io.beepkit.core.flow;

import java.util.concurrent.TimeUnit;

/**
 * The delivery rate of one channel's receive side: octets received over intervals of at least one minimum round trip
 * that carry at least {@value #SAMPLE_WINDOWS} windows (or last {@value #SAMPLE_MAX_MILLIS} ms); the maximum over
 * {@value #FILTER_MILLIS} ms (a windowed max filter, as BBR's) is the rate.
 *
 * <p>Why windows and not time: we see octets when we read them, not when they arrive. A read that comes late (a busy
 * event loop, a busy machine) hands over a backlog, which a short interval counts as faster than the link (1.7 times
 * a 50 Mbit/s link in a trace). The backlog is bounded by the window, since the peer cannot send beyond our edge, so
 * an interval carrying {@value #SAMPLE_WINDOWS} windows overstates the rate by at most about one part in
 * {@value #SAMPLE_WINDOWS}. Not thread-safe; times are {@link System#nanoTime()} values passed in.
 */
final class DeliveryRate {
    static final int FILTER_MILLIS = 1000;
    static final int SAMPLE_WINDOWS = 8;
    static final int SAMPLE_MAX_MILLIS = 100;

    private final WindowedExtremum max = new WindowedExtremum(TimeUnit.MILLISECONDS.toNanos(FILTER_MILLIS), true);
    private long startNanos = Long.MIN_VALUE;
    private long startReceived;

    /**
     * Ends the running interval if it is long enough, and starts the next one.
     *
     * @param nowNanos    the current time
     * @param received    octets received on the channel so far
     * @param window      the current window size
     * @param minRttNanos the path's minimum round trip, or a negative value before one is known
     */
    void update(long nowNanos, long received, int window, long minRttNanos) {
        if (startNanos == Long.MIN_VALUE) {
            startNanos = nowNanos;
            startReceived = received;
            return;
        }
        long dt = nowNanos - startNanos;
        long octets = received - startReceived;
        boolean enough = octets >= (long) SAMPLE_WINDOWS * window
                || dt >= TimeUnit.MILLISECONDS.toNanos(SAMPLE_MAX_MILLIS);
        if (dt > 0 && dt >= minRttNanos && enough) {
            max.update(nowNanos, (double) octets / dt);
            startNanos = nowNanos;
            startReceived = received;
        }
    }

    /** Octets per nanosecond, or {@code none} before the first interval ended. */
    double octetsPerNano(double none) {
        return max.get(none);
    }
}
