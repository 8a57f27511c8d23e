package io.beepkit.core.flow;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Frame-size sequences for window/message combinations (CONFORMANCE item 31, the BTF pathology). */
class FragmentPlannerTest {
    private static final int W = 4096;
    private final FragmentPlanner aware = FragmentPlanner.windowAware(64 * 1024, 512);

    @Test
    void messageThatFitsGoesWhole() {
        assertEquals(4096, aware.nextFrameSize(4096, 4096, 4096, false));
        assertEquals(100, aware.nextFrameSize(100, 4096, 4096, false));
    }

    @Test
    void message4098OnFreshWindow4096LeavesAMinimumFragmentTail() {
        assertEquals(3586, aware.nextFrameSize(4098, 4096, 4096, false));
        assertEquals(512, aware.nextFrameSize(512, 4096, 4096, false));
    }

    @Test
    void naivePlannerProducesTheTinyTail() {
        FragmentPlanner naive = FragmentPlanner.naive();
        assertEquals(4096, naive.nextFrameSize(4098, 4096, 4096, false));
        assertEquals(2, naive.nextFrameSize(2, 4096, 4096, false));
    }

    @Test
    void zeroWindowMeansWait() {
        assertEquals(0, aware.nextFrameSize(4098, 0, 4096, false));
        assertEquals(0, aware.nextFrameSize(4098, 0, 4096, true));
        assertEquals(0, FragmentPlanner.naive().nextFrameSize(10, 0, 4096, false));
    }

    @Test
    void smallOpeningWithHalfWindowInFlightWaitsForSeq() {
        // 100 octets open, 3996 in flight: a SEQ is due, do not send a 100-octet sliver of a large message
        assertEquals(0, aware.nextFrameSize(8000, 100, 4096, false));
        // ... unless waiting already lasted too long
        assertEquals(100, aware.nextFrameSize(8000, 100, 4096, true));
    }

    @Test
    void smallOpeningWithLittleInFlightSendsRatherThanDeadlock() {
        // the peer may never send a SEQ for 10 octets in flight; the whole window is nearly open
        assertTrue(aware.nextFrameSize(8000, 4086, 4096, false) > 0);
    }

    @Test
    void maximumFrameSizeCapsFrames() {
        FragmentPlanner p = FragmentPlanner.windowAware(1000, 100);
        assertEquals(1000, p.nextFrameSize(5000, 4096, 4096, false));
    }

    @Test
    void fullSizeFrameDoesNotWaitForSeqOnAWindowLargerThanTwoFrames() {
        // 256 KiB frames, a 4 MiB peer window with 2.5 MiB in flight: a SEQ is due, but the frame is already as
        // large as it can get, so waiting for the SEQ would only stall the pipe until the tail timer fires.
        FragmentPlanner p = FragmentPlanner.windowAware(256 * 1024, 4096);
        int window = 4 * 1024 * 1024;
        int available = window - 2560 * 1024;
        assertEquals(256 * 1024, p.nextFrameSize(10L * 1024 * 1024, available, window, false));
        // A piece the window (not the frame size) caps still waits, as before.
        assertEquals(0, p.nextFrameSize(10L * 1024 * 1024, 100_000, window, false));
    }

