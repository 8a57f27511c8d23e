package io.beepkit.bench.kafka;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The steady-state rate and per-second timeline read from samples of a topic's record count. */
class ProgressReportTest {
    private static TopicProgress.Sample s(double seconds, long records) {
        return new TopicProgress.Sample(seconds, records);
    }

    @Test
    void steadyRateIsReadBetweenTheMomentsTheSharesWereReached() {
        // A slow start (1 000 records in the first 2 s), then 10 000 a second until all 21 000 are in.
        ProgressReport p = new ProgressReport(List.of(s(0, 0), s(1, 500), s(2, 1000), s(3, 11_000),
                s(4, 21_000), s(4.5, 21_000)));
        ProgressReport.Rate r = p.rate(20_000, 0.25, 0.90);
        assertNotNull(r);
        // 5 000 records at 2.4 s, 18 000 at 3.7 s: both on the 10 000/s stretch.
        assertEquals(2.4, r.fromSeconds(), 1e-9);
        assertEquals(3.7, r.toSeconds(), 1e-9);
        assertEquals(10_000, r.perSecond(), 1e-6);
    }

    @Test
    void noRateWhenTheTopicNeverReachedTheUpperShare() {
        ProgressReport p = new ProgressReport(List.of(s(0, 0), s(1, 100), s(2, 200)));
        assertNull(p.rate(1000, 0.25, 0.90));
        assertThrows(IllegalArgumentException.class, () -> p.rate(1000, 0.9, 0.25));
    }

    @Test
    void timelineGivesTheRecordsAddedInEachSecondInThousands() {
        ProgressReport p = new ProgressReport(List.of(s(0, 0), s(0.5, 1000), s(1.5, 5000), s(2.5, 5000),
                s(3.1, 5600)));
        // Second 0: 0 to 3 000 (halfway between 0.5 s and 1.5 s); second 1: to 5 000; second 2: 500; the last
        // 0.1 s is too short to scale and is left out.
        assertEquals("3.0 2.0 0.5", p.timeline());
        assertEquals("", new ProgressReport(List.of()).timeline());
    }
}
