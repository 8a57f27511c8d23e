package io.beepkit.netty.internal.mgmt;

/**
 * How many channel starts the peer may request on one session (the start rate of {@code SessionLimits}): a token
 * bucket that holds up to {@code burst} starts (so a peer may open all the channels it is allowed at once) and refills
 * at {@code perSecond}. A start finding the bucket empty is refused; a peer that sends more than {@code perSecond}
 * refused starts in a row, undeterred by the refusals, is to be terminated. Event loop only.
 */
final class StartRate {
    /** What to do with one start request. */
    enum Verdict { ADMIT, REFUSE, TERMINATE }

    private final int perSecond;
    private final int burst;
    private double tokens;
    private long last;
    private boolean started;
    private int refusedInARow;

    /**
     * @param perSecond the sustained rate, at least 1
     * @param burst     the most starts admitted at once after a quiet time; raised to {@code perSecond} if lower
     */
    StartRate(int perSecond, int burst) {
        if (perSecond < 1) {
            throw new IllegalArgumentException("starts per second must be >= 1: " + perSecond);
        }
        this.perSecond = perSecond;
        this.burst = Math.max(perSecond, burst);
    }

    int perSecond() {
        return perSecond;
    }

    /** Counts one start request at {@code nowNanos} ({@link System#nanoTime()}) and says what to do with it. */
    Verdict next(long nowNanos) {
        if (!started) {
            started = true;
            tokens = burst;
        } else {
            tokens = Math.min(burst, tokens + (nowNanos - last) * perSecond / 1e9);
        }
        last = nowNanos;
        if (tokens >= 1) {
            tokens -= 1;
            refusedInARow = 0;
            return Verdict.ADMIT;
        }
        return ++refusedInARow > perSecond ? Verdict.TERMINATE : Verdict.REFUSE;
    }
}
