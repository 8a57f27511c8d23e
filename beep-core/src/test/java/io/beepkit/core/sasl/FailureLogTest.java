package io.beepkit.core.sasl;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A peer failing SASL over and over adds at most one log line per interval, each counting what went unlogged. */
class FailureLogTest {
    @Test
    @DisplayName("a thousand failures within an interval log one line; the next line counts the rest")
    void failuresAreRateLimitedAndCounted() {
        List<String> lines = new ArrayList<>();
        AtomicLong now = new AtomicLong(1_000_000_000L);
        FailureLog log = new FailureLog(lines::add, now::get);
        for (int i = 0; i < 1000; i++) {
            log.failure("failed " + i);
        }
        assertEquals(List.of("failed 0"), lines);
        now.addAndGet(FailureLog.INTERVAL_NANOS);
        log.failure("failed again");
        assertEquals(List.of("failed 0", "failed again (999 more failures since the previous line)"), lines);
        now.addAndGet(FailureLog.INTERVAL_NANOS);
        log.failure("quiet since");
        assertEquals("quiet since", lines.get(2));
    }
}
