package io.beepkit.micrometer;

import io.beepkit.syslog.shipping.ShipperCounts;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The meters read the shipper's counts when published: each one shows its own count, tagged as given. */
class ShipperMetersTest {
    @Test
    void metersFollowTheCounts() {
        AtomicReference<ShipperCounts> now = new AtomicReference<>(ShipperCounts.of(0, 0, 0, 0, 0, 0));
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new ShipperMeters(now::get, Tags.of("appender", "BEEP")).bindTo(registry);

        now.set(ShipperCounts.of(10, 7, 1, 2, 3, 4));

        assertEquals(10, registry.get(ShipperMeters.OFFERED).tag("appender", "BEEP").functionCounter().count());
        assertEquals(7, registry.get(ShipperMeters.DELIVERED).functionCounter().count());
        assertEquals(1, registry.get(ShipperMeters.DROPPED).functionCounter().count());
        assertEquals(2, registry.get(ShipperMeters.SPILLED).functionCounter().count());
        assertEquals(3, registry.get(ShipperMeters.RESENT).functionCounter().count());
        assertEquals(4, registry.get(ShipperMeters.PENDING).tag("appender", "BEEP").gauge().value());
    }
}
