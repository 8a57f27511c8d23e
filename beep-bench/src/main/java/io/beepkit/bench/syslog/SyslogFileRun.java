package io.beepkit.bench.syslog;

import io.beepkit.bench.ChildJvm;
import io.beepkit.bench.HarnessArgs;
import io.beepkit.cli.BeepCli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reliable syslog into a file, as a user runs it: {@code beep syslog receive --format json -o FILE} and one
 * {@code beep syslog send} device, each in a JVM of its own on 127.0.0.1, {@code lines} numbered 120-octet RFC 5424
 * lines, for each profile in turn, {@code rounds} times (interleaved, so a noisy machine affects each profile alike).
 *
 * <p>The collector writes and fsyncs a batch before it acknowledges it, so the lines in the file are the lines
 * acknowledged; the harness counts them every 100 ms ({@link LineCounter}). Per run it prints the whole-run rate (from
 * the device's start to the last line in the file, JVM start-up and JIT warm-up included) and the steady-state rate
 * (between the moments the file held 25 % and 90 % of the lines), a per-second timeline, and the CPU time of each JVM.
 *
 * <pre>java -cp beep-bench/target/benchmarks.jar io.beepkit.bench.syslog.SyslogFileRun lines=1000000 rounds=2</pre>
 *
 * Arguments ({@code name=value}): {@code lines} (1000000), {@code size} octets per line (120), {@code profiles}
 * (cooked,raw), {@code rounds} (2), {@code fsync} the collector's {@code --fsync} (every-batch), {@code dir} for the
 * line file, outputs and logs (a new temporary directory), {@code cookedDevice} and {@code cookedCollector} more
 * options of the COOKED device and collector, space-separated (such as {@code --in-flight 256} and
 * {@code --max-pending-entries 256}; none).
 */
public final class SyslogFileRun {
    private static final Pattern COLLECTING = Pattern.compile(".* collecting on [^ ]*:(\\d+): .*");

    private final Path dir;
    private final Path lineFile;
    private final int lines;
    private final String fsync;
    private final List<String> cookedDevice;
    private final List<String> cookedCollector;

    private SyslogFileRun(Path dir, Path lineFile, int lines, Map<String, String> args) {
        this.dir = dir;
        this.lineFile = lineFile;
        this.lines = lines;
        this.fsync = args.getOrDefault("fsync", "every-batch");
        this.cookedDevice = words(args.get("cookedDevice"));
        this.cookedCollector = words(args.get("cookedCollector"));
    }

    private static List<String> words(String s) {
        return s == null || s.isBlank() ? List.of() : List.of(s.trim().split("\\s+"));
    }

    /** Runs with {@code name=value} arguments; see the class description. Exits 1 when a run lost lines. */
    public static void main(String[] argv) throws Exception {
        Map<String, String> args = HarnessArgs.parse(argv);
        int lines = Integer.parseInt(args.getOrDefault("lines", "1000000"));
        int size = Integer.parseInt(args.getOrDefault("size", "120"));
        int rounds = Integer.parseInt(args.getOrDefault("rounds", "2"));
        List<String> profiles = Arrays.asList(args.getOrDefault("profiles", "cooked,raw").split(","));
        Path dir = args.containsKey("dir") ? Files.createDirectories(Path.of(args.get("dir")))
                : Files.createTempDirectory("syslog-file-run");
        System.out.printf(Locale.ROOT, "syslog into a file: %s, %d lines of %d octets, fsync %s, %d cores, %s %s, "
                        + "files in %s%n", Instant.now().truncatedTo(ChronoUnit.SECONDS), lines, size,
                args.getOrDefault("fsync", "every-batch"), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name"), System.getProperty("java.version"), dir);
        Path lineFile = NumberedLines.write(dir.resolve("lines.txt"), lines, size);
        SyslogFileRun run = new SyslogFileRun(dir, lineFile, lines, args);
        if (args.containsKey("cookedDevice") || args.containsKey("cookedCollector")) {
            System.out.printf("COOKED device options %s, collector options %s%n", run.cookedDevice, run.cookedCollector);
        }
        boolean ok = true;
        for (int round = 1; round <= rounds; round++) {
            for (String profile : profiles) {
                Result r = run.once(profile.trim(), round);
                System.out.println(r.describe(round));
                ok &= r.complete;
            }
        }
        System.exit(ok ? 0 : 1);
    }

    private Result once(String profile, int round) throws Exception {
        boolean raw = profile.equals("raw");
        if (!raw && !profile.equals("cooked")) {
            throw new IllegalArgumentException("profile must be cooked or raw: " + profile);
        }
        String tag = profile + "-" + round;
        Path out = dir.resolve("out-" + tag + ".jsonl");
        Files.deleteIfExists(out);
        List<String> receive = new ArrayList<>(List.of("syslog", "receive", "--host", "127.0.0.1", "--port", "0",
                "--format", "json", "-o", out.toString(), "--fsync", fsync, "--count", Integer.toString(lines)));
        if (!raw) {
            receive.addAll(cookedCollector);
        }
        CompletableFuture<Integer> bound = new CompletableFuture<>();
        ChildJvm collector = ChildJvm.start(List.of("-Xmx1g"), BeepCli.class.getName(), receive,
                dir.resolve("collector-" + tag + ".log"), line -> {
                    Matcher m = COLLECTING.matcher(line);
                    if (m.matches()) {
                        bound.complete(Integer.parseInt(m.group(1)));
                    }
                });
        try {
            int port = awaitPort(collector, bound);
            List<String> send = new ArrayList<>(List.of("syslog", "send", "127.0.0.1:" + port, "-f",
                    lineFile.toString()));
            if (raw) {
                send.add("--raw");
            } else {
                send.addAll(cookedDevice);
            }
            long t0 = System.nanoTime();
            try (ChildJvm device = ChildJvm.start(List.of(), BeepCli.class.getName(), send,
                    dir.resolve("device-" + tag + ".log"), line -> { })) {
                LineCounter counter = new LineCounter(out, t0);
                CpuWatch cpu = new CpuWatch(collector, device);
                while (device.isAlive() || counter.count() < lines && collector.isAlive()) {
                    Thread.sleep(100);
                    counter.poll();
                    cpu.poll();
                    if (System.nanoTime() - t0 > TimeUnit.MINUTES.toNanos(10)) {
                        break;
                    }
                }
                counter.poll();
                int deviceExit = device.await(30);
                collector.await(30);
                return new Result(profile, counter, cpu, lines, deviceExit);
            }
        } finally {
            collector.close();
        }
    }

    /** The port the collector printed in its "collecting on" line, within 60 s. */
    private static int awaitPort(ChildJvm collector, CompletableFuture<Integer> bound) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!bound.isDone()) {
            if (!collector.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("beep syslog receive did not start: " + collector.logTail(4000));
            }
            Thread.sleep(20);
        }
        return bound.join();
    }

    /** The CPU time each child process used, as last seen while it ran. */
    static final class CpuWatch {
        private final ChildJvm collector;
        private final ChildJvm device;
        private double collectorSeconds;
        private double deviceSeconds;

        CpuWatch(ChildJvm collector, ChildJvm device) {
            this.collector = collector;
            this.device = device;
        }

        void poll() {
            collectorSeconds = Math.max(collectorSeconds, collector.cpuSeconds());
            deviceSeconds = Math.max(deviceSeconds, device.cpuSeconds());
        }
    }

    /** One run's figures. */
    private record Result(String profile, LineCounter counter, CpuWatch cpu, int lines, int deviceExit,
                          boolean complete) {
        Result(String profile, LineCounter counter, CpuWatch cpu, int lines, int deviceExit) {
            this(profile, counter, cpu, lines, deviceExit, deviceExit == 0 && counter.count() == lines);
        }

        String describe(int round) {
            double whole = counter.secondsTo(lines);
            double t25 = counter.secondsTo(lines / 4);
            double t90 = counter.secondsTo(lines * 9L / 10);
            double steady = (lines * 9L / 10 - lines / 4) / (t90 - t25);
            return String.format(Locale.ROOT, "round %d %-6s: %d of %d lines in the file, device exit %d; whole run "
                            + "%.2f s = %.0f msgs/s; steady (25 %% to 90 %% of the lines) %.0f msgs/s; CPU collector "
                            + "%.1f s, device %.1f s (%.1f us per line together)%n  per second: %s",
                    round, profile.toUpperCase(Locale.ROOT), counter.count(), lines, deviceExit, whole, lines / whole,
                    steady, cpu.collectorSeconds, cpu.deviceSeconds,
                    (cpu.collectorSeconds + cpu.deviceSeconds) * 1e6 / lines, counter.timeline());
        }
    }

    /** Writes the numbered lines every run sends. */
    static final class NumberedLines {
        private NumberedLines() {
        }

        static Path write(Path file, int lines, int size) throws IOException {
            StringBuilder b = new StringBuilder(lines * (size + 1));
            for (int i = 0; i < lines; i++) {
                int start = b.length();
                b.append("<165>1 2026-11-25T18:00:00.").append(String.format(Locale.ROOT, "%03d", i % 1000))
                        .append("Z web01.example.com app 4242 ID47 - message number ")
                        .append(String.format(Locale.ROOT, "%07d ", i));
                while (b.length() - start < size) {
                    b.append('x');
                }
                b.append('\n');
            }
            Files.writeString(file, b, StandardCharsets.US_ASCII);
            return file;
        }
    }

    /** Counts the lines appended to the collector's file, with when each count was first seen. */
    static final class LineCounter {
        private final Path file;
        private final long t0;
        private final byte[] buffer = new byte[1 << 16];
        private long offset;
        private long count;
        private final List<long[]> samples = new ArrayList<>();

        LineCounter(Path file, long t0) {
            this.file = file;
            this.t0 = t0;
        }

        long count() {
            return count;
        }

        void poll() throws IOException {
            if (Files.exists(file)) {
                try (InputStream in = Files.newInputStream(file)) {
                    in.skipNBytes(offset);
                    for (int n; (n = in.read(buffer)) > 0; ) {
                        for (int i = 0; i < n; i++) {
                            if (buffer[i] == '\n') {
                                count++;
                            }
                        }
                        offset += n;
                    }
                }
            }
            samples.add(new long[] {System.nanoTime() - t0, count});
        }

        /** Seconds from the device's start until the file held {@code n} lines (interpolated between samples). */
        double secondsTo(long n) {
            long[] previous = {0, 0};
            for (long[] s : samples) {
                if (s[1] >= n) {
                    double share = s[1] == previous[1] ? 1 : (double) (n - previous[1]) / (s[1] - previous[1]);
                    return (previous[0] + share * (s[0] - previous[0])) / 1e9;
                }
                previous = s;
            }
            return Double.NaN;
        }

        /** Lines per second in each whole second of the run. */
        String timeline() {
            StringBuilder b = new StringBuilder();
            long second = 1;
            long before = 0;
            for (long[] s : samples) {
                if (s[0] >= second * 1_000_000_000L) {
                    b.append(b.length() == 0 ? "" : " ").append(s[1] - before);
                    before = s[1];
                    second++;
                }
            }
            return b.toString();
        }
    }
}
