package io.beepkit.cli;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.TransferStats;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketProfile;
import io.beepkit.netty.internal.TcpSegmentCounter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/** {@code beep demo}: the BEEP tiny-fragment effect, measured on an embedded loopback pair. */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Show the BEEP tiny-fragment effect on an embedded loopback pair.", "", "Starts an embedded listener and "
                + "initiator on 127.0.0.1 (a free port) and sends 4096- and 4098-octet messages on a 4096-octet "
                + "window, one channel, --in-flight messages outstanding (8, as in the JMH benchmark), with three "
                + "socket profiles: legacy (Nagle on, naive splitting), efficient (Nagle on, window-aware splitting and "
                + "coalesced writes) and default (TCP_NODELAY, window-aware splitting, coalesced writes), the last two on "
                + "a 4096 window. "
                + "Listener and initiator of each run use the same profile; the listener answers with the sink "
                + "profile (empty RPY).",
                "Prints a table: profile, message size, msgs/s, MB/s, frames per message, tiny frames sent and TCP "
                        + "segments per message (both directions, from the host's counters)."})
final class DemoCommand implements Callable<Integer> {
    static final int WINDOW = 4096;
    static final int[] SIZES = {4096, 4098};

    @Spec
    CommandSpec spec;

    @Option(names = "--seconds", paramLabel = "SECONDS", defaultValue = "1.5",
            description = "Measuring time of each of the four runs (default: ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = {"-m", "--in-flight"}, paramLabel = "N", defaultValue = "8",
            description = "Messages kept outstanding (default: ${DEFAULT-VALUE}, as in the BtfBenchmark; 1 shows the "
                    + "latency view, where a 4098-octet message always costs an extra SEQ round trip).")
    int inFlight;

    /** One row of the table. */
    record Row(String profile, int size, long messages, double seconds, long frames, long tinyFrames, long bytes,
               long segments) {
        double msgsPerSecond() {
            return messages / seconds;
        }

        double megabytesPerSecond() {
            return bytes / seconds / 1e6;
        }

        double framesPerMessage() {
            return messages == 0 ? 0 : (double) frames / messages;
        }

        /** TCP segments per message both ways, or NaN where the host's counters cannot be read. */
        double segmentsPerMessage() {
            return segments < 0 || messages == 0 ? Double.NaN : (double) segments / messages;
        }
    }

    static List<SocketProfile> profiles() {
        return List.of(SocketProfile.LEGACY,
                SocketProfile.EFFICIENT.toBuilder().window(WINDOW).name("efficient").build(),
                SocketProfile.DEFAULT.toBuilder().window(WINDOW).name("default").build());
    }

