package io.beepkit.cli;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LatencyHistogramTest {
    /** A run that gave up on stuck exchanges reports while late replies are still recorded. */
    @Test
    void theReportReadsOneSnapshotWhileRepliesAreStillRecorded() throws Exception {
        LatencyHistogram h = new LatencyHistogram();
        for (int i = 1; i <= 1000; i++) {
            h.record(i * 1_000L);
        }
        AtomicBoolean stop = new AtomicBoolean();
        Thread late = new Thread(() -> {
            while (!stop.get()) {
                h.record(5_000_000L);
            }
        });
        late.start();
        try {
            Thread.sleep(20);
            long count = h.count();
            long p50 = h.percentile(50);
            double mean = h.mean();
            long max = h.max();
            Thread.sleep(50);
            for (int i = 0; i < 1000; i++) {
                assertEquals(count, h.count());
                assertEquals(p50, h.percentile(50));
                assertEquals(mean, h.mean());
                assertEquals(max, h.max());
            }
            assertTrue(count >= 1000, "count " + count);
        } finally {
            stop.set(true);
            late.join();
        }
    }
}
