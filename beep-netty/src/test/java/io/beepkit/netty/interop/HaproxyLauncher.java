package io.beepkit.netty.interop;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * A real HAProxy run by a test, in the foreground, on a free 127.0.0.1 port, with a configuration the test writes;
 * {@link #stop()} stops it. Tests skip when {@link #find()} finds no executable. beep-cli's tests compile this file
 * too (see beep-cli's pom), so it uses nothing of beep-netty.
 */
public final class HaproxyLauncher {
    /** The reason a test gives when it skips because HAProxy is not installed. */
    public static final String SKIP_REASON = "skipped: haproxy is not installed (apt-get install haproxy)";
    private static final long WAIT_SECONDS = 10;
    private static final int ATTEMPTS = 3;

    private final Process process;
    private final int port;
    private final Path log;

    private HaproxyLauncher(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** The {@code haproxy} executable on the PATH or in the usual sbin folders, if installed. */
    public static Optional<Path> find() {
        String path = System.getenv().getOrDefault("PATH", "") + File.pathSeparator + "/usr/sbin"
                + File.pathSeparator + "/usr/local/sbin";
        for (String d : path.split(File.pathSeparator)) {
            if (!d.isEmpty()) {
                Path p = Path.of(d, "haproxy");
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Starts HAProxy with the configuration lines {@code config} returns for the front port it picked, writing
     * {@code haproxy.cfg} and HAProxy's output {@code haproxy.log} in {@code dir}, and waits until it accepts on that
     * port. Tries again on another port if the one picked was taken meanwhile (HAProxy then exits at once).
     */
    public static HaproxyLauncher start(Path executable, Path dir, IntFunction<List<String>> config)
            throws IOException, InterruptedException {
        Path log = dir.resolve("haproxy.log");
        Path cfg = dir.resolve("haproxy.cfg");
        for (int attempt = 1; ; attempt++) {
            int front = freePort();
            Files.writeString(cfg, String.join("\n", config.apply(front)) + "\n", StandardCharsets.US_ASCII);
            Process p = new ProcessBuilder(executable.toString(), "-db", "-f", cfg.toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean up;
            try {
                up = listening(p, front, log);
            } catch (Throwable t) {
                p.destroyForcibly(); // no caller will own it to stop it
                throw t;
            }
            if (up) {
                return new HaproxyLauncher(p, front, log);
            }
            if (attempt == ATTEMPTS) {
                throw new AssertionError("haproxy exited with " + p.exitValue() + ": " + Files.readString(log));
            }
        }
    }

    /** The loopback port HAProxy's frontend accepts on. */
    public int port() {
        return port;
    }

    /** What HAProxy has written so far: its errors, and its log when the configuration sends it to stdout. */
    public String output() throws IOException {
        return Files.readString(log);
    }

    /** Stops HAProxy, forcibly if it has not exited within a few seconds. */
    public void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    /** Waits until HAProxy accepts on {@code port}; false if it exited first. */
    private static boolean listening(Process p, int port, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (true) {
            if (!p.isAlive()) {
                return false;
            }
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
                return true;
            } catch (IOException notYet) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("haproxy did not listen on " + port + ": " + Files.readString(log));
                }
                Thread.sleep(50);
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