    @Override
    public Integer call() throws Exception {
        CommandLine cmd = spec.commandLine();
        if (!(seconds > 0) || seconds > 60) {
            throw new CommandLine.ParameterException(cmd, "--seconds must be in (0, 60]: " + seconds);
        }
        if (inFlight < 1 || inFlight > 1024) {
            throw new CommandLine.ParameterException(cmd, "--in-flight must be in [1, 1024]: " + inFlight);
        }
        PrintWriter out = cmd.getOut();
        Duration each = Duration.ofNanos((long) (seconds * 1e9));
        out.printf(Locale.ROOT, "BEEP tiny-fragment demo: 127.0.0.1 loopback, %d-octet window, one channel, %d in flight, "
                + "%.1f s per run%n%n", WINDOW, inFlight, seconds);
        out.printf(Locale.ROOT, "%-9s %7s %10s %8s %11s %12s %9s%n", "profile", "size", "msgs/s", "MB/s", "frames/msg",
                "tiny frames", "segs/msg");
        out.flush();
        List<Row> rows = new ArrayList<>();
        for (SocketProfile p : profiles()) {
            for (int size : SIZES) {
                Row r = measure(p, size, inFlight, each);
                rows.add(r);
                out.printf(Locale.ROOT, "%-9s %7d %10.0f %8.2f %11.2f %12d %9.2f%n", r.profile(), r.size(),
                        r.msgsPerSecond(), r.megabytesPerSecond(), r.framesPerMessage(), r.tinyFrames(),
                        r.segmentsPerMessage());
                out.flush();
            }
        }
        out.println();
        out.println("size = message payload on the wire (MIME entity without headers: CRLF + size-2 body octets);");
        out.println("MB = 10^6 payload octets; frames/msg and tiny frames count the initiator's MSG frames; a tiny frame "
                + "is a piece of a split message under 512 octets (or a quarter window); segs/msg counts TCP segments "
                + "of both peers, pure ACKs included, from /proc/net/snmp (other traffic on the host adds to it).");
        for (SocketProfile p : profiles()) {
            StringBuilder b = new StringBuilder(p.name()).append(": mean time per message");
            String sep = " ";
            for (Row r : rows) {
                if (r.profile().equals(p.name())) {
                    b.append(sep).append(String.format(Locale.ROOT, "%.3f ms at %d", r.messages() == 0 ? 0
                            : r.seconds() * 1000 / r.messages(), r.size()));
                    sep = ", ";
                }
            }
            out.println(b);
        }
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * One run: a fresh listener and initiator with profile {@code p}, {@code size}-octet messages for {@code time},
     * {@code inFlight} of them outstanding at any moment.
     */
    static Row measure(SocketProfile p, int size, int inFlight, Duration time) throws Exception {
        BeepConfig config = BeepConfig.builder().socketProfile(p).build();
        BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).config(config).ioThreads(1).build()
                .start().get(10, TimeUnit.SECONDS);
        try (BeepClient client = BeepClient.builder().config(config).ioThreads(1).build()) {
            BeepSession session = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
            try {
                BeepChannel channel = session.startChannel(StandardProfiles.SINK).get(10, TimeUnit.SECONDS);
                MimeEntity message = MimeEntity.of(new byte[size - 2]);
                // Warm-up, not measured: opens the path and lets the JIT compile it, so the first fast row is not
                // penalised for coming after the slow legacy rows.
                pump(channel, message, inFlight, System.nanoTime() + time.toNanos() / 2);
                TransferStats s0 = channel.stats();
                long segments0 = TcpSegmentCounter.outSegments();
                long start = System.nanoTime();
                long n = pump(channel, message, inFlight, start + time.toNanos());
                long now = System.nanoTime();
                long segments1 = TcpSegmentCounter.outSegments();
                TransferStats s1 = channel.stats();
                return new Row(p.name(), size, n, (now - start) / 1e9, s1.framesSent() - s0.framesSent(),
                        s1.smallFramesSent() - s0.smallFramesSent(), s1.bytesSent() - s0.bytesSent(),
                        segments0 < 0 || segments1 < 0 ? -1 : segments1 - segments0);
            } finally {
                session.close().orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
                if (session.isOpen()) {
                    session.terminate();
                }
            }
        } finally {
            server.close(Duration.ofSeconds(2));
        }
    }

    /** Sends until {@code endNanos} keeping {@code inFlight} outstanding, waits for every reply, returns the count. */
    static long pump(BeepChannel channel, MimeEntity message, int inFlight, long endNanos) throws Exception {
        Semaphore window = new Semaphore(inFlight);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long n = 0;
        do {
            if (!window.tryAcquire(10, TimeUnit.SECONDS)) {
                throw new TimeoutException("no reply within 10 s");
            }
            channel.send(message).whenComplete((r, e) -> {
                if (e != null) {
                    failure.compareAndSet(null, e);
                }
                window.release();
            });
            n++;
        } while (System.nanoTime() < endNanos && failure.get() == null);
        if (!window.tryAcquire(inFlight, 10, TimeUnit.SECONDS)) { // every reply is in
            throw new TimeoutException("no reply within 10 s");
        }
        if (failure.get() != null) {
            throw new ExecutionException(failure.get());
        }
        return n;
    }
}
