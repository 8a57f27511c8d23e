package io.beepkit.netty.internal;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blocked-loop checker on a real loop thread of this library: application code that sleeps on it past the
 * threshold is reported once per stall, with the loop's name and a duration over the threshold; a loop that runs no
 * application code, or whose code returned, is not.
 */
class BlockedLoopCheckerTest {
    private static final long THRESHOLD = TimeUnit.MILLISECONDS.toNanos(50);

    @Test
    @DisplayName("application code holding a loop past the threshold is reported once; before and after, nothing")
    void reportsAStallOnce() throws Exception {
        List<String> reports = new CopyOnWriteArrayList<>();
        BlockedLoopChecker checker = new BlockedLoopChecker(THRESHOLD,
                (t, held) -> reports.add(t.getName() + " " + (held >= THRESHOLD)));
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch returned = new CountDownLatch(1);
        HandOffSpin.LoopThread loop = new HandOffSpin.LoopThread(null, () -> {
            long since = BlockedLoopChecker.enter();
            try {
                inside.countDown();
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                BlockedLoopChecker.exit(since);
            }
            returned.countDown();
            try {
                Thread.sleep(10_000); // idle, outside application code, until interrupted
            } catch (InterruptedException e) {
                // done
            }
        }, "test-loop-1", 0);
        checker.add(loop);
        checker.check(System.nanoTime());
        loop.start();
        assertTrue(inside.await(10, TimeUnit.SECONDS));
        checker.check(System.nanoTime());
        assertEquals(List.of(), reports, "reported before the threshold");
        Thread.sleep(TimeUnit.NANOSECONDS.toMillis(THRESHOLD) + 30);
        checker.check(System.nanoTime());
        checker.check(System.nanoTime());
        assertEquals(List.of("test-loop-1 true"), reports);
        release.countDown();
        assertTrue(returned.await(10, TimeUnit.SECONDS));
        Thread.sleep(TimeUnit.NANOSECONDS.toMillis(THRESHOLD) + 30);
        checker.check(System.nanoTime());
        assertEquals(1, reports.size(), reports.toString());
        loop.interrupt();
        loop.join(5000);
    }
}
