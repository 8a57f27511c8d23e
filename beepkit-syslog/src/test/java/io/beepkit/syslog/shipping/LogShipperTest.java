package io.beepkit.syslog.shipping;

import io.beepkit.netty.ReconnectPolicy;
import io.beepkit.syslog.SyslogMessage;
import io.beepkit.syslog.SyslogStructuredData;
import io.beepkit.syslog.SyslogTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link LogShipper} over real sessions on 127.0.0.1 into the library's own collector. */
class LogShipperTest {
    private static final ReconnectPolicy FAST = ReconnectPolicy.builder().initialDelay(Duration.ofMillis(20))
            .maxDelay(Duration.ofMillis(200)).build();

    @Test
    void cookedDeliversEveryEventAcrossACollectorRestart() throws Exception {
        everyEventAcrossARestart(SyslogTransport.COOKED);
    }

    @Test
    void rawDeliversEveryEventAcrossACollectorRestart() throws Exception {
        everyEventAcrossARestart(SyslogTransport.RAW);
    }

    private static void everyEventAcrossARestart(SyslogTransport transport) throws Exception {
        int n = 20_000;
        try (Collector collector = new Collector().start(n / 4)) {
            LogShipper shipper = LogShipper.builder().collector("127.0.0.1", collector.port()).transport(transport)
                    .reconnect(FAST).capacity(n).rawCheckpointLines(1000).start();
            Thread app = new Thread(() -> {
                for (int i = 0; i < n; i++) {
                    assertTrue(shipper.offer(TestEvent.info("line " + i)));
                }
            });
            app.start();
            collector.awaitDeath(); // after a quarter, in the middle of a RAW channel (checkpoints every 1000)
            Thread.sleep(300);
            collector.start();
            app.join();
            ShipperCounts counts = shipper.close(Duration.ofSeconds(30));
            for (int i = 0; i < n; i++) {
                assertTrue(collector.received.containsKey("line " + i), "line " + i + " lost");
            }
            assertEquals(n, counts.delivered());
            assertEquals(0, counts.dropped());
            assertEquals(0, counts.pending());
            assertTrue(counts.resent() > 0, "what the collector had not acknowledged is sent again: " + counts);
            assertTrue(counts.resent() >= collector.duplicates(), counts + " duplicates " + collector.duplicates());
            System.out.println(transport + ": " + counts + ", duplicates at the collector " + collector.duplicates());
        }
    }

    @Test
    void eventsCarryLoggerThreadAndContextAsStructuredData() throws Exception {
        try (Collector collector = new Collector().start()) {
            LogShipper shipper = LogShipper.builder().collector("127.0.0.1", collector.port()).appName("billing")
                    .facility(16).start();
            shipper.offer(new TestEvent(4, "careful", Map.of("user", "a\"b]c\\d")));
            assertEquals(1, shipper.close(Duration.ofSeconds(10)).delivered());
            SyslogMessage m = collector.messages.get(0);
            assertEquals(16, m.facility());
            assertEquals(4, m.severity());
            assertEquals("billing", m.appName());
            assertEquals("careful", m.message());
            List<SyslogStructuredData.Element> sd = m.structuredDataElements();
            assertEquals("com.example.Billing", sd.get(0).param("logger"));
            assertEquals("log@32473", sd.get(0).id());
            assertEquals("mdc@32473", sd.get(1).id());
            assertEquals("a\"b]c\\d", sd.get(1).param("user"));
        }
    }

    @Test
    void spilledEventsAreDeliveredByTheNextShipperOnTheDirectory(@TempDir Path dir) throws Exception {
        Collector collector = new Collector().start();
        int port = collector.port();
        collector.kill(); // nobody listens: the shipper cannot deliver and spills after a second
        LogShipper first = LogShipper.builder().collector("127.0.0.1", port).reconnect(FAST)
                .overflow(OverflowPolicy.SPILL).spillDirectory(dir).start();
        for (int i = 0; i < 1000; i++) {
            first.offer(TestEvent.info("spilled " + i));
        }
        await(() -> first.counts().spilled() == 1000, "every event spilled");
        ShipperCounts left = first.close(Duration.ofMillis(100));
        assertEquals(0, left.delivered());
        assertEquals(0, left.dropped());
        collector.start();
        try (collector) {
            LogShipper second = LogShipper.builder().collector("127.0.0.1", port).reconnect(FAST)
                    .overflow(OverflowPolicy.SPILL).spillDirectory(dir).start();
            await(() -> collector.total.get() >= 1000, "the spill replayed");
            assertEquals(1000, second.close(Duration.ofSeconds(10)).delivered());
            for (int i = 0; i < 1000; i++) {
                assertTrue(collector.received.containsKey("spilled " + i), "spilled " + i + " lost");
            }
            try (Stream<Path> files = Files.list(dir)) {
                assertEquals(List.of(), files.toList(), "delivered segments are deleted");
            }
        }
    }

    @Test
    void dropPolicyDropsLowSeveritiesFirstAndCountsAndReportsIt() throws Exception {
        List<String> reports = new ArrayList<>();
        LogShipper shipper = LogShipper.builder().collector("127.0.0.1", 9).capacity(10)
                .overflow(OverflowPolicy.DROP).reconnect(FAST).listener(new ShipperListener() {
                    @Override
                    public synchronized void dropped(ShipperCounts counts, String reason) {
                        reports.add(reason);
                    }
                }).start();
        for (int i = 0; i < 8; i++) {
            assertTrue(shipper.offer(TestEvent.info("info " + i)));
        }
        assertFalse(shipper.offer(TestEvent.info("one info too many")));
        assertTrue(shipper.offer(new TestEvent(4, "warning", Map.of())));
        assertTrue(shipper.offer(new TestEvent(3, "error", Map.of())));
        assertFalse(shipper.offer(new TestEvent(3, "no room at all", Map.of())));
        assertEquals(2, shipper.counts().dropped());
        assertEquals(1, reports.size(), "rate-limited: " + reports);
        ShipperCounts last = shipper.close(Duration.ofMillis(50));
        assertEquals(12, last.dropped(), "what was left at the close is counted");
        assertEquals(0, last.pending());
    }

    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(10);
        }
    }
}
