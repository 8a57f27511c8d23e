package io.beepkit.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A JVM started from this JVM's class path (the test class path under Surefire, {@code benchmarks.jar} in the
 * harness) running one main class; its standard output and error go, merged, to a log file and to an optional line
 * listener. {@link #kill()} is SIGKILL on Linux, {@link #stop} SIGTERM (shutdown hooks run). The harnesses that run
 * a user's processes (the syslog collector and devices, a Kafka broker) start them with it.
 */
public final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final Path log;

    private ChildJvm(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /**
     * Starts {@code java <jvmOptions> -cp <this class path> <mainClass> <args>}, appending its output to {@code log}
     * and handing each line to {@code lines} (on a daemon thread).
     */
    public static ChildJvm start(List<String> jvmOptions, String mainClass, List<String> args, Path log,
                          Consumer<String> lines) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        Thread pump = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8));
                 PrintWriter out = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8,
                         StandardOpenOption.CREATE, StandardOpenOption.APPEND))) {
                for (String line; (line = in.readLine()) != null; ) {
                    out.println(line);
                    out.flush();
                    lines.accept(line);
                }
            } catch (IOException | RuntimeException e) {
                // The child ended or the log cannot be written: its exit code says the rest.
            }
        }, "child-" + mainClass.substring(mainClass.lastIndexOf('.') + 1));
        pump.setDaemon(true);
        pump.start();
        return new ChildJvm(p, log);
    }

    /** True while the child runs. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** The child's process id. */
    public long pid() {
        return process.pid();
    }

    /** The CPU time the child used so far (0 where the platform does not say, or once it is gone). */
    public double cpuSeconds() {
        return process.info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(0.0);
    }

    /** The last {@code max} characters of the child's log, to say why it failed. */
    public String logTail(int max) {
        try {
            String s = Files.readString(log, StandardCharsets.UTF_8);
            return s.length() <= max ? s : "..." + s.substring(s.length() - max);
        } catch (IOException e) {
            return "(log unreadable: " + e + ")";
        }
    }

    /** SIGKILL (on Linux), then waits for the process to be gone. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("pid " + process.pid() + " still alive 30 s after SIGKILL");
        }
    }

    /** SIGTERM and up to {@code seconds} for a clean exit, SIGKILL after that; returns the exit code. */
    public int stop(long seconds) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            kill();
        }
        return process.exitValue();
    }

    /** Waits up to {@code seconds} for the child to end by itself; its exit code, or -1 if it has not. */
    public int await(long seconds) throws InterruptedException {
        return process.waitFor(seconds, TimeUnit.SECONDS) ? process.exitValue() : -1;
    }

    /** SIGKILL if the child still runs; waits up to 30 s for it to be gone. */
    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
