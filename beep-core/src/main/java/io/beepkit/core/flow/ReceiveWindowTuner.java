package io.beepkit.core.flow;

import java.util.concurrent.TimeUnit;

/**
 * Sizes a channel's receive window to the path, not to the buffers along it. The model is BBR's: the path carries
 * at most its bottleneck rate, so the window that fills it is the bandwidth-delay product
 * {@code bdp = max delivery rate x (min round trip + application hold)}, and the window kept is {@code 2 x bdp} (BBR's
 * cwnd gain of 2, which rides out delayed SEQs and bursts; the round trip counted at least
 * {@value #HOST_RTT_FLOOR_MICROS} us, what two busy event loops add to any path). Credit returns only once consumed,
 * so the loop it goes round includes the time our application holds what it received ({@link ApplicationHold}): a
 * batching consumer's window covers its batches, not only the path. Growth follows TCP Vegas: the window grows only
 * while the measured round trip stays near its minimum; a round trip above it means the credit already handed out
 * sits in a queue somewhere, so growth stops and the window shrinks back to {@code 2 x bdp}. Our SEQ plays the part of HTTP/2's PING:
 * <ul>
 *   <li><b>Round trip</b>: each SEQ (one at a time) starts a sample that the header of the first frame reaching
 *       beyond the edge it replaced ends: the time the peer needs to see our credit and use it, including every queue
 *       its data waits in, but not the time the frame itself takes to arrive.
 *       The minimum over {@value #MIN_RTT_WINDOW_SECONDS} s (a windowed min filter) is the path's own round trip; the
 *       latest sample is compared with it.</li>
 *   <li><b>Rate</b>: the windowed maximum of octets received per interval of several windows
 *       ({@link DeliveryRate}).</li>
 *   <li><b>Drain</b>: a window larger than the path keeps a standing queue, and a round trip measured through it
 *       looks like the path's own. So, as BBR's ProbeRTT, when no sample has been taken with the pipe nearly empty
 *       (at most {@value #CLEAN_OPEN} octets still open ahead of the new credit) for {@value #DRAIN_INTERVAL_SECONDS}
 *       s, and once at the start, the tuner hands out the minimum window until such a clean sample arrives, then
 *       returns to the smaller of the old window and {@code 2 x bdp}.</li>
 *   <li><b>Growth</b>, at the first SEQ after each round-trip sample (SEQs come many per round trip; deciding at
 *       each grew the window many times on one sample, 45 KiB windows on a 50 Mbit/s link in a trace): the channel
 *       is window-limited when the application keeps up ({@code unconsumed <= window/4}) and {@code bdp} is at least
 *       three eighths of the window. After two such SEQs in a row with the round trip near what the path explains,
 *       the window doubles (BBR's startup) or becomes {@code 2 x bdp} if that is more, at most four times larger in
 *       one step, never beyond the profile's maximum or what the session's memory budget has left. Once queueing
 *       has been seen it grows by an eighth (at least 2048 octets) instead of doubling, or to {@code 2 x bdp} if
 *       that is more (Vegas' linear increase).</li>
 *   <li><b>Shrinking</b>, at the first SEQ after a sample that shows queueing (late by more than a quarter of the
 *       minimum or 1 ms, and our own octets ahead of the new credit would take that long to drain at the delivery
 *       rate): the window drops to {@code 2 x bdp} plus one of the peer's frames (whose credit returns only once it
 *       is whole), at most halving in one step. A sample late for another reason (a busy host, another flow's
 *       queue) holds the window as it is: neither growth nor a cut.</li>
 * </ul>
 * RFC 3081 rules hold whatever the estimates say: the window returned is never below 4096 octets (the RFC's default,
 * nor below the current window when that is already smaller), and shrinking only slows the advance of the right edge
 * ({@link ReceiveWindow#resize} never moves the advertised edge left). A window limited by a slow application never
 * grows, since credit returns only on consumption. Not thread-safe: owned by the session's event loop. Times are
 * {@link System#nanoTime()} values passed in, so tests drive a clock.
 */
