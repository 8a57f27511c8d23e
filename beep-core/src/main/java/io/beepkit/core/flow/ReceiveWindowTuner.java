package io.beepkit.core.flow;

import java.util.concurrent.TimeUnit;

/**
 * Grows a channel's receive window from the measured bandwidth-delay product, the way grpc-java sizes HTTP/2 windows,
 * with our SEQ playing the part of HTTP/2's PING:
 * <ul>
 *   <li><b>Round trip</b>: a SEQ sent while the peer was (nearly) blocked at our right edge is a probe; the first
 *       octet that arrives beyond that old edge ends it. The delay is the time the peer needs to see our credit and
 *       use it: the round trip that a window must cover. A peer with nothing to send makes a probe last longer than
 *       the path's round trip, so the estimate is the minimum of the last {@value #RTT_SAMPLES} probes.</li>
 *   <li><b>Rate</b>: octets received between the last two SEQs over the time between them.</li>
 *   <li><b>Decision</b>, at each SEQ: the channel is window-limited when the peer had used up what we advertised
 *       ({@code open <= window/8}) while the application kept up ({@code unconsumed <= window/4}); after two such
 *       SEQs in a row, if the bandwidth-delay product {@code rate x rtt} is at least half the window (the window,
 *       not something else, is what caps the pipe), the window becomes {@code 2 x bdp}, at most four times larger in
 *       one step, never beyond the profile's maximum or what the session's memory budget has left.</li>
 * </ul>
 * A window limited by a slow application never grows, since credit returns only on consumption. Not thread-safe:
 * owned by the session's event loop. Times are {@link System#nanoTime()} values passed in, so tests drive a clock.
 */
public final class ReceiveWindowTuner {
    private static final int STREAK = 2;
    private static final int MAX_STEP = 4;
    private static final int RTT_SAMPLES = 8;

    private final int maxWindow;
    private int streak;
    private int growths;

    private boolean probing;
    private long probeStartNanos;
    private long probeEdge;
    private final long[] rttSamples = new long[RTT_SAMPLES];
    private int rttCount;
    private long rttNanos = -1;

    private long lastSeqNanos = Long.MIN_VALUE;
    private long lastSeqReceived;
    private double bytesPerNano = -1;

    public ReceiveWindowTuner(int maxWindow) {
        if (maxWindow < 2) {
            throw new IllegalArgumentException("maxWindow must be >= 2: " + maxWindow);
        }
        this.maxWindow = maxWindow;
    }

    /**
     * A SEQ is about to move our right edge. If the peer had (nearly) reached the old edge, this SEQ starts a
     * round-trip probe, unless one is already running.
     *
     * @param received   octets received on the channel so far
     * @param oldEdge    the right edge before this SEQ, in octets from the start (received + open)
     * @param window     the current window size
     */
    public void onSeqSent(long nowNanos, long received, long oldEdge, int window) {
        if (!probing && oldEdge - received <= window / 8) {
            probing = true;
            probeStartNanos = nowNanos;
            probeEdge = oldEdge;
        }
    }

    /** A frame arrived; {@code received} counts every octet received so far, this frame included. */
    public void onFrameReceived(long nowNanos, long received) {
        if (probing && received > probeEdge) {
            probing = false;
            rttSamples[rttCount++ % RTT_SAMPLES] = Math.max(1, nowNanos - probeStartNanos);
            long min = Long.MAX_VALUE;
            for (int i = 0; i < Math.min(rttCount, RTT_SAMPLES); i++) {
                min = Math.min(min, rttSamples[i]);
            }
            rttNanos = min;
        }
    }

    /**
     * Called when a SEQ is due, before it is built.
     *
     * @param window      the current window size
     * @param received    octets received on the channel so far
     * @param open        octets the peer could still send before this SEQ (0: it was blocked at our edge)
     * @param unconsumed  octets received but not yet consumed by the application
     * @param budgetLeft  octets the session may still add to its windows
     * @return the window to use from now on (never smaller than {@code window})
     */
    public int onSeq(long nowNanos, int window, long received, long open, long unconsumed, long budgetLeft) {
        updateRate(nowNanos, received);
        boolean windowLimited = open <= window / 8 && unconsumed <= window / 4;
        if (!windowLimited) {
            streak = 0;
            return window;
        }
        if (++streak < STREAK || window >= maxWindow || budgetLeft <= 0) {
            return window;
        }
        long bdp = bandwidthDelayProduct();
        if (bdp < window / 2) {
            return window; // the pipe carries less than half a window per round trip: more window would not help
        }
        streak = 0;
        long target = Math.min(2 * bdp, (long) MAX_STEP * window);
        long grown = Math.min(target, Math.min(maxWindow, window + budgetLeft));
        if (grown <= window) {
            return window;
        }
        growths++;
        return (int) grown;
    }

    private void updateRate(long nowNanos, long received) {
        if (lastSeqNanos != Long.MIN_VALUE) {
            long dt = nowNanos - lastSeqNanos;
            if (dt > 0) {
                bytesPerNano = (double) (received - lastSeqReceived) / dt;
            }
        }
        lastSeqNanos = nowNanos;
        lastSeqReceived = received;
    }

    /** The measured bandwidth-delay product in octets, or -1 before both rate and round trip are known. */
    public long bandwidthDelayProduct() {
        if (rttNanos < 0 || bytesPerNano < 0) {
            return -1;
        }
        return (long) Math.ceil(bytesPerNano * rttNanos);
    }

    /** The round trip from a SEQ to the first octet sent on its credit (recent minimum), or -1 before any sample. */
    public long roundTripNanos() {
        return rttNanos;
    }

    /** The receive rate between the last two SEQs in octets per second, or -1 before the second SEQ. */
    public double octetsPerSecond() {
        return bytesPerNano < 0 ? -1 : bytesPerNano * TimeUnit.SECONDS.toNanos(1);
    }

    /** How many times the window grew. */
    public int growths() {
        return growths;
    }
}
