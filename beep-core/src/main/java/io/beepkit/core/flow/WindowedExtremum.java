package io.beepkit.core.flow;

/**
 * The best (smallest or largest) of the samples seen in the last {@code window} nanoseconds, kept in three
 * estimates as in Kathleen Nichols' windowed min/max filter (the one BBR uses for its min round trip and max
 * delivery rate): the best, and the best of the later samples that takes over when the first ages out, and so on.
 * Constant memory and time per sample; the answer may lag the true windowed extremum by a quarter window at most.
 *
 * <p>Not thread-safe: owned by one event loop. Times are {@link System#nanoTime()} values passed in.
 */
final class WindowedExtremum {
    private final long windowNanos;
    private final boolean max;
    /** The three estimates, made with the first sample: a listener holds two filters per channel, most never fed. */
    private long[] times;
    private double[] values;
    private boolean empty = true;

    /**
     * @param windowNanos how long a sample counts
     * @param max         true for a windowed maximum, false for a windowed minimum
     */
    WindowedExtremum(long windowNanos, boolean max) {
        if (windowNanos <= 0) {
            throw new IllegalArgumentException("windowNanos must be > 0: " + windowNanos);
        }
        this.windowNanos = windowNanos;
        this.max = max;
    }

    /** Adds a sample taken at {@code nowNanos}. */
    void update(long nowNanos, double sample) {
        if (empty || !worse(sample, values[0]) || nowNanos - times[2] > windowNanos) {
            reset(nowNanos, sample);
            return;
        }
        if (!worse(sample, values[1])) {
            set(1, nowNanos, sample);
            set(2, nowNanos, sample);
        } else if (!worse(sample, values[2])) {
            set(2, nowNanos, sample);
        }
        if (nowNanos - times[0] > windowNanos) {
            // The best aged out: the later estimates move up, the new sample becomes the third.
            shiftUp(nowNanos, sample);
            if (nowNanos - times[0] > windowNanos) {
                shiftUp(nowNanos, sample);
            }
        } else if (times[1] == times[0] && nowNanos - times[0] > windowNanos / 4) {
            // A quarter window passed without a second-best: take one from this part of the window.
            set(1, nowNanos, sample);
            set(2, nowNanos, sample);
        } else if (times[2] == times[1] && nowNanos - times[1] > windowNanos / 2) {
            set(2, nowNanos, sample);
        }
    }

    /** The windowed best, or {@code fallback} before any sample. */
    double get(double fallback) {
        return empty ? fallback : values[0];
    }

    /** When the current best was sampled ({@link Long#MIN_VALUE} before any sample). */
    long bestTime() {
        return empty ? Long.MIN_VALUE : times[0];
    }

    private boolean worse(double sample, double than) {
        return max ? sample < than : sample > than;
    }

    private void reset(long nowNanos, double sample) {
        if (times == null) {
            times = new long[3];
            values = new double[3];
        }
        empty = false;
        for (int i = 0; i < 3; i++) {
            set(i, nowNanos, sample);
        }
    }

    private void shiftUp(long nowNanos, double sample) {
        set(0, times[1], values[1]);
        set(1, times[2], values[2]);
        set(2, nowNanos, sample);
    }

    private void set(int i, long time, double value) {
        times[i] = time;
        values[i] = value;
    }
}