public final class ReceiveWindowTuner {
    /** The smallest window the tuner hands out: the RFC 3081 default window. */
    public static final int MIN_WINDOW = SendWindow.DEFAULT_WINDOW;
    static final int MIN_RTT_WINDOW_SECONDS = 10;
    static final int DRAIN_INTERVAL_SECONDS = 8;
    /**
     * The shortest round trip the window is sized for. Between two hosts on one switch, or two namespaces on one
     * machine, the minimum can be 40 us, taken when both event loops happened to be idle; under load each end's
     * read, SEQ and write take a few hundred microseconds more, and a window sized for 40 us leaves the link idle
     * (0.75 of 200 Mbit/s in a trace). A quarter of a millisecond costs at most that much queueing.
     */
    static final int HOST_RTT_FLOOR_MICROS = 250;
    static final int CLEAN_OPEN = MIN_WINDOW / 2;
    private static final int CWND_GAIN = 2;
    private static final int STREAK = 2;
    private static final int MAX_STEP = 4;
    /** The smallest upward probe once queueing has been seen: one SEQ granule of a 4096-octet window. */
    private static final int MIN_PROBE_STEP = 2048;
    /** Round-trip jitter tolerated before a sample counts as queueing: a quarter of the minimum, at least this. */
    private static final long QUEUE_SLACK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final int maxWindow;
    private int streak;
    /** Round-trip samples completed, and the one the latest sizing decision used. */
    private long samples;
    private long decidedOn;
    private int growths;
    private int shrinks;
    private int drains;

    private boolean sampling;
    private long sampleStartNanos;
    private long sampleEdge;
    private boolean sampleClean;
    /** Octets owed to us ahead of the new credit when the running sample (and the latest one) began. */
    private long sampleAhead;
    private long latestAhead;
    private long lastFrameEnd;
    /** The size of the latest whole frame: credit for a frame returns only once it is whole. */
    private long latestFrame;
    private final WindowedExtremum minRtt = new WindowedExtremum(TimeUnit.SECONDS.toNanos(MIN_RTT_WINDOW_SECONDS), false);
    private long latestRttNanos = -1;
    private long lastCleanNanos = Long.MIN_VALUE;

    private final DeliveryRate rate = new DeliveryRate();
    private final ApplicationHold hold = new ApplicationHold();

    private boolean draining;
    private long drainStartNanos;
    private int windowBeforeDrain;

    /** @param maxWindow the profile's maximum window, at least 2 */
    public ReceiveWindowTuner(int maxWindow) {
        if (maxWindow < 2) {
            throw new IllegalArgumentException("maxWindow must be >= 2: " + maxWindow);
        }
        this.maxWindow = maxWindow;
    }

    /**
     * A SEQ is about to move our right edge: unless a round-trip sample is running, this SEQ starts one.
     *
     * @param nowNanos the current time
     * @param received octets received on the channel so far
     * @param oldEdge  the right edge before this SEQ, in octets from the start (received + open)
     * @param window   the current window size
     */
    public void onSeqSent(long nowNanos, long received, long oldEdge, int window) {
        long credit = received + window - oldEdge;
        // A SEQ that does not move the edge (after a shrink) gives the peer nothing to use; the edge moves in steps
        // of 2048 octets, so less estimated credit than that may be none at all.
        if (!sampling && credit >= CLEAN_OPEN) {
            sampling = true;
            sampleStartNanos = nowNanos;
            sampleEdge = oldEdge;
            // Nothing of ours ahead of the new credit, and a credit too small to make a long frame: the sample
            // holds the path's own round trip (plus at most one 4096-octet frame's serialization).
            sampleClean = oldEdge - received <= CLEAN_OPEN && window <= MIN_WINDOW;
            sampleAhead = oldEdge - received;
        }
    }

    /**
     * A data frame's header arrived (its payload may still be on the way): when the frame reaches beyond the edge a
     * running sample started from, the peer composed it after seeing our SEQ, so the sample ends here. Ending at the
     * header, not once the frame is whole, keeps the frame's own serialization out of the round trip: at 50 Mbit/s a
     * 16 KiB frame takes 2.6 ms, which a whole-frame sample counts as path (a larger window) or as queueing.
     *
     * @param nowNanos the current time
     * @param frameEnd octets received on the channel once this frame is whole (those before it plus its size)
     */
    public void onFrameStarted(long nowNanos, long frameEnd) {
        if (sampling && frameEnd > sampleEdge) {
            sampling = false;
            latestRttNanos = Math.max(1, nowNanos - sampleStartNanos);
            latestAhead = sampleAhead;
            if (sampleClean) {
                lastCleanNanos = nowNanos;
            }
            minRtt.update(nowNanos, latestRttNanos);
            samples++;
        }
    }

