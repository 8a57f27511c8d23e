package io.beepkit.bench.kafka;

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
 * {@code beep syslog receive --kafka-bootstrap ... --kafka-topic ...} (or {@code -o FILE}) as its own process (BeepCli's main in a child
 * JVM), as an operator runs it: {@link #kill()} is a crash (SIGKILL, nothing flushed, no shutdown hook), and
 * {@link #restart()} starts a new one on the port the first one bound.
 */
final class CollectorProcess implements AutoCloseable {
    private static final Pattern COLLECTING = Pattern.compile(".* collecting on [^ ]*:(\\d+): .*");

    private final Path log;
    private final List<String> jvmOptions;
    private final List<String> receiveArgs;
    private int port;
    private ChildJvm jvm;

    private CollectorProcess(Path log, List<String> jvmOptions, List<String> receiveArgs) {
        this.log = log;
        this.jvmOptions = jvmOptions;
        this.receiveArgs = receiveArgs;
    }

    /**
     * Starts a collector on a free port of 127.0.0.1 (outside the ephemeral range, {@link RestartablePorts}) writing to {@code topic} at {@code bootstrap}, with the extra
     * {@code kafkaProperties} ({@code KEY=VALUE}, or a {@code receive} option as {@code --name=value}, such as
     * {@code --window=64k}); its output is appended to {@code log}.
     */
    static CollectorProcess start(Path log, List<String> jvmOptions, String bootstrap, String topic,
                                  List<String> kafkaProperties) throws Exception {
        List<String> args = new ArrayList<>(List.of("syslog", "receive", "--host", "127.0.0.1",
                "--kafka-bootstrap", bootstrap, "--kafka-topic", topic));
        for (String p : kafkaProperties) {
            if (!p.startsWith("--")) {
                args.add("--kafka-property");
            }
            args.add(p);
        }
        return start(log, jvmOptions, args);
    }

    /**
     * Starts a collector on a free port of 127.0.0.1 appending to {@code output} with the file sink
     * ({@code -o FILE}, every batch forced before its acknowledgement), with the extra {@code receive} options
     * {@code extraArgs}; its own output is appended to {@code log}.
     */
    static CollectorProcess startFile(Path log, List<String> jvmOptions, Path output, List<String> extraArgs)
            throws Exception {
        List<String> args = new ArrayList<>(List.of("syslog", "receive", "--host", "127.0.0.1", "-o",
                output.toString()));
        args.addAll(extraArgs);
        return start(log, jvmOptions, args);
    }

    private static CollectorProcess start(Path log, List<String> jvmOptions, List<String> receiveArgs)
            throws Exception {
        CollectorProcess c = new CollectorProcess(log, jvmOptions, receiveArgs);
        // Not port 0: an ephemeral port can be taken by an outgoing connection while the collector is down.
        c.launch(RestartablePorts.next());
        return c;
    }

    /** The port devices connect to; the same after {@link #restart()}. */
    int port() {
        return port;
    }

    /** SIGKILL: the collector dies at once, with whatever its producer had not yet sent or had acknowledged. */
    void kill() throws InterruptedException {
        jvm.kill();
    }

    /**
     * Starts a new collector on the same port (the old one must be gone); tries again a few times should the port
     * not be free yet.
     */
    void restart() throws Exception {
        if (jvm.isAlive()) {
            throw new IllegalStateException("the collector is still running (pid " + jvm.pid() + ")");
        }
        for (int attempt = 1; ; attempt++) {
            try {
                launch(port);
                return;
            } catch (IllegalStateException e) {
                if (attempt == 3) {
                    throw e;
                }
                Thread.sleep(500);
            }
        }
    }

    boolean isAlive() {
        return jvm.isAlive();
    }

    private void launch(int onPort) throws Exception {
        List<String> args = new ArrayList<>(receiveArgs);
        args.add("--port");
        args.add(Integer.toString(onPort));
        CompletableFuture<Integer> bound = new CompletableFuture<>();
        jvm = ChildJvm.start(jvmOptions, BeepCli.class.getName(), args, log, line -> {
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
                        + jvm.logTail(4000));
            }
            Thread.sleep(20);
        }
        port = bound.join();
    }

    /** The end of the collector's output, for a failure message. */
    String logTail() {
        return jvm.logTail(4000);
    }

    /** Stops it as SIGTERM would (the sink sends what it holds), SIGKILL after 30 s. */
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