    @Test
    void invalidSettingsAreRejectedWithTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FragmentPlanner.windowAware(0, 1));
        assertTrue(e.getMessage().contains("0"));
    }

    @Test
    void stream4098On4096NeverProducesTinyFragments() {
        WindowSimulation sim = new WindowSimulation(aware, W, 0);
        List<List<Integer>> msgs = sim.sendMessages(200, 4098);
        for (List<Integer> frames : msgs) {
            assertTrue(frames.size() <= 2, "frames " + frames);
            for (int f : frames) {
                assertTrue(f >= 512, "tiny fragment in " + frames);
            }
        }
        assertEquals(0, sim.forcedWaits);
    }

    @Test
    void naiveStream4098On4096ProducesBigPlusTinyPairs() {
        WindowSimulation sim = new WindowSimulation(FragmentPlanner.naive(), W, 0);
        List<List<Integer>> msgs = sim.sendMessages(50, 4098);
        long tiny = sim.frames.stream().filter(f -> f < 512).count();
        assertTrue(tiny >= 40, "expected a steady stream of tiny tails, got " + sim.frames);
    }

    @Test
    void stream8191On4096UsesFewFrames() {
        WindowSimulation sim = new WindowSimulation(aware, W, 0);
        for (List<Integer> frames : sim.sendMessages(100, 8191)) {
            assertTrue(frames.size() <= 3, "frames " + frames);
            assertTrue(frames.stream().allMatch(f -> f >= 512), "tiny fragment in " + frames);
        }
    }

    @Test
    void oneMebibyteOn4096IsWindowAligned() {
        WindowSimulation sim = new WindowSimulation(aware, W, 0);
        List<Integer> frames = sim.sendMessage(1024 * 1024);
        assertEquals(1024 * 1024, frames.stream().mapToInt(Integer::intValue).sum());
        // the receiver opens whole windows: every frame is a full window
        assertTrue(frames.stream().allMatch(f -> f == 4096), frames.toString());
        assertEquals(256, frames.size());
    }

    @Test
    void sequenceNumbersWrapPast2To32DuringAStream() {
        WindowSimulation sim = new WindowSimulation(aware, W, 4294967295L - 10_000);
        sim.sendMessages(10, 4098);
        assertTrue(sim.send.nextSeqno() < 100_000, "wrapped: " + sim.send.nextSeqno());
    }

    @Test
    void windowChangingMidMessageIsHonoured() {
        SendWindow send = new SendWindow(0, 4096);
        long remaining = 10_000;
        int n = aware.nextFrameSize(remaining, send.available(), send.peerWindow(), false);
        send.consume(n);
        remaining -= n;
        // the peer enlarges its window to 16 KiB mid-message
        send.onSeq(send.nextSeqno(), 16384);
        n = aware.nextFrameSize(remaining, send.available(), send.peerWindow(), false);
        assertEquals(remaining, n);
        // ... or shrinks it: we never send past the new edge
        SendWindow shrink = new SendWindow(0, 4096);
        shrink.consume(1000);
        shrink.onSeq(1000, 600);
        assertEquals(1, shrink.shrinkCount());
        assertTrue(aware.nextFrameSize(5000, shrink.available(), shrink.peerWindow(), true) <= 600);
    }

    @Test
    void framesAreAtMostAQuarterOfALargeWindowSoCreditFlowsBackMidWindow() {
        // 64 KiB open on a 64 KiB window: four 16 KiB frames, not one frame the peer sees only when the window is spent
        assertEquals(16384, aware.frameCap(65536));
        assertEquals(16384, aware.nextFrameSize(65536, 65536, 65536, false));
        // a window of 4096 keeps whole 4096-octet frames (the cap never goes below the RFC default window)
        assertEquals(4096, aware.frameCap(4096));
        assertEquals(4096, aware.nextFrameSize(8192, 4096, 4096, false));
        // a large window is capped by the profile's maximum frame size
        assertEquals(64 * 1024, aware.frameCap(1024 * 1024));
        // the naive planner (old stacks) fills the window whatever its size
        assertEquals(65536, FragmentPlanner.naive(64 * 1024).nextFrameSize(65536, 65536, 65536, false));
    }

    @Test
    void aCappedFrameDoesNotWaitForTheSeqLikeASillyWindowPiece() {
        // half the window in flight, a SEQ expected: a piece limited by the frame cap (not by what is open) still goes
        assertEquals(16384, aware.nextFrameSize(200_000, 32768, 65536, false));
    }

    @Test
    void aPeerThatShrankItsWindowGetsFramesAtOnceButNeverATinyOne() {
        // The peer cut its window from 64 KiB to 4096 and acknowledged everything: no SEQ is coming, so the 4096
        // octets open go now instead of waiting for the tail timer as a silly-window piece.
        assertEquals(4096, aware.nextFrameSize(200_000, 4096, 65536, 0, false));
        // Everything acknowledged but the peer still holds octets it has not consumed (its window field is smaller
        // than its buffer): a piece under the minimum fragment waits for the SEQ that consumption brings...
        assertEquals(0, aware.nextFrameSize(200_000, 300, 65536, 0, false));
        // ... and goes only when the tail timer forces it.
        assertEquals(300, aware.nextFrameSize(200_000, 300, 65536, 0, true));
    }
}