    /** At {@code nowNanos} a frame is whole, {@code received} octets in all (its credit returns once consumed). */
    public void onFrameReceived(long nowNanos, long received) {
        latestFrame = received - lastFrameEnd;
        lastFrameEnd = received;
        hold.onFrameReceived(nowNanos, received);
    }

    /** At {@code nowNanos} the application has consumed {@code consumed} octets in all (their credit may return). */
    public void onConsumed(long nowNanos, long consumed) {
        hold.onConsumed(nowNanos, consumed);
    }

    /**
     * Called when a SEQ is due, before it is built.
     *
     * @param nowNanos    the current time
     * @param window      the current window size
     * @param received    octets received on the channel so far
     * @param open        octets the peer could still send before this SEQ (0: it was blocked at our edge)
     * @param unconsumed  octets received but not yet consumed by the application
     * @param budgetLeft  octets the session may still add to its windows
     * @return the window to use from now on: larger to grow, smaller to shrink (never below 4096, or below
     *         {@code window} when that is smaller), or {@code window} itself
     */
    public int onSeq(long nowNanos, int window, long received, long open, long unconsumed, long budgetLeft) {
        rate.update(nowNanos, received, window, roundTripNanos());
        int floor = Math.min(window, MIN_WINDOW);
        if (draining) {
            if (lastCleanNanos < drainStartNanos) {
                return window;
            }
            draining = false;
            long bdp = bandwidthDelayProduct();
            long back = bdp < 0 ? windowBeforeDrain : Math.min(windowBeforeDrain, (long) CWND_GAIN * bdp);
            return (int) Math.max(floor, Math.min(back, window + Math.max(0, budgetLeft)));
        }
        if (window > MIN_WINDOW && bandwidthDelayProduct() >= 0 && drainDue(nowNanos)) {
            draining = true;
            drainStartNanos = nowNanos;
            windowBeforeDrain = window;
            drains++;
            streak = 0;
            return MIN_WINDOW;
        }
        if (samples == decidedOn) {
            return window; // one decision per round trip, as Vegas: later SEQs would act on the same sample again
        }
        decidedOn = samples;
        if (queueing()) {
            streak = 0;
            long bdp = bandwidthDelayProduct();
            // 2 x bdp, plus one of the peer's frames, which we see only whole.
            long target = Math.max(MIN_WINDOW, (long) CWND_GAIN * bdp + latestFrame);
            if (bdp < 0 || window <= target) {
                return window;
            }
            shrinks++;
            return (int) Math.max(floor, Math.max(target, window / 2));
        }
        if (delayed()) {
            streak = 0;
            return window; // late, but not behind our own octets: a busy host or someone else's queue; hold
        }
        return grow(window, open, unconsumed, budgetLeft);
    }

    private int grow(int window, long open, long unconsumed, long budgetLeft) {
        if (!windowLimited(window, open, unconsumed)) {
            streak = 0;
            return window;
        }
        if (++streak < STREAK || lastCleanNanos == Long.MIN_VALUE || window >= maxWindow || budgetLeft <= 0) {
            return window;
        }
        if (bandwidthDelayProduct() < 0) {
            return window;
        }
        streak = 0;
        // No queue seen yet and the window in use: double it (BBR's startup), or go to 2 x bdp if that is more.
        // Once queueing has been seen, the path's size is known: probe upward by an eighth at a time (Vegas'
        // linear increase), so a window just cut to 2 x bdp does not double straight back into the queue.
        long step = shrinks == 0 ? window : Math.max(MIN_PROBE_STEP, window / 8);
        long target = Math.min(Math.max((long) CWND_GAIN * bandwidthDelayProduct(), window + step),
                (long) MAX_STEP * window);
        long grown = Math.min(target, Math.min(maxWindow, window + budgetLeft));
        if (grown <= window) {
            return window;
        }
        growths++;
        return (int) grown;
    }

