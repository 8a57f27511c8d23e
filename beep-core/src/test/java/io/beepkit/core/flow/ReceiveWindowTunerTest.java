package io.beepkit.core.flow;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Receive-window growth from the measured bandwidth-delay product, driven by a simulated clock: a peer that is
 * blocked at our right edge and sends one window per round trip.
 */
class ReceiveWindowTunerTest {
    /**
     * A round trip as long as the tuner's longest rate interval, so each round (one window) yields a rate sample;
     * shorter rounds take {@value DeliveryRate#SAMPLE_WINDOWS} windows per sample.
     */
    static final long RTT = TimeUnit.MILLISECONDS.toNanos(DeliveryRate.SAMPLE_MAX_MILLIS);
    static final long BUDGET = 1 << 24;

    /** A channel whose peer always fills the window and waits for our SEQ; the application keeps up. */
    static final class BlockedPeer {
        final ReceiveWindowTuner tuner;
        long now;
        long received;
        int window;

        BlockedPeer(int maxWindow, int window) {
            this.tuner = new ReceiveWindowTuner(maxWindow);
            this.window = window;
        }

        /** One round: the peer's window-full arrives one round trip after our SEQ, we consume it and send a SEQ. */
        int round(long interval, long unconsumed, long budget) {
            now += interval;
            received += window;
            tuner.onFrameStarted(now, received);
            tuner.onFrameReceived(now, received);
            int next = tuner.onSeq(now, window, received, 0, unconsumed, budget);
            tuner.onSeqSent(now, received, received, window);
            window = next;
            return next;
        }
    }

    @Test
    void windowLimitedPeerDoublesTheWindowPerRound() {
        BlockedPeer p = new BlockedPeer(1 << 20, 4096);
        assertEquals(4096, p.round(RTT, 0, BUDGET)); // first SEQ: starts the first round-trip sample, no rate yet
        assertEquals(4096, p.round(RTT, 0, BUDGET)); // round trip and rate known: one window-limited sample
        assertEquals(8192, p.round(RTT, 0, BUDGET)); // the second in a row grows
        assertEquals(RTT, p.tuner.roundTripNanos());
        assertEquals(4096, p.tuner.bandwidthDelayProduct());
        assertEquals(4096.0 / RTT * 1e9, p.tuner.octetsPerSecond(), 1.0);
        p.round(RTT, 0, BUDGET);
        assertEquals(16384, p.round(RTT, 0, BUDGET));
        assertEquals(2, p.tuner.growths());
    }

    @Test
    void growthStopsAtTheProfileMaximumAndTheSessionBudget() {
        BlockedPeer p = new BlockedPeer(10_000, 4096);
        p.round(RTT, 0, BUDGET);
        p.round(RTT, 0, BUDGET);
        assertEquals(8192, p.round(RTT, 0, BUDGET));
        p.round(RTT, 0, BUDGET);
        assertEquals(10_000, p.round(RTT, 0, BUDGET)); // 2 x bdp = 16384, capped by the maximum
        for (int i = 0; i < 4; i++) {
            assertEquals(10_000, p.round(RTT, 0, BUDGET));
        }

        BlockedPeer budgeted = new BlockedPeer(1 << 20, 4096);
        budgeted.round(RTT, 0, BUDGET);
        budgeted.round(RTT, 0, BUDGET);
        assertEquals(4096 + 1000, budgeted.round(RTT, 0, 1000));
        budgeted.round(RTT, 0, 0);
        assertEquals(5096, budgeted.round(RTT, 0, 0));
    }

    @Test
    void theApplicationsHoldCountsInTheBandwidthDelayProduct() {
        BlockedPeer p = new BlockedPeer(1 << 20, 4096);
        p.round(RTT, 0, BUDGET);
        p.round(RTT, 0, BUDGET);
        assertEquals(4096, p.tuner.bandwidthDelayProduct()); // nothing consumed yet: no hold known
        // The first frame (whole at RTT) is consumed half a round trip after the second: held 1.5 round trips.
        p.tuner.onConsumed(p.now + RTT / 2, p.received - 4096);
        assertEquals(RTT * 3 / 2, p.tuner.applicationHoldNanos());
        assertEquals(4096 + 4096 * 3 / 2, p.tuner.bandwidthDelayProduct(), 1);
        // Consumed again before the next marked frame is whole: no new sample.
        p.tuner.onConsumed(p.now + RTT, p.received);
        assertEquals(RTT * 3 / 2, p.tuner.applicationHoldNanos());
    }

    @Test
    void aSlowApplicationNeverGetsABiggerWindow() {
        BlockedPeer p = new BlockedPeer(1 << 20, 4096);
        for (int i = 0; i < 10; i++) {
            assertEquals(4096, p.round(RTT, 4096, BUDGET)); // a full window still unconsumed at every SEQ
        }
        assertEquals(0, p.tuner.growths());
    }

