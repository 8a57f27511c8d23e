package io.beepkit.bench.kafka;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reliable syslog into Kafka across crashes, every part real and on 127.0.0.1: a KRaft broker from Maven Central's
 * artifacts in a child JVM, {@code beep syslog receive --kafka-...} in another, and four {@code beep syslog send}
 * COOKED devices sending numbered lines. The collector is killed with SIGKILL and started again on the same port,
 * then the broker is stopped and started again on the same port and data, both while the devices send. Every line
 * must be in the topic, every device must exit 0, and the duplicates stay within the devices' in-flight windows.
 */
class SyslogKafkaCrashTest {
    private static final int DEVICES = 4;
    private static final int LINES = 3000;
    /** COOKED entries a {@code beep syslog send} device has unacknowledged at most by default (SyslogLink.COOKED_IN_FLIGHT). */
    private static final int IN_FLIGHT = 1024;
    /** The collector's SIGKILL and the broker's restart. */
    private static final int DISRUPTIONS = 2;

    @TempDir
    Path dir;

    @Test
    @Timeout(300)
    void everyLineReachesTheTopicAcrossACollectorKillAndABrokerRestart() throws Exception {
        try (KafkaBroker broker = KafkaBroker.start(dir, List.of("-Xms128m", "-Xmx512m"))) {
            CrashScenario scenario = new CrashScenario(DEVICES, LINES, 120, 0.25, 0.55,
                    // Waits for an <ok /> through the broker's restart rather than giving up on the session.
                    List.of("--retry-for", "120s", "--timeout", "90s"),
                    List.of("-Xmx256m"), List.of());
            CrashScenario.Outcome o = scenario.run(broker, "syslog-crash-" + UUID.randomUUID(), dir);
            String summary = summary(o);
            System.out.println("SyslogKafkaCrashTest: " + summary);

            for (SyslogDevice.Result r : o.devices()) {
                assertEquals(0, r.exitCode(), "device " + r.device() + ": " + r.stderr());
            }
            // The disruptions fell while every device was sending (placed by the topic's progress).
            assertTrue(o.recordsAtKill() >= 0 && o.recordsAtKill() < (long) DEVICES * LINES, summary);
            assertEquals(DEVICES, o.runningAtKill(), summary);
            assertTrue(o.recordsAtBrokerStop() >= 0 && o.recordsAtBrokerStop() < (long) DEVICES * LINES, summary);
            assertTrue(o.runningAtBrokerStop() >= 1, summary);
            TopicAudit audit = o.audit();
            assertEquals(0, audit.foreign(), summary);
            for (SyslogDevice.Result r : o.devices()) {
                int d = r.device();
                assertEquals(0, audit.missing(d), "device " + d + " lines missing, first "
                        + audit.firstMissing(d, 10) + "; " + summary);
                assertTrue(r.reconnects() >= 1, "device " + d + " did not lose its collector: " + r.stderr());
                // A line is in the topic twice only if the device sent it again after handing it to a session, and
                // each lost session leaves at most the device's window to send again.
                assertTrue(audit.duplicates(d) <= r.duplicatesPossible(), "device " + d + ": " + summary);
                assertTrue(r.duplicatesPossible() <= (long) IN_FLIGHT * r.reconnects(), "device " + d + ": " + summary);
                assertTrue(audit.duplicates(d) <= (long) IN_FLIGHT * DISRUPTIONS, "device " + d + ": " + summary);
            }
            assertTrue(audit.duplicates() <= (long) DEVICES * IN_FLIGHT * DISRUPTIONS, summary);
            assertEquals((long) DEVICES * LINES + audit.duplicates(), audit.records(), summary);
        }
    }

    private static String summary(CrashScenario.Outcome o) {
        StringBuilder b = new StringBuilder();
        b.append(String.format("%.1f s; records at kill %d (devices running %d), collector down %d ms; records at "
                        + "broker stop %d (devices running %d), broker down %d ms; topic %d records, %d missing, %d "
                        + "duplicates, %d foreign", o.seconds(), o.recordsAtKill(), o.runningAtKill(),
                o.collectorDownMillis(), o.recordsAtBrokerStop(), o.runningAtBrokerStop(), o.brokerDownMillis(),
                o.audit().records(), o.audit().missing(), o.audit().duplicates(), o.audit().foreign()));
        for (SyslogDevice.Result r : o.devices()) {
            b.append(String.format("; device %d: exit %d, reconnects %d, resent %d, duplicates possible %d, in topic "
                            + "%d", r.device(), r.exitCode(), r.reconnects(), r.resent(), r.duplicatesPossible(),
                    o.audit().duplicates(r.device())));
            // Why each session ended, so a run with more resends than disruptions says what caused them.
            r.stderr().lines().filter(SyslogDevice::sessionLost).forEach(l -> b.append(" [").append(l).append(']'));
        }
        return b.toString();
    }
}
