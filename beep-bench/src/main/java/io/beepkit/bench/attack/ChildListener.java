package io.beepkit.bench.attack;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code beep serve} in a child JVM, as an operator would run it ({@code -XX:+ExitOnOutOfMemoryError}, a fixed heap),
 * with {@code --stats-interval}: its port from the "listening on" line, its latest figures from the "stats:" lines,
 * its threads and descriptors from {@code /proc/<pid>}. Standard error (the log) is counted and its WARN lines kept
 * by kind, so a run can say what the listener logged.
 */
public final class ChildListener implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile(".* listening on [^ ]*:(\\d+) .*");
    private static final Pattern STATS = Pattern.compile(".* stats: sessions (\\d+), memory held (\\d+) of (\\d+) "
            + "\\(refusing (yes|no), shed (\\d+)\\), heap used (\\d+) MiB, after gc (-?\\d+) MiB, max (\\d+) MiB, "
            + "threads (\\d+)");

    /**
     * The figures of one "stats:" line.
     *
     * @param sessions    sessions open, greeted or not
     * @param held        octets held for peers
     * @param budget      the listener's memory budget
     * @param refusing    true while new sessions get ERR 421
     * @param shed        sessions shed so far
     * @param heapUsedMiB heap in use
     * @param afterGcMiB  heap in use after the latest collection
     * @param maxMiB      the maximum heap
     * @param javaThreads the child's Java threads
     */
    public record Stats(int sessions, long held, long budget, boolean refusing, int shed, long heapUsedMiB,
                 long afterGcMiB, long maxMiB, int javaThreads) {
    }

    private final Process process;
    private volatile int port = -1;
    private volatile Stats latest;
    private final AtomicLong logLines = new AtomicLong();
    private final List<String> firstWarnings = new ArrayList<>();
    private final java.util.ArrayDeque<String> lastLines = new java.util.ArrayDeque<>();
    private volatile long peakHeldOctets;
    private volatile long peakAfterGcMiB;

    /** Starts {@code java <jvmOptions> -jar <jar> serve <serveOptions>} and waits for it to listen. */
    public ChildListener(String jar, List<String> jvmOptions, List<String> serveOptions) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-XX:+ExitOnOutOfMemoryError");
        cmd.addAll(jvmOptions);
        cmd.add("-jar");
        cmd.add(jar);
        cmd.add("serve");
        cmd.addAll(serveOptions);
        process = new ProcessBuilder(cmd).start();
        pump(process.getInputStream(), "beep-serve-out", this::onOut);
        pump(process.getErrorStream(), "beep-serve-err", this::onErr);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (port < 0) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("beep serve did not start: exit " + (process.isAlive() ? "none"
                        : process.exitValue()) + ", log " + firstWarnings);
            }
            Thread.sleep(20);
        }
    }

    private static void pump(InputStream in, String name, Consumer<String> lines) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.accept(line);
                }
            } catch (IOException ended) {
                // the child has gone
            }
        }, name);
        t.setDaemon(true);
        t.start();
    }

    private void onOut(String line) {
        if (!line.contains(" session #")) {
            keepLast(line);
        }
        Matcher m = STATS.matcher(line);
        if (m.matches()) {
            Stats s = new Stats(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                    m.group(4).equals("yes"), Integer.parseInt(m.group(5)), Long.parseLong(m.group(6)),
                    Long.parseLong(m.group(7)), Long.parseLong(m.group(8)), Integer.parseInt(m.group(9)));
            latest = s;
            peakHeldOctets = Math.max(peakHeldOctets, s.held());
            peakAfterGcMiB = Math.max(peakAfterGcMiB, s.afterGcMiB());
            return;
        }
        Matcher l = LISTENING.matcher(line);
        if (port < 0 && l.matches()) {
            port = Integer.parseInt(l.group(1));
        }
    }

    private void keepLast(String line) {
        synchronized (lastLines) {
            lastLines.add(line.length() > 300 ? line.substring(0, 300) + "..." : line);
            if (lastLines.size() > 15) {
                lastLines.poll();
            }
        }
    }

    /** The last lines the child printed (its log and its own lines), for when it ended unexpectedly. */
    public List<String> lastLines() {
        synchronized (lastLines) {
            return List.copyOf(lastLines);
        }
    }

    private void onErr(String line) {
        keepLast(line);
        logLines.incrementAndGet();
        synchronized (firstWarnings) {
            if (firstWarnings.size() < 40 && line.contains(" WARN ")) {
                firstWarnings.add(line.length() > 300 ? line.substring(0, 300) + "..." : line);
            }
        }
    }

    /** The port the child listens on. */
    public int port() {
        return port;
    }

    /** The child's process id. */
    public long pid() {
        return process.pid();
    }

    /** True while the child runs. */
    public boolean alive() {
        return process.isAlive();
    }

    /** The latest "stats:" figures, or null before the first. */
    public Stats stats() {
        return latest;
    }

    long peakHeldOctets() {
        return peakHeldOctets;
    }

    long peakAfterGcMiB() {
        return peakAfterGcMiB;
    }

    long logLines() {
        return logLines.get();
    }

    List<String> warnings() {
        synchronized (firstWarnings) {
            return List.copyOf(firstWarnings);
        }
    }

    /** Threads of the child, from {@code /proc/<pid>/status}; -1 if unreadable. */
    public int threads() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc", Long.toString(pid()), "status"))) {
                if (l.startsWith("Threads:")) {
                    return Integer.parseInt(l.substring(8).trim());
                }
            }
        } catch (IOException | NumberFormatException e) {
            // gone or not Linux
        }
        return -1;
    }

    /** Open descriptors of the child, from {@code /proc/<pid>/fd}; -1 if unreadable. */
    public int descriptors() {
        String[] fds = Path.of("/proc", Long.toString(pid()), "fd").toFile().list();
        return fds == null ? -1 : fds.length;
    }

    /** Asks the child for a full collection ({@code jcmd <pid> GC.run}), so the next stats line shows live data. */
    public void collectGarbage() throws Exception {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(Files.isExecutable(jcmd) ? jcmd.toString() : "jcmd", Long.toString(pid()),
                "GC.run").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        p.waitFor(30, TimeUnit.SECONDS);
    }

    /** Stops the child as SIGTERM would, forcibly after 20 s. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
