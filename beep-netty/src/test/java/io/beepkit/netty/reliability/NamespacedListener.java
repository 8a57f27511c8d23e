package io.beepkit.netty.reliability;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@link PartitionServerMain} in a child JVM inside a {@link NetnsLink}'s namespace, listening on its far address.
 * Closing it ends the child's standard input (on which it stops) and, if it is still there after a few seconds,
 * kills it.
 */
final class NamespacedListener implements AutoCloseable {
    private final Process process;
    private final int port;

    private NamespacedListener(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts the child and waits (up to 60 s, a cold JVM on a busy machine) until it listens. */
    static NamespacedListener start(NetnsLink link) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = link.command(List.of(java, "-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), PartitionServerMain.class.getName(),
                link.farAddress(), "0"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        StringBuffer output = new StringBuffer();
        CompletableFuture<Integer> ready = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    if (output.length() < 65_536) { // enough to say why it did not start
                        output.append(line).append('\n');
                    }
                    if (line.startsWith("READY ")) {
                        ready.complete(Integer.parseInt(line.substring(6).trim()));
                    }
                }
            } catch (IOException | RuntimeException e) {
                ready.completeExceptionally(e);
            }
            ready.completeExceptionally(new IOException("the listener ended before it was ready"));
        }, "namespaced-listener-output");
        reader.setDaemon(true);
        reader.start();
        try {
            return new NamespacedListener(process, ready.get(60, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            process.destroyForcibly();
            throw e;
        } catch (ExecutionException | TimeoutException e) {
            stop(process);
            throw new IOException("the listener in " + link.namespace() + " did not start: " + e + "; its output:\n"
                    + output, e);
        }
    }

    /** The port it listens on, at the link's far address. */
    int port() {
        return port;
    }

    @Override
    public void close() throws InterruptedException {
        stop(process);
    }

    private static void stop(Process process) throws InterruptedException {
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // already gone
        }
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
