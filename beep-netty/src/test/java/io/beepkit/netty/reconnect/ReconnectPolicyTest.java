package io.beepkit.netty.reconnect;

import io.beepkit.netty.ReconnectPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The backoff arithmetic of {@link ReconnectPolicy}: ceilings, full jitter within them, validation. */
class ReconnectPolicyTest {
    private final ReconnectPolicy policy = ReconnectPolicy.builder().initialDelay(Duration.ofMillis(100))
            .maxDelay(Duration.ofSeconds(5)).multiplier(3).build();

    @Test
    void ceilingsGrowByTheMultiplierUpToTheMaximum() {
        assertEquals(Duration.ofMillis(100), policy.ceiling(1));
        assertEquals(Duration.ofMillis(300), policy.ceiling(2));
        assertEquals(Duration.ofMillis(900), policy.ceiling(3));
        assertEquals(Duration.ofMillis(2700), policy.ceiling(4));
        assertEquals(Duration.ofSeconds(5), policy.ceiling(5));
        assertEquals(Duration.ofSeconds(5), policy.ceiling(Integer.MAX_VALUE)); // no overflow
        assertThrows(IllegalArgumentException.class, () -> policy.ceiling(0));
    }

    @Test
    void jitteredDelaysStayWithinTheirCeilingAndGrowOnAverage() {
        Random random = new Random(42);
        double previousMean = -1;
        for (int attempt = 1; attempt <= 6; attempt++) {
            long ceiling = policy.ceiling(attempt).toNanos();
            long sum = 0;
            long min = Long.MAX_VALUE;
            long max = 0;
            for (int i = 0; i < 2_000; i++) {
                long d = policy.delay(attempt, random).toNanos();
                assertTrue(d >= 0 && d <= ceiling, "attempt " + attempt + ": " + d + " outside [0, " + ceiling + "]");
                sum += d;
                min = Math.min(min, d);
                max = Math.max(max, d);
            }
            double mean = sum / 2_000.0;
            // Full jitter spreads over the whole range: mean near half the ceiling, extremes near both ends.
            assertTrue(Math.abs(mean - ceiling / 2.0) < ceiling * 0.05, "attempt " + attempt + " mean " + mean);
            assertTrue(min < ceiling * 0.01 && max > ceiling * 0.99, "attempt " + attempt + " range " + min + ".." + max);
            if (attempt <= 5) {
                assertTrue(mean > previousMean, "attempt " + attempt + " mean " + mean + " <= " + previousMean);
            }
            previousMean = mean;
        }
    }

    @Test
    void sameSeedSameDelays() {
        Random a = new Random(7);
        Random b = new Random(7);
        for (int attempt = 1; attempt < 10; attempt++) {
            assertEquals(policy.delay(attempt, a), policy.delay(attempt, b));
        }
    }

    @Test
    void defaultsAndCopy() {
        ReconnectPolicy d = ReconnectPolicy.defaults();
        assertEquals(ReconnectPolicy.DEFAULT_INITIAL_DELAY, d.initialDelay());
        assertEquals(ReconnectPolicy.DEFAULT_MAX_DELAY, d.maxDelay());
        assertEquals(ReconnectPolicy.DEFAULT_MULTIPLIER, d.multiplier());
        assertEquals(0, d.maxAttempts());
        assertEquals(Duration.ZERO, d.awaitConnection());
        ReconnectPolicy copy = policy.toBuilder().maxAttempts(4).build();
        assertEquals(policy.ceiling(3), copy.ceiling(3));
        assertEquals(4, copy.maxAttempts());
    }

    @Test
    void invalidValuesAreRejectedNamingThem() {
        assertMessage("initialDelay must be > 0: PT0S",
                () -> ReconnectPolicy.builder().initialDelay(Duration.ZERO).build());
        assertMessage("maxDelay PT0.05S must be >= initialDelay PT0.1S",
                () -> ReconnectPolicy.builder().maxDelay(Duration.ofMillis(50)).build());
        assertMessage("multiplier must be a finite number >= 1: 0.5",
                () -> ReconnectPolicy.builder().multiplier(0.5).build());
        assertMessage("multiplier must be a finite number >= 1: NaN",
                () -> ReconnectPolicy.builder().multiplier(Double.NaN).build());
        assertMessage("maxAttempts must be >= 0 (0 for never giving up): -1",
                () -> ReconnectPolicy.builder().maxAttempts(-1).build());
        assertMessage("awaitConnection must be >= 0: PT-1S",
                () -> ReconnectPolicy.builder().awaitConnection(Duration.ofSeconds(-1)).build());
        assertMessage("maxDelay must be at most one day: PT48H",
                () -> ReconnectPolicy.builder().maxDelay(Duration.ofDays(2)).build());
    }

    private static void assertMessage(String expected, Runnable r) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, r::run).getMessage());
    }
}
