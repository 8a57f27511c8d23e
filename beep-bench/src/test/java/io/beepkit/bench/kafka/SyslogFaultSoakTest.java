package io.beepkit.bench.kafka;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fault soak's 60-second version ({@link SyslogFaultSoak} runs 10 minutes): two COOKED and two RAW devices into a
 * collector with the Kafka sink on a real broker, the collector killed every 15 to 20 s, the broker restarted once,
 * the connections cut mid-message every 8 to 12 s. No line may be missing; duplicates and waits are printed.
 */
class SyslogFaultSoakTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(600)
    void noLineIsMissingAfterAMinuteOfFaults() throws Exception {
        FaultSoak.Settings settings = new FaultSoak.Settings(60, 200, 120, new FaultLoop.Interval(15, 20), 30,
                new FaultLoop.Interval(8, 12), System.currentTimeMillis());
        FaultSoak.Outcome o = FaultSoak.run(settings, dir);
        String report = SyslogFaultSoak.report(o);
        System.out.println("SyslogFaultSoakTest (seed " + settings.seed() + "):\n" + report);
        assertEquals(0, o.audit().missing(), report);
        assertEquals(0, o.audit().foreign(), report);
        for (FaultSoak.Device d : o.devices()) {
            assertEquals(0, d.result().exitCode(), report);
            assertTrue(d.sent() > 0, report);
        }
        assertTrue(o.faults().stream().anyMatch(f -> f.kind() == FaultLoop.Kind.COLLECTOR_KILL), report);
        assertTrue(o.faults().stream().anyMatch(f -> f.kind() == FaultLoop.Kind.BROKER_RESTART), report);
        assertTrue(o.cutMidStream() > 0, report);
        assertEquals((long) o.devices().stream().mapToInt(FaultSoak.Device::sent).sum() + o.audit().duplicates(),
                o.audit().records(), report);
    }
}
