package io.beepkit.core.flow;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The delay-aware window over simulated paths ({@link BottleneckSimulation}): it must fill the path while keeping
 * the bottleneck's queue short, re-learn a changed round trip, and keep the RFC's rules throughout (the simulation
 * fails on a right edge moved left or a window below 4096).
 */
class DelayAwareWindowTest {
    private static final int KIB = 1024;

    private static long micros(long n) {
        return TimeUnit.MICROSECONDS.toNanos(n);
    }

    private static long millis(long n) {
        return TimeUnit.MILLISECONDS.toNanos(n);
    }

    /** Mbit/s as octets per nanosecond. */
    private static double mbit(double n) {
        return n * 1e6 / 8 / 1e9;
    }

    @Test
    void aFastPathGrowsToTheLargeWindowQuickly() {
        // 40 Gbit/s over 100 us: bdp 500 kB, so 2 x bdp is about the 1 MiB maximum.
        BottleneckSimulation sim = new BottleneckSimulation(5.0, micros(100), 64 * KIB, 1024 * KIB);
        sim.run(millis(20));
        assertEquals(1024 * KIB, sim.window(), "window after 20 ms (200 round trips)");
        sim.resetStats();
        sim.run(millis(20));
        assertTrue(sim.utilisation() > 0.9, "utilisation " + sim.utilisation());
        assertEquals(1024 * KIB, sim.smallestWindow);
    }

    @Test
    void aBottleneckWithAQueueConvergesNearTheBdpNotToTheMaximum() {
        // 200 Mbit/s over 2 ms: bdp 50 000 octets. A window-sized-to-the-buffer tuner would climb to the maximum
        // and keep 1 MiB (40 ms) queued in front of the bottleneck.
        long bdp = (long) (mbit(200) * millis(2));
        BottleneckSimulation sim = new BottleneckSimulation(mbit(200), millis(2), 64 * KIB, 1024 * KIB);
        sim.run(TimeUnit.SECONDS.toNanos(3));
        sim.resetStats();
        sim.run(TimeUnit.SECONDS.toNanos(3));
        assertTrue(sim.window() >= bdp && sim.window() <= 3 * bdp, "window " + sim.window() + ", bdp " + bdp);
        // Frames of a quarter of the window keep credit flowing (whole-window frames used about 0.73 of the link
        // here); what remains idle is the SEQ hysteresis of half a window on a window near 2 x bdp (about 0.84).
        assertTrue(sim.utilisation() > 0.8, "utilisation " + sim.utilisation());
        assertTrue(sim.maxQueueNanos <= millis(5), "queue " + sim.maxQueueNanos / 1000 + " us");
        assertTrue(Math.abs(sim.tuner.roundTripNanos() - millis(2)) < micros(300),
                "min rtt " + sim.tuner.roundTripNanos());
    }

    @Test
    void aSlowLinkKeepsTheQueueToAFewMillisecondsAtTheMinimumWindow() {
        // 10 Mbit/s over 200 us: bdp 250 octets, far below the RFC's 4096. The initial 64 KiB window alone would
        // queue 52 ms; the tuner drains it and keeps the window near the 4096 floor.
        BottleneckSimulation sim = new BottleneckSimulation(mbit(10), micros(200), 64 * KIB, 1024 * KIB);
        sim.run(TimeUnit.SECONDS.toNanos(2));
        sim.resetStats();
        sim.run(TimeUnit.SECONDS.toNanos(2));
        assertTrue(sim.window() <= 8 * KIB, "window " + sim.window());
        assertTrue(sim.utilisation() > 0.9, "utilisation " + sim.utilisation());
        assertTrue(sim.maxQueueNanos <= millis(7), "queue " + sim.maxQueueNanos / 1000 + " us");
        assertTrue(sim.smallestWindow >= 4096);
    }

    @Test
    void aMinimumTakenWhileBothHostsWereIdleDoesNotStarveABusyLink() {
        // 50 Mbit/s over 40 us, but each end's turn-around adds 0 to 600 us from SEQ to SEQ (busy event loops):
        // the minimum round trip is 40 us, the usual one about ten times that. A window sized for 40 us (2 x 250
        // octets, so the 4096 floor) left a third of the link idle (0.66).
        BottleneckSimulation sim = new BottleneckSimulation(mbit(50), micros(40), 64 * KIB, 1024 * KIB);
        sim.turnaroundNanos = new long[] {0, micros(400), micros(200), micros(600)};
        sim.run(TimeUnit.SECONDS.toNanos(2));
        sim.resetStats();
        sim.run(TimeUnit.SECONDS.toNanos(2));
        assertTrue(sim.tuner.roundTripNanos() < micros(100), "min rtt " + sim.tuner.roundTripNanos());
        assertTrue(sim.utilisation() > 0.9, "utilisation " + sim.utilisation());
        assertTrue(sim.maxQueueNanos <= millis(3), "queue " + sim.maxQueueNanos / 1000 + " us");
    }

