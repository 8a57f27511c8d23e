package io.beepkit.bench.logging;

import io.beepkit.bench.ChildJvm;
import io.beepkit.cli.BeepCli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code beep syslog receive --host 127.0.0.1 -o FILE} as its own process (BeepCli's main in a child JVM):
 * {@link #kill()} is a crash (SIGKILL), {@link #restart()} starts a new one on the same port, appending to the file.
 */
public final class FileCollectorProcess implements AutoCloseable {
    private static final Pattern COLLECTING = Pattern.compile(".* collecting on [^ ]*:(\\d+): .*");
    /** The child JVMs log through slf4j-simple (Logback is a second provider on this class path). */
    static final String SIMPLE_LOGGING = "-Dslf4j.provider=org.slf4j.simple.SimpleServiceProvider";

    private final Path file;
    private final Path log;
    private final List<String> options;
    private int port;
    private ChildJvm jvm;

    private FileCollectorProcess(Path file, Path log, List<String> options) {
        this.file = file;
        this.log = log;
        this.options = List.copyOf(options);
    }

    /** Starts a collector on a free port writing to {@code file}; its output goes to {@code log}. */
    public static FileCollectorProcess start(Path file, Path log) throws Exception {
        return start(file, log, List.of());
    }

    /** As {@link #start(Path, Path)}, with further {@code beep syslog receive} options (e.g. --fsync). */
    public static FileCollectorProcess start(Path file, Path log, List<String> options) throws Exception {
        FileCollectorProcess c = new FileCollectorProcess(file, log, options);
        c.launch(0);
        return c;
    }

    public int port() {
        return port;
    }

    /** SIGKILL: the collector dies at once; what it acknowledged is on the disk (fsync before each batch's ok). */
    public void kill() throws InterruptedException {
        jvm.kill();
    }

    /** A new collector on the same port (tried again a few times while the port is not free yet). */
    public void restart() throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                launch(port);
                return;
            } catch (IllegalStateException e) {
                if (attempt == 5) {
                    throw e;
                }
                Thread.sleep(300);
            }
        }
    }

    private void launch(int onPort) throws Exception {
        CompletableFuture<Integer> bound = new CompletableFuture<>();
        List<String> args = new ArrayList<>(List.of("syslog", "receive", "--host", "127.0.0.1", "--port",
                Integer.toString(onPort), "-o", file.toString()));
        args.addAll(options);
        jvm = ChildJvm.start(List.of("-Xmx256m", SIMPLE_LOGGING), BeepCli.class.getName(), args, log, line -> {
                    Matcher m = COLLECTING.matcher(line);
                    if (m.matches()) {
                        bound.complete(Integer.parseInt(m.group(1)));
                    }
                });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!bound.isDone()) {
            if (!jvm.isAlive() || System.nanoTime() > deadline) {
                jvm.close();
                throw new IllegalStateException("beep syslog receive did not start on port " + onPort + ": "
                        + jvm.logTail(2000));
            }
            Thread.sleep(20);
        }
        port = bound.join();
    }

    @Override
    public void close() {
        if (jvm != null && jvm.isAlive()) {
            try {
                jvm.stop(30);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                jvm.close();
            }
        }
    }
}
