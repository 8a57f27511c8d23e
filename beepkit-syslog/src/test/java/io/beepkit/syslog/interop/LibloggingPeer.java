package io.beepkit.syslog.interop;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Locates and runs two small programs built on rsyslog's liblogging (its {@code rfc3195} library, see
 * docs/interop.md): {@code llsend HOST PORT raw|cooked}, which sends each line of its input, and
 * {@code lllisten PORT}, a collector that prints {@code MSG source=2|3 facility=.. severity=.. raw=...} per message.
 * The directory holding them comes from {@value #ENV}; without it the interop tests skip and say so.
 */
final class LibloggingPeer {
    static final String ENV = "BEEP_LIBLOGGING_DIR";

    private LibloggingPeer() {
    }

    /** The programs' directory, or null when they are not available here. */
    static Path dir() {
        String dir = System.getenv(ENV);
        if (dir == null || dir.isBlank()) {
            return null;
        }
        Path p = Path.of(dir);
        return Files.isExecutable(p.resolve("llsend")) && Files.isExecutable(p.resolve("lllisten")) ? p : null;
    }

    static String skipReason() {
        return "liblogging peer absent: set " + ENV + " to a directory with llsend and lllisten built on liblogging's "
                + "rfc3195 library (docs/interop.md)";
    }

    /** Runs llsend against 127.0.0.1:{@code port}, feeding it {@code lines}; returns its exit code and output. */
    static String send(Path dir, int port, String profile, List<String> lines) throws Exception {
        Process p = new ProcessBuilder(dir.resolve("llsend").toString(), "127.0.0.1", String.valueOf(port), profile)
                .redirectErrorStream(true).start();
        try (var in = p.getOutputStream()) {
            in.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("llsend did not finish: " + out);
        }
        return p.exitValue() + ": " + out.strip();
    }

    /** A free port on 127.0.0.1 (a short race with other processes is acceptable in a test). */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** lllisten running on 127.0.0.1:port; its output lines go to {@link #lines}. */
    static final class Listener implements AutoCloseable {
        final Process process;
        final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();

        Listener(Path dir, int port) throws Exception {
            process = new ProcessBuilder(dir.resolve("lllisten").toString(), String.valueOf(port))
                    .redirectErrorStream(true).start();
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line = r.readLine(); line != null; line = r.readLine()) {
                        lines.add(line);
                    }
                } catch (IOException ignored) {
                    // the process ended
                }
            }, "lllisten-output");
            reader.setDaemon(true);
            reader.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("lllisten exited with " + process.exitValue() + ": " + lines);
                }
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                    return;
                } catch (IOException notYet) {
                    Thread.sleep(50);
                }
            }
            close();
            throw new IllegalStateException("lllisten did not listen on 127.0.0.1:" + port);
        }

        /** The next output line that starts with {@code MSG }, or null after 10 s. */
        String nextMessage() throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < deadline) {
                String line = lines.poll(100, TimeUnit.MILLISECONDS);
                if (line != null && line.startsWith("MSG ")) {
                    return line;
                }
            }
            return null;
        }

        @Override
        public void close() {
            process.destroy();
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
    }
}
