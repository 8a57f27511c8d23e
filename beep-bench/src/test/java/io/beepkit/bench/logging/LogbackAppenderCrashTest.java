package io.beepkit.bench.logging;

import io.beepkit.bench.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Logback appender from outside: {@link LoggingService} in its own JVM logs through it into
 * {@code beep syslog receive -o FILE}, also a process of its own. The collector is killed with SIGKILL and started
 * again twice; then the application itself is killed with the disk spill on and started again.
 */
class LogbackAppenderCrashTest {
    private static final Pattern LINE = Pattern.compile(".* line (\\d+)$");
    private static final Pattern PROGRESS = Pattern.compile("progress logged=(\\d+) spilled=(\\d+) delivered=\\d+");

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void everyLineArrivesAtLeastOnceThroughTwoCollectorKills(@TempDir Path dir) throws Exception {
        int n = 100_000;
        Path file = dir.resolve("received.log");
        try (FileCollectorProcess collector = FileCollectorProcess.start(file, dir.resolve("collector.log"));
             ChildJvm service = service(dir, collector.port(), 0, n, "BLOCK", null, line -> { })) {
            for (int atLines : new int[] {20_000, 55_000}) {
                awaitLines(file, atLines, service);
                collector.kill();
                Thread.sleep(500);
                collector.restart();
            }
            assertEquals(0, service.await(240), "the service failed: " + service.logTail(3000));
            Map<Long, Integer> seen = count(file);
            long missing = 0;
            for (long i = 0; i < n; i++) {
                missing += seen.containsKey(i) ? 0 : 1;
            }
            long duplicates = seen.values().stream().mapToLong(c -> c - 1).sum();
            System.out.println("collector killed twice: " + n + " lines, missing " + missing + ", duplicates "
                    + duplicates + "; the service said: " + service.logTail(300).strip());
            assertEquals(0, missing, "lines lost");
        }
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void linesTheSpillHeldWhenTheApplicationWasKilledAreDeliveredAfterItRestarts(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("received.log");
        Path spill = dir.resolve("spill");
        try (FileCollectorProcess collector = FileCollectorProcess.start(file, dir.resolve("collector.log"))) {
            int port = collector.port();
            collector.kill(); // nobody listens: the service spills
            AtomicLong spilled = new AtomicLong();
            AtomicLong logged = new AtomicLong();
            try (ChildJvm first = service(dir, port, 0, 1_000_000, "SPILL", spill, line -> {
                Matcher m = PROGRESS.matcher(line);
                if (m.matches()) {
                    logged.set(Long.parseLong(m.group(1)));
                    spilled.set(Long.parseLong(m.group(2)));
                }
            })) {
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (spilled.get() < 20_000) {
                    assertTrue(first.isAlive() && System.nanoTime() < until, "no spill: " + first.logTail(2000));
                    Thread.sleep(20);
                }
                first.kill(); // mid-stream
            }
            Map<Long, Integer> onDisk = spilledLines(spill);
            collector.restart();
            try (ChildJvm second = service(dir, port, 5_000_000, 1000, "SPILL", spill, line -> { })) {
                assertEquals(0, second.await(240), "the restarted service failed: " + second.logTail(3000));
                assertTrue(Files.exists(file), "nothing arrived: " + second.logTail(3000));
                Map<Long, Integer> seen = count(file);
                long missing = onDisk.keySet().stream().filter(k -> !seen.containsKey(k)).count();
                long duplicates = seen.values().stream().mapToLong(c -> c - 1).sum();
                System.out.println("application killed after logging about " + logged.get() + " lines: "
                        + onDisk.size() + " in the spill, " + missing + " of them missing after the restart, "
                        + duplicates + " duplicates; the restarted service said: " + second.logTail(300).strip());
                assertTrue(onDisk.size() >= 20_000, "spilled " + onDisk.size());
                assertEquals(0, missing, "spilled lines lost");
                for (long i = 5_000_000; i < 5_001_000; i++) {
                    assertTrue(seen.containsKey(i), "line " + i + " of the second run lost");
                }
            }
        }
    }

    private static ChildJvm service(Path dir, int port, long first, int count, String policy, Path spill,
                                    java.util.function.Consumer<String> lines) throws IOException {
        List<String> args = spill == null
                ? List.of(Integer.toString(port), Long.toString(first), Integer.toString(count), policy)
                : List.of(Integer.toString(port), Long.toString(first), Integer.toString(count), policy,
                        spill.toString());
        return ChildJvm.start(List.of("-Xmx512m", FileCollectorProcess.SIMPLE_LOGGING),
                LoggingService.class.getName(), args, dir.resolve("service-" + first + ".log"), lines);
    }

    /** Waits until {@code file} holds {@code lines} lines. */
    private static void awaitLines(Path file, long lines, ChildJvm service) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        long counted = 0;
        long offset = 0;
        byte[] buf = new byte[1 << 16];
        while (counted < lines) {
            assertTrue(System.nanoTime() < until, "only " + counted + " lines arrived: " + service.logTail(2000));
            if (Files.exists(file)) {
                try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
                    f.seek(offset);
                    for (int r; (r = f.read(buf)) > 0; offset += r) {
                        for (int i = 0; i < r; i++) {
                            counted += buf[i] == '\n' ? 1 : 0;
                        }
                    }
                }
            }
            Thread.sleep(20);
        }
    }

    /** How often each line number occurs in {@code file}. */
    private static Map<Long, Integer> count(Path file) throws IOException {
        Map<Long, Integer> seen = new HashMap<>();
        try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
            lines.forEach(l -> {
                Matcher m = LINE.matcher(l);
                if (m.matches()) {
                    seen.merge(Long.parseLong(m.group(1)), 1, Integer::sum);
                }
            });
        }
        return seen;
    }

    /** The line numbers in the spill's segment files (complete lines only). */
    private static Map<Long, Integer> spilledLines(Path spill) throws IOException {
        Map<Long, Integer> lines = new HashMap<>();
        try (Stream<Path> files = Files.list(spill)) {
            for (Path p : files.toList()) {
                String text = Files.readString(p, StandardCharsets.UTF_8);
                int end = text.lastIndexOf('\n');
                for (String l : text.substring(0, end + 1).split("\n")) {
                    Matcher m = LINE.matcher(l);
                    if (m.matches()) {
                        lines.merge(Long.parseLong(m.group(1)), 1, Integer::sum);
                    }
                }
            }
        }
        return lines;
    }
}
