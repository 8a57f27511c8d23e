package io.beepkit.netty.internal;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One WARN per kind, then counting; a listener's log warns again after its quiet period. */
class ViolationLogTest {
    private static final Logger log = LoggerFactory.getLogger(ViolationLogTest.class);

    @Test
    @DisplayName("a session's log warns once per kind and counts the rest")
    void warnsOncePerKind() {
        ViolationLog v = new ViolationLog();
        assertTrue(v.warn(log, "a", "first a"));
        assertFalse(v.warn(log, "a", "second a"));
        assertFalse(v.warn(log, "a", "third a"));
        assertTrue(v.warn(log, "b", "first b"));
        assertEquals(Map.of("a", 2L, "b", 0L), v.suppressed());
    }

    @Test
    @DisplayName("a listener's log warns again once its quiet period has passed")
    void warnsAgainAfterQuietPeriod() throws Exception {
        ViolationLog v = new ViolationLog(1_000_000); // 1 ms
        assertTrue(v.warn(log, "a", "first"));
        Thread.sleep(5);
        assertTrue(v.warn(log, "a", "after the quiet period"));
        ViolationLog quiet = new ViolationLog(60_000_000_000L);
        assertTrue(quiet.warn(log, "a", "first"));
        assertFalse(quiet.warn(log, "a", "within the quiet period"));
    }

    @Test
    @DisplayName("a negative quiet period is refused, naming it")
    void negativeQuietPeriodIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ViolationLog(-1));
        assertEquals("quietNanos must be >= 0: -1", e.getMessage());
    }
}