    @Test
    void aPeerThatIsNotBlockedAtOurEdgeDoesNotGrowTheWindow() {
        ReceiveWindowTuner t = new ReceiveWindowTuner(1 << 20);
        long now = 0;
        for (int i = 1; i <= 10; i++) {
            now += RTT;
            t.onFrameStarted(now, 1024L * i);
            t.onFrameReceived(now, 1024L * i);
            assertEquals(4096, t.onSeq(now, 4096, 1024L * i, 3072, 0, BUDGET)); // most of the window still open
            t.onSeqSent(now, 1024L * i, 1024L * i + 3072, 4096);
        }
        assertEquals(0, t.growths());
    }

    @Test
    void occasionalBurstsOnAKnownShortRoundTripDoNotGrowTheWindow() {
        // A bulk phase measures the path's round trip; then the peer fills the window only now and then (an
        // interactive channel), idle for 20 round trips in between: every sample is far above the minimum round
        // trip, so the window does not grow although each burst reaches our edge, and it does not shrink below
        // 2 x bdp either.
        BlockedPeer p = new BlockedPeer(1 << 20, 4096);
        p.round(RTT, 0, BUDGET);
        p.round(RTT, 0, BUDGET);
        assertEquals(8192, p.round(RTT, 0, BUDGET));
        for (int i = 0; i < 3; i++) { // 6 s: within the minimum's 10 s and before a drain is due
            assertEquals(8192, p.round(20 * RTT, 0, BUDGET));
        }
        assertEquals(RTT, p.tuner.roundTripNanos());
        assertEquals(20 * RTT, p.tuner.latestRoundTripNanos());
        assertEquals(1, p.tuner.growths());
        assertEquals(0, p.tuner.shrinks());
    }

    @Test
    void oneStepGrowsAtMostFourfold() {
        // A long round trip and a high rate: bdp = 64 windows; one step is capped at 4x.
        ReceiveWindowTuner t = new ReceiveWindowTuner(1 << 24);
        t.onSeq(0, 4096, 0, 0, 0, BUDGET);
        t.onSeqSent(0, 0, 0, 4096);
        t.onFrameStarted(64 * RTT, 4096);
        t.onFrameReceived(64 * RTT, 4096);
        // rate: 64 windows per round trip; the first window-limited sample counts, the second grows
        assertEquals(4096, t.onSeq(64 * RTT, 4096, 4096L * 64, 0, 0, BUDGET));
        t.onSeqSent(64 * RTT, 4096L * 64, 4096L * 64, 4096);
        t.onFrameStarted(128 * RTT, 4096L * 65);
        assertEquals(4 * 4096, t.onSeq(128 * RTT, 4096, 4096L * 128, 0, 0, BUDGET));
    }

    @Test
    void aBacklogReadLateDoesNotReadAsFasterThanTheLink() {
        // 2048-octet frames arrive every 250 us (8.2 MB/s) into an 8192-octet window; every 20th read comes 1 ms
        // late and hands over the four frames (one window) that arrived meanwhile. Measured over one round trip,
        // that read alone would be four times the link rate; over eight windows it is at most an eighth above it.
        long frameGap = TimeUnit.MICROSECONDS.toNanos(250);
        double linkRate = 2048.0 / frameGap * 1e9;
        ReceiveWindowTuner t = new ReceiveWindowTuner(8192);
        long received = 0;
        int frame = 0;
        for (int read = 0; read < 4000; read++) {
            int frames = read % 20 == 19 ? 4 : 1;
            long readAt = (frame + frames - 1) * frameGap + (frames > 1 ? frameGap : 0);
            for (int k = 0; k < frames; k++, frame++) {
                t.onFrameStarted(readAt, received + 2048);
                received += 2048;
                t.onFrameReceived(readAt, received);
            }
            t.onSeq(readAt, 8192, received, 8192 - 2048L * frames, 0, BUDGET);
            t.onSeqSent(readAt, received, received + 8192 - 2048L * frames, 8192);
        }
        assertTrue(t.octetsPerSecond() > 0.9 * linkRate && t.octetsPerSecond() < 1.15 * linkRate,
                "rate " + t.octetsPerSecond() + " on a link of " + linkRate);
    }

    @Test
    void manySeqsWithinOneRoundTripDecideOnce() {
        // SEQs come every 2048 octets, many per round trip; a window that grew at each of them would grow several
        // times on one sample, taken before the queue the growth builds could show.
        BlockedPeer p = new BlockedPeer(1 << 20, 4096);
        p.round(RTT, 0, BUDGET);
        p.round(RTT, 0, BUDGET);
        assertEquals(8192, p.round(RTT, 0, BUDGET));
        for (int i = 0; i < 10; i++) {
            p.now += RTT / 20;
            assertEquals(8192, p.tuner.onSeq(p.now, 8192, p.received, 0, 0, BUDGET), "SEQ " + i);
            p.tuner.onSeqSent(p.now, p.received, p.received, 8192);
        }
        assertEquals(1, p.tuner.growths());
    }
}
