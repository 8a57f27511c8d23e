package io.beepkit.netty.internal.mgmt;

/**
 * How many channel starts the peer may request per second on one session ({@code BeepConfig.maxStartsPerSecond}),
 * counted in fixed one-second windows: starts beyond the limit within a window are refused; a peer that in one window
 * also sends as many refused starts as the limit allows, despite the refusals, is to be terminated. Event loop only.
 */
final class StartRate {
    /** What to do with one start request. */
    enum Verdict { ADMIT, REFUSE, TERMINATE }

    private static final long WINDOW_NANOS = 1_000_000_000L;

    private final int perSecond;
    private long windowStart;
    private int admitted;
    private int refused;
    private boolean started;

    /** @param perSecond the most starts admitted per one-second window, at least 1 */
    StartRate(int perSecond) {
        if (perSecond < 1) {
            throw new IllegalArgumentException("starts per second must be >= 1: " + perSecond);
        }
        this.perSecond = perSecond;
    }

    int perSecond() {
        return perSecond;
    }

    /** Counts one start request at {@code nowNanos} ({@link System#nanoTime()}) and says what to do with it. */
    Verdict next(long nowNanos) {
        if (!started || nowNanos - windowStart >= WINDOW_NANOS) {
            started = true;
            windowStart = nowNanos;
            admitted = 0;
            refused = 0;
        }
        if (admitted < perSecond) {
            admitted++;
            return Verdict.ADMIT;
        }
        return ++refused > perSecond ? Verdict.TERMINATE : Verdict.REFUSE;
    }
}