    @Test
    void aBusyHostsLateSamplesAreNotTakenForQueueing() {
        // 200 Mbit/s over 40 us, and every eighth SEQ leaves 3 ms late (a collection pause, a busy event loop). With
        // so little of ours ahead of the credit, those samples are the host's delay, not a queue: cutting the window
        // at each left three quarters of the link idle (0.27); holding it keeps most of the link in use.
        BottleneckSimulation sim = new BottleneckSimulation(mbit(200), micros(40), 64 * KIB, 1024 * KIB);
        sim.turnaroundNanos = new long[] {0, 0, 0, millis(3), 0, 0, micros(500), 0};
        sim.run(TimeUnit.SECONDS.toNanos(2));
        sim.resetStats();
        sim.run(TimeUnit.SECONDS.toNanos(2));
        assertTrue(sim.utilisation() > 0.6, "utilisation " + sim.utilisation());
        assertTrue(sim.maxQueueNanos <= millis(3), "queue " + sim.maxQueueNanos / 1000 + " us");
    }

    @Test
    void aBatchingApplicationKeepsAWindowThatCoversItsBatches() {
        // 1 Gbit/s over 200 us into an application that consumes what arrived once every 5 ms (a syslog collector's
        // fsync per batch, a broker's acknowledgement): credit returns up to 5 ms after the octets arrived. Sized to
        // the path alone (2 x rate x round trip), the window fell to 4096 octets at the first drain and stayed
        // there: one 4 KiB window per batch, 0.7 % of the link. The hold counts in the loop the window must cover.
        BottleneckSimulation sim = new BottleneckSimulation(mbit(1000), micros(200), 64 * KIB, 1024 * KIB);
        sim.batchConsumer(millis(5));
        sim.run(TimeUnit.SECONDS.toNanos(3));
        sim.resetStats();
        sim.run(TimeUnit.SECONDS.toNanos(10)); // past a periodic drain (8 s)
        assertTrue(sim.window() >= 64 * KIB, "window " + sim.window());
        assertTrue(sim.utilisation() > 0.3, "utilisation " + sim.utilisation());
        assertTrue(sim.tuner.applicationHoldNanos() >= millis(4), "hold " + sim.tuner.applicationHoldNanos());
    }

    @Test
    void aChangedRoundTripIsRelearned() {
        BottleneckSimulation sim = new BottleneckSimulation(mbit(200), millis(2), 64 * KIB, 1024 * KIB);
        sim.run(TimeUnit.SECONDS.toNanos(3));
        int before = sim.window();

        // A longer route: the old minimum ages out of the filter and the window follows the new bdp.
        sim.baseRttNanos = millis(8);
        sim.run(TimeUnit.SECONDS.toNanos(15));
        assertTrue(Math.abs(sim.tuner.roundTripNanos() - millis(8)) < micros(600),
                "min rtt " + sim.tuner.roundTripNanos());
        long longBdp = (long) (mbit(200) * millis(8));
        assertTrue(sim.window() > before && sim.window() >= longBdp, "window " + sim.window() + ", bdp " + longBdp);
        sim.resetStats();
        sim.run(TimeUnit.SECONDS.toNanos(2));
        assertTrue(sim.utilisation() > 0.9, "utilisation " + sim.utilisation());

        // A shorter route again: the next drain (at most 8 s away) measures it, and the window shrinks with it.
        sim.baseRttNanos = millis(1);
        sim.run(TimeUnit.SECONDS.toNanos(10));
        assertTrue(Math.abs(sim.tuner.roundTripNanos() - millis(1)) < micros(300),
                "min rtt " + sim.tuner.roundTripNanos());
        long shortBdp = (long) (mbit(200) * millis(1));
        // From 2 x the long route's bdp toward 2 x bdp plus one SEQ's credit: within 4 x the short route's bdp.
        assertTrue(sim.window() <= 4 * shortBdp, "window " + sim.window() + ", bdp " + shortBdp);
    }

    @Test
    void queueingDelayShrinksTheCreditButNeverBelow4096() {
        ReceiveWindowTuner t = new ReceiveWindowTuner(1 << 20);
        long now = 0;
        long received = 0;
        int window = 4096;
        // Clean samples at 100 us, a rate of 4096 octets per 100 us: bdp 4096.
        for (int i = 0; i < 3; i++) {
            window = t.onSeq(now, window, received, 0, 0, 1 << 22);
            t.onSeqSent(now, received, received, window);
            now += micros(100);
            received += 4096;
            t.onFrameStarted(now, received);
            t.onFrameReceived(now, received);
        }
        assertEquals(micros(100), t.roundTripNanos());
        // Whatever happened to the window since (another profile, an old estimate), it is now 256 KiB and every
        // round trip takes 50 ms: queueing. The tuner cuts toward 2 x bdp, halving at most per SEQ, floor 4096.
        window = 256 * KIB;
        for (int i = 0; i < 20; i++) {
            int next = t.onSeq(now, window, received, window / 2, 0, 1 << 22);
            assertTrue(next >= 4096 && next <= window, "window " + next);
            window = next;
            t.onSeqSent(now, received, received + window / 2, window);
            now += millis(50);
            received += window / 2 + 1024;
            t.onFrameStarted(now, received);
            t.onFrameReceived(now, received);
        }
        // 2 x bdp plus one SEQ's credit (half the window): the cut converges on 4 x bdp = 16 KiB.
        assertTrue(window <= 20 * KIB, "window " + window);
        assertTrue(t.shrinks() > 0);
        // A window already below the floor (a profile's own choice) is never cut further.
        assertEquals(2048, t.onSeq(now, 2048, received, 1024, 0, 1 << 22));
    }
}
