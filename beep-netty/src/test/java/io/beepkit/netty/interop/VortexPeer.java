package io.beepkit.netty.interop;

import org.jspecify.annotations.Nullable;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Locates and runs the programs of an independently built Vortex Library (see docs/interop.md). The directory comes
 * from the environment variable {@value #ENV}: Vortex's {@code test/} folder with its programs built. When it is
 * absent, interop tests skip and say so. beep-cli's tests compile this file too (see beep-cli's pom), so it uses
 * nothing of beep-netty.
 */
public final class VortexPeer {
    public static final String ENV = "BEEP_VORTEX_TEST_DIR";
    /** The regression listener's first port when not shifted by {@code --offset-port}. */
    public static final int BASE_PORT = 44010;

    private VortexPeer() {
    }

    /** The test directory, or null when the peer is not available here. */
    public static @Nullable Path testDir() {
        String dir = System.getenv(ENV);
        if (dir == null || dir.isBlank()) {
            return null;
        }
        Path p = Path.of(dir);
        return Files.isDirectory(p) ? p : null;
    }

    public static String skipReason() {
        return "Vortex peer absent: set " + ENV + " to a built libvortex-1.1/test directory (docs/interop.md)";
    }

    /** Finds a program in the test directory, trying libtool's .libs wrapper layout too. */
    public static Path program(Path dir, String name) {
        for (Path p : List.of(dir.resolve(name), dir.resolve(".libs").resolve(name))) {
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        throw new IllegalStateException("no executable " + name + " in " + dir);
    }

    /** Starts the regression listener on 127.0.0.1, its ports shifted by {@code offset}; waits until it accepts. */
    public static Process startListener(Path dir, int offset, int port) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(program(dir, "vortex-regression-listener").toString());
        if (offset != 0) {
            cmd.add("--offset-port=" + offset);
        }
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(new File(dir.toFile(), "beepkit-interop-listener.log"));
        Process p = pb.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new IllegalStateException("vortex-regression-listener exited with " + p.exitValue());
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return p;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        p.destroyForcibly();
        throw new IllegalStateException("vortex-regression-listener did not listen on 127.0.0.1:" + port);
    }

    public static void stop(@Nullable Process p) throws InterruptedException {
        if (p != null) {
            p.destroy();
            if (!p.waitFor(3, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(3, TimeUnit.SECONDS);
            }
        }
    }
}
