package io.beepkit.bench.kafka;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * RAW across a collector crash, every part real and on 127.0.0.1: {@code beep syslog send --raw} devices sending
 * numbered lines into {@code beep syslog receive} (its own process) writing to a file ({@code -o}) or to a Kafka
 * broker (a child JVM too), the collector killed with SIGKILL when half the lines are stored and started again on the
 * same port. RAW has no acknowledgement per line: a device forgets its lines when the collector accepts the close of
 * the channel that carried them, which it ends every {@value #CHECKPOINT} lines, and sends everything since then
 * again after a lost session. So every line must be stored at least once, and each device's duplicates are at most
 * what it sent again, itself at most one checkpoint per lost session.
 */
class RawCrashTest {
    private static final int DEVICES = 4;
    private static final int KAFKA_DEVICES = 2;
    /** Lines per device: more than two checkpoints, so the kill falls on a device that has forgotten some lines. */
    private static final int LINES = 25_000;
    private static final int SIZE = 120;
    /** {@code beep syslog send}'s RAW checkpoint (SyslogLink.RAW_CHECKPOINT_LINES; 4 MiB is never reached here). */
    private static final int CHECKPOINT = 10_000;
    private static final List<String> DEVICE_ARGS = List.of("--raw", "--retry-for", "60s", "--timeout", "30s");

    @TempDir
    Path dir;

    @Test
    @Timeout(180)
    void everyRawLineReachesTheFileAcrossACollectorKill() throws Exception {
        Path output = dir.resolve("collected.log");
        List<Path> files = new ArrayList<>();
        for (int d = 0; d < DEVICES; d++) {
            files.add(SyslogDevice.writeLines(dir, d, LINES, SIZE));
        }
        ExecutorService pool = Executors.newFixedThreadPool(DEVICES);
        long t0 = System.nanoTime();
        long atKill;
        List<SyslogDevice.Result> results = new ArrayList<>();
        try (CollectorProcess collector = CollectorProcess.startFile(dir.resolve("collector.log"), List.of("-Xmx256m"),
                output, List.of())) {
            List<CompletableFuture<SyslogDevice.Result>> runs = new ArrayList<>();
            for (int d = 0; d < DEVICES; d++) {
                int device = d;
                runs.add(CompletableFuture.supplyAsync(() -> SyslogDevice.send(device, files.get(device),
                        collector.port(), DEVICE_ARGS), pool));
            }
            long target = (long) DEVICES * LINES / 2;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (lines(output) < target) {
                assertTrue(System.nanoTime() < deadline, "the file did not reach " + target + " lines");
                Thread.sleep(20);
            }
            atKill = lines(output);
            assertTrue(runs.stream().noneMatch(CompletableFuture::isDone), "a device ended before the kill");
            collector.kill();
            collector.restart();
            for (CompletableFuture<SyslogDevice.Result> r : runs) {
                results.add(r.get(150, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        List<String> whole = new ArrayList<>();
        long torn = 0;
        for (String l : Files.readAllLines(output, StandardCharsets.UTF_8)) {
            if (l.length() == SIZE && l.endsWith("x")) {
                whole.add(l);
            } else {
                torn++; // a line the killed collector was writing: never acknowledged, so sent again
            }
        }
        int[] sent = new int[DEVICES];
        Arrays.fill(sent, LINES);
        TopicAudit audit = TopicAudit.of(whole, sent);
        String summary = String.format("file: %.1f s; lines at kill %d; %d whole lines, %d torn, %d missing, %d "
                        + "duplicates, %d foreign%s", (System.nanoTime() - t0) / 1e9, atKill, whole.size(), torn,
                audit.missing(), audit.duplicates(), audit.foreign(), devices(results, audit));
        System.out.println("RawCrashTest " + summary);
        check(results, audit, summary);
        assertTrue(torn <= 1, summary);
        assertEquals((long) DEVICES * LINES + audit.duplicates(), whole.size(), summary);
    }

    @Test
    @Timeout(240)
    void everyRawLineReachesTheTopicAcrossACollectorKill() throws Exception {
        try (KafkaBroker broker = KafkaBroker.start(dir, List.of("-Xms128m", "-Xmx512m"))) {
            // Two devices: RAW into Kafka is slower than into a file, and the test should stay near a minute.
            CrashScenario scenario = new CrashScenario(KAFKA_DEVICES, LINES, SIZE, 0.5, -1, DEVICE_ARGS,
                    List.of("-Xmx256m"), List.of());
            CrashScenario.Outcome o = scenario.run(broker, "syslog-raw-crash-" + UUID.randomUUID(), dir);
            TopicAudit audit = o.audit();
            String summary = String.format("kafka: %.1f s; records at kill %d (devices running %d), collector down "
                            + "%d ms; topic %d records, %d missing, %d duplicates, %d foreign%s", o.seconds(),
                    o.recordsAtKill(), o.runningAtKill(), o.collectorDownMillis(), audit.records(), audit.missing(),
                    audit.duplicates(), audit.foreign(), devices(o.devices(), audit));
            System.out.println("RawCrashTest " + summary);
            assertEquals(KAFKA_DEVICES, o.runningAtKill(), summary);
            check(o.devices(), audit, summary);
            assertEquals((long) KAFKA_DEVICES * LINES + audit.duplicates(), audit.records(), summary);
        }
    }

    private static void check(List<SyslogDevice.Result> results, TopicAudit audit, String summary) {
        assertEquals(0, audit.foreign(), summary);
        for (SyslogDevice.Result r : results) {
            int d = r.device();
            assertEquals(0, r.exitCode(), "device " + d + ": " + r.stderr());
            assertEquals(0, audit.missing(d), "device " + d + " lines missing, first " + audit.firstMissing(d, 10)
                    + "; " + summary);
            assertTrue(r.reconnects() >= 1, "device " + d + " did not lose its collector: " + r.stderr());
            // A line is stored twice only if the device sent it again, and it sends again at most what it sent since
            // its last checkpoint.
            assertTrue(audit.duplicates(d) <= r.duplicatesPossible(), "device " + d + ": " + summary);
            assertTrue(r.duplicatesPossible() <= (long) CHECKPOINT * r.reconnects(), "device " + d + ": " + summary);
        }
    }

    private static String devices(List<SyslogDevice.Result> results, TopicAudit audit) {
        StringBuilder b = new StringBuilder();
        for (SyslogDevice.Result r : results) {
            b.append(String.format("; device %d: exit %d, reconnects %d, resent %d, duplicates possible %d, stored "
                            + "twice %d", r.device(), r.exitCode(), r.reconnects(), r.resent(), r.duplicatesPossible(),
                    audit.duplicates(r.device())));
            r.stderr().lines().filter(SyslogDevice::sessionLost).forEach(l -> b.append(" [").append(l).append(']'));
        }
        return b.toString();
    }

    /** Newlines in {@code file} so far (0 before it exists). */
    private static long lines(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        byte[] all = Files.readAllBytes(file);
        long n = 0;
        for (byte b : all) {
            if (b == '\n') {
                n++;
            }
        }
        return n;
    }
}
