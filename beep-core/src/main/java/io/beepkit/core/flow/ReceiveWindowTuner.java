package io.beepkit.core.flow;

/**
 * Grows a channel's receive window when the window, not the application, limits the transfer: at each SEQ it checks
 * whether the peer had used up everything we advertised while the application had kept up with what arrived. Two
 * such SEQs in a row double the window, up to the profile's maximum and within what the session's memory budget has
 * left. A window limited by a slow application never grows, since its credit is returned only on consumption.
 */
public final class ReceiveWindowTuner {
    private static final int STREAK = 2;

    private final int maxWindow;
    private int streak;
    private int growths;

    public ReceiveWindowTuner(int maxWindow) {
        if (maxWindow < 2) {
            throw new IllegalArgumentException("maxWindow must be >= 2: " + maxWindow);
        }
        this.maxWindow = maxWindow;
    }

    /**
     * @param window      the current window size
     * @param open        octets the peer could still send before this SEQ (0: it was blocked at our edge)
     * @param unconsumed  octets received but not yet consumed by the application
     * @param budgetLeft  octets the session may still add to its windows
     * @return the window to use from now on (never smaller than {@code window})
     */
    public int onSeq(int window, long open, long unconsumed, long budgetLeft) {
        boolean windowLimited = open <= window / 8 && unconsumed <= window / 4;
        if (!windowLimited) {
            streak = 0;
            return window;
        }
        if (++streak < STREAK || window >= maxWindow || budgetLeft <= 0) {
            return window;
        }
        streak = 0;
        long grown = Math.min((long) window * 2, Math.min(maxWindow, window + budgetLeft));
        if (grown > window) {
            growths++;
        }
        return (int) grown;
    }

    /** How many times the window grew. */
    public int growths() {
        return growths;
    }
}