    /**
     * The window, not the peer or our application, caps the pipe: the application keeps up
     * ({@code unconsumed <= window/4}) and the path carries at least three eighths of the window per round trip. A
     * window-limited channel carries about half its window per round trip, not all of it: our SEQs come once per half
     * window and the peer's frames (a quarter of the window) are seen only whole. A peer with little to send carries
     * less and never grows it. What the peer has left open at a SEQ says little once SEQs come more often than
     * once per half window (small frames, a granule of 2048 octets): the peer then always has credit left although
     * the window is what holds it back, which kept a window at a fifth of a lengthened path's bdp in simulation.
     */
    private boolean windowLimited(int window, long open, long unconsumed) {
        if (unconsumed > window / 4) {
            return false;
        }
        long bdp = bandwidthDelayProduct();
        if (bdp < 0) {
            return open <= window / 8; // counts toward the streak; growth waits for the estimate
        }
        // Once the round trip is known not to show queueing, it is what the window has to cover: the minimum
        // can come from a moment when both hosts were idle, the latest from the turn-arounds of now.
        long carried = Math.max(bdp, (long) (rate.octetsPerNano(0) * Math.max(0, latestRttNanos)));
        return carried >= 3L * window / 8;
    }

    private boolean drainDue(long nowNanos) {
        return lastCleanNanos == Long.MIN_VALUE
                || nowNanos - lastCleanNanos > TimeUnit.SECONDS.toNanos(DRAIN_INTERVAL_SECONDS);
    }

    /**
     * True when the latest round trip is well above the path's own (Vegas' actual against expected) and our own
     * octets explain it: when the sample began, what the peer still owed us ahead of the new credit would take at
     * most that long to drain at the delivery rate, so a longer wait is not a queue of ours. A busy host (a late
     * read, a late SEQ, a collection pause) delays a sample as much as a queue does; taking its spikes for queueing
     * cut the window to a few KiB and left most of the link idle (a quarter of 200 Mbit/s in simulation).
     */
    private boolean queueing() {
        double octetsPerNano = rate.octetsPerNano(-1);
        if (!delayed() || octetsPerNano <= 0) {
            return false;
        }
        long min = roundTripNanos();
        long ours = (long) (latestAhead / octetsPerNano) - min; // the octets ahead, less what the path itself holds
        return ours > slack(min);
    }

    /** The latest round trip is well above the path's own, for whatever reason: no time to grow. */
    private boolean delayed() {
        long min = roundTripNanos();
        return min > 0 && latestRttNanos - min > slack(min);
    }

    /** Round-trip jitter tolerated before a sample counts as late: a quarter of the minimum, at least 1 ms. */
    private static long slack(long minRttNanos) {
        return Math.max(minRttNanos / 4, QUEUE_SLACK_NANOS);
    }

    /**
     * The measured bandwidth-delay product of the credit loop in octets: max rate x (min round trip, at least
     * {@value #HOST_RTT_FLOOR_MICROS} us, + the application's hold), or -1 before rate and round trip are known.
     */
    public long bandwidthDelayProduct() {
        double octetsPerNano = rate.octetsPerNano(-1);
        long rtt = roundTripNanos();
        if (rtt < 0 || octetsPerNano < 0) {
            return -1;
        }
        long loop = Math.max(rtt, TimeUnit.MICROSECONDS.toNanos(HOST_RTT_FLOOR_MICROS)) + hold.nanos();
        return (long) Math.ceil(octetsPerNano * loop);
    }

    /** The path's round trip: the windowed minimum of the samples from a SEQ to the first octet sent on its credit. */
    public long roundTripNanos() {
        return (long) minRtt.get(-1);
    }

    /** The latest round-trip sample (queueing included), or -1 before any. */
    public long latestRoundTripNanos() {
        return latestRttNanos;
    }

    /** The delivery rate (windowed maximum) in octets per second, or -1 before the first interval. */
    public double octetsPerSecond() {
        double octetsPerNano = rate.octetsPerNano(-1);
        return octetsPerNano < 0 ? -1 : octetsPerNano * TimeUnit.SECONDS.toNanos(1);
    }

    /** How long the application held what it received before consuming it (windowed maximum), 0 before known. */
    public long applicationHoldNanos() {
        return hold.nanos();
    }

    /** How many times the window grew. */
    public int growths() {
        return growths;
    }

    /** How many times the window shrank because queueing delay appeared. */
    public int shrinks() {
        return shrinks;
    }

    /** How many times the window was cut to the minimum to drain the path and re-learn its round trip. */
    public int drains() {
        return drains;
    }
}
