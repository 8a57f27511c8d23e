package io.beepkit.cli;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UnitsTest {
    @Test
    void sizes() {
        assertEquals(4096, Units.parseSize("4096"));
        assertEquals(65536, Units.parseSize("64k"));
        assertEquals(65536, Units.parseSize("64KiB"));
        assertEquals(1 << 20, Units.parseSize("1M"));
        assertThrows(IllegalArgumentException.class, () -> Units.parseSize("-1"));
        assertThrows(IllegalArgumentException.class, () -> Units.parseSize("lots"));
    }

    @Test
    void durations() {
        assertEquals(Duration.ofSeconds(10), Units.parseDuration("10s"));
        assertEquals(Duration.ofMillis(1500), Units.parseDuration("1.5"));
        assertEquals(Duration.ofMillis(500), Units.parseDuration("500ms"));
        assertEquals(Duration.ofMinutes(2), Units.parseDuration("2m"));
        assertThrows(IllegalArgumentException.class, () -> Units.parseDuration("soon"));
    }

    @Test
    void targets() {
        assertEquals(new Target("127.0.0.1", 10288), Target.parse("127.0.0.1:10288"));
        assertEquals(new Target("localhost", 10288), Target.parse("localhost"));
        assertEquals(new Target("::1", 7), Target.parse("[::1]:7"));
        assertEquals("[::1]:7", Target.parse("[::1]:7").toString());
        assertThrows(IllegalArgumentException.class, () -> Target.parse("::1:7"));
        assertThrows(IllegalArgumentException.class, () -> Target.parse(":7"));
        assertThrows(IllegalArgumentException.class, () -> Target.parse("h:0"));
    }

    @Test
    void histogramPercentiles() {
        LatencyHistogram h = new LatencyHistogram();
        for (int i = 1; i <= 1000; i++) {
            h.record(i * 1000L); // 1..1000 us
        }
        assertEquals(1000, h.count());
        assertEquals(1000_000L, h.max());
        assertEquals(1000L, h.min());
        assertTrue(Math.abs(h.percentile(50) - 500_000) < 500_000 * 0.02, "p50 " + h.percentile(50));
        assertTrue(Math.abs(h.percentile(99) - 990_000) < 990_000 * 0.02, "p99 " + h.percentile(99));
    }
}
