package io.beepkit.core.flow;

import java.util.PriorityQueue;

/**
 * One channel over a simulated path, on a simulated clock: a sender that always has data sends what its
 * {@link SendWindow} and the engine's {@link FragmentPlanner} allow (64 KiB frames at most, a quarter of the
 * peer's window once that is larger, the planner's 20 ms tail timer when it waits with credit open); its frames pass a bottleneck of {@code rate} octets per nanosecond with an unbounded FIFO queue in
 * front of it (the token bucket of a real link), then half the base round trip; the receiver checks them with a
 * {@link ReceiveWindow}, consumes them at once, lets a {@link ReceiveWindowTuner} size the window as the session
 * engine does, and returns SEQs that take the other half of the round trip. Every SEQ is checked against the RFC
 * rules: the right edge never moves left and the window never drops below 4096. With {@link #batchConsumer} the
 * receiver consumes in batches instead, everything received so far once per period (a file sink's fsync, a broker's
 * acknowledgement), and only then can credit return.
 */
final class BottleneckSimulation {
    private static final int MAX_FRAME = 64 * 1024;
    private static final long TAIL_WAIT_NANOS = 20_000_000L;
    private static final long ENDLESS = 1L << 40;
    private static final int GRANULE = 2048;

    final ReceiveWindow receive = new ReceiveWindow();
    final ReceiveWindowTuner tuner;
    /** Events by time, then in the order they were made (one TCP stream each way: ties keep their order). */
    private final PriorityQueue<long[]> events = new PriorityQueue<>(
            (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[4], b[4]));
    private long made;
    private final long budget;
    double rate;
    long baseRttNanos;

    long now;
    private long linkFreeAt;
    private final SendWindow send = new SendWindow();
    private final FragmentPlanner planner = FragmentPlanner.windowAware(MAX_FRAME, FragmentPlanner.DEFAULT_MIN_FRAGMENT);
    private boolean tailTimerArmed;
    private boolean force;
    private long sent;
    private long lastAdvertisedEdge = 4096;
    /** Host turn-around added to successive SEQs in turn (a busy event loop answers late now and then). */
    long[] turnaroundNanos = {0};
    private int seqs;
    private long lastSeqArrival;
    long delivered;
    /** The longest time a frame waited in the bottleneck queue since the last {@link #resetStats()}. */
    long maxQueueNanos;
    private long statsStartNanos;
    private long statsStartDelivered;
    int smallestWindow = Integer.MAX_VALUE;
    /** 0: the receiver consumes each frame at once; else the period of its batches. */
    private long batchNanos;

    BottleneckSimulation(double octetsPerNano, long baseRttNanos, int initialWindow, int maxWindow) {
        this.rate = octetsPerNano;
        this.baseRttNanos = baseRttNanos;
        this.tuner = new ReceiveWindowTuner(maxWindow);
        this.budget = 4L * maxWindow;
        if (receive.resize(initialWindow)) {
            sendSeq();
        }
        trySend();
    }

    /** Runs until {@code nowNanos + durationNanos}. */
    void run(long durationNanos) {
        long end = now + durationNanos;
        while (!events.isEmpty() && events.peek()[0] <= end) {
            long[] e = events.poll();
            now = e[0];

            if (e[1] == 0) {
                onFrame((int) e[2]);
            } else if (e[1] == 3) {
                tuner.onFrameStarted(now, e[2]);
            } else if (e[1] == 4) {
                consume(receive.unconsumed());
                schedule(now + batchNanos, 4, 0);
            } else if (e[1] == 1) {
                send.onSeq(e[2], (int) e[3]);
                trySend();
            } else {
                tailTimerArmed = false;
                force = true;
                trySend();
            }
        }
        now = end;
    }

    /** From now on the receiver consumes everything received once every {@code periodNanos}, not each frame. */
    void batchConsumer(long periodNanos) {
        batchNanos = periodNanos;
        schedule(now + periodNanos, 4, 0);
    }

    /** Adds an event: {@code time, kind, a, b}. */
    private void schedule(long... e) {
        events.add(new long[] {e[0], e[1], e[2], e.length > 3 ? e[3] : 0, made++});
    }

    void resetStats() {
        maxQueueNanos = 0;
        statsStartNanos = now;
        statsStartDelivered = delivered;
        smallestWindow = Integer.MAX_VALUE;
    }

    /** Delivered octets per nanosecond since the last {@link #resetStats()}, as a fraction of the bottleneck rate. */
    double utilisation() {
        return (delivered - statsStartDelivered) / (double) (now - statsStartNanos) / rate;
    }

    int window() {
        return receive.window();
    }

    private void trySend() {
        while (send.available() > 0) {
            int n = planner.nextFrameSize(ENDLESS, send.available(), send.peerWindow(), send.inFlight(), force);
            if (n == 0) {
                if (!tailTimerArmed) {
                    tailTimerArmed = true;
                    schedule(now + TAIL_WAIT_NANOS, 2, 0);
                }
                return;
            }
            force = false;
            send.consume(n);
            long start = Math.max(now, linkFreeAt);
            maxQueueNanos = Math.max(maxQueueNanos, start - now);
            linkFreeAt = start + (long) Math.ceil(n / rate);
            sent += n;
            // The header leaves the bottleneck first: the receiver sees it half a round trip after the frame starts.
            schedule(start + baseRttNanos / 2, 3, sent);
            schedule(linkFreeAt + baseRttNanos / 2, 0, n);
        }
    }

    private void onFrame(int size) {
        receive.onFrame(receive.expectedSeqno(), size);
        tuner.onFrameReceived(now, receive.received());
        delivered += size;
        if (batchNanos == 0) {
            consume(size);
        }
    }

    private void consume(long octets) {
        if (octets == 0) {
            return;
        }
        boolean due = receive.consume(octets);
        tuner.onConsumed(now, receive.received() - receive.unconsumed());
        if (due) {
            int window = receive.window();
            long budgetLeft = budget - window;
            int sized = tuner.onSeq(now, window, receive.received(), receive.open(), receive.unconsumed(), budgetLeft);
            sized -= sized % GRANULE;
            if (sized != window && sized > 0) {
                receive.resize(sized);
            }
            sendSeq();
        }
    }

    private void sendSeq() {
        tuner.onSeqSent(now, receive.received(), receive.received() + receive.open(), receive.window());
        int window = receive.advertiseWindow();
        long edge = receive.received() + window;
        if (edge < lastAdvertisedEdge) {
            throw new AssertionError("right edge moved left: " + lastAdvertisedEdge + " -> " + edge);
        }
        if (receive.window() < ReceiveWindowTuner.MIN_WINDOW) {
            throw new AssertionError("window below 4096: " + receive.window());
        }
        smallestWindow = Math.min(smallestWindow, receive.window());
        lastAdvertisedEdge = edge;
        long arrival = Math.max(lastSeqArrival, now + baseRttNanos / 2 + turnaroundNanos[seqs++ % turnaroundNanos.length]);
        lastSeqArrival = arrival; // one TCP stream: SEQs arrive in order
        schedule(arrival, 1, receive.received(), window);
    }
}
