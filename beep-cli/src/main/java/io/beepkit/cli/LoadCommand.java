package io.beepkit.cli;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.TransferStats;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepConfig;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/** {@code beep load}: a closed-loop load generator in the spirit of h2load. */
@Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Load-test a listener (like h2load).", "", "Opens --sessions sessions with --channels channels each on profile URI "
                + "and keeps --in-flight messages of --size octets outstanding on every channel, for --duration or "
                + "until --count messages are answered. Prints a progress line every second and a report: msgs/s, "
                + "MB/s, latency percentiles, frames per message and errors.",
                "Message size counts the payload on the wire: the MIME entity without headers, i.e. CRLF plus "
                        + "SIZE-2 body octets. MB = 10^6 octets of frame payload."})
final class LoadCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "HOST:PORT", converter = Target.Converter.class,
            description = "The listener (port 10288 when omitted).")
    Target target;

    @Parameters(index = "1", paramLabel = "URI",
            description = "The profile to load, e.g. the sink (empty replies) or echo profile of 'beep serve'.")
    String uri;

    @Option(names = {"-s", "--sessions"}, paramLabel = "N", defaultValue = "1",
            description = "Sessions (TCP connections) (default: ${DEFAULT-VALUE}).")
    int sessions;

    @Option(names = {"-c", "--channels"}, paramLabel = "N", defaultValue = "1",
            description = "Channels per session (default: ${DEFAULT-VALUE}).")
    int channels;

    @Option(names = {"-m", "--in-flight"}, paramLabel = "N", defaultValue = "1",
            description = "Messages in flight per channel (default: ${DEFAULT-VALUE}).")
    int inFlight;

    @Option(names = "--size", paramLabel = "OCTETS", defaultValue = "4096", converter = Units.IntSize.class,
            description = "Message size on the wire, at least 2 (CRLF + SIZE-2 body octets) (default: ${DEFAULT-VALUE}).")
    int size;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Bound bound;

    static final class Bound {
        @Option(names = {"-D", "--duration"}, paramLabel = "TIME", converter = Units.DurationConverter.class,
                description = "Run for TIME (e.g. 10s, 1m). The default when --count is not given: 5s.")
        Duration duration;

        @Option(names = {"-n", "--count"}, paramLabel = "N",
                description = "Stop after N messages in total are answered.")
        Long count;
    }

    @Option(names = "--timeout", paramLabel = "TIME", defaultValue = "10s", converter = Units.DurationConverter.class,
            description = "Connect timeout, and how long to wait for outstanding replies before counting them as "
                    + "errors (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--io-threads", paramLabel = "N", defaultValue = "0",
            description = "Client I/O threads, 0 for Netty's default (default: ${DEFAULT-VALUE}).")
    int ioThreads;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines, only the report.")
    boolean quiet;

    @Mixin
    TuningOptions tuning;

    @Mixin
    ClientSecurityOptions security;

    private final LatencyHistogram latency = new LatencyHistogram();
    private final AtomicLong issued = new AtomicLong();
    private final AtomicLong completed = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong lastCompletion = new AtomicLong();
    private final Map<String, LongAdder> errorKinds = new ConcurrentHashMap<>();
    private final AtomicReference<String> firstError = new AtomicReference<>();
    private volatile boolean stopIssuing;
    private long deadline;
    private long limit;

    @Override
    public Integer call() throws Exception {
        CommandLine cmd = spec.commandLine();
        PrintWriter out = cmd.getOut();
        check(cmd, sessions >= 1 && sessions <= 10_000, "--sessions must be in 1..10000: " + sessions);
        check(cmd, channels >= 1 && channels <= 1_000, "--channels must be in 1..1000: " + channels);
        check(cmd, inFlight >= 1 && inFlight <= 100_000, "--in-flight must be in 1..100000: " + inFlight);
        check(cmd, ioThreads >= 0, "--io-threads must be >= 0: " + ioThreads);
        check(cmd, !timeout.isZero(), "--timeout must be > 0");
        Duration duration = bound == null || bound.count == null
                ? (bound == null || bound.duration == null ? Duration.ofSeconds(5) : bound.duration) : null;
        limit = bound != null && bound.count != null ? bound.count : Long.MAX_VALUE;
        check(cmd, limit >= 1, "--count must be >= 1: " + limit);
        check(cmd, duration == null || !duration.isZero(), "--duration must be > 0");
        BeepConfig base = tuning.config(cmd, null);
        check(cmd, size >= 2, "--size must be at least 2 octets (CRLF + body): " + size);
        check(cmd, size <= base.maxMessageSize(), "--size " + size + " exceeds --max-message-size " + base.maxMessageSize());
        BeepConfig config = base.toBuilder().maxOutstanding(Math.max(base.maxOutstanding(), inFlight))
                .security(security.config(cmd)).build();
        MimeEntity message = MimeEntity.of(new byte[size - 2]);

        try (BeepClient client = BeepClient.builder().config(config).ioThreads(ioThreads).connectTimeout(timeout)
                .build()) {
            List<BeepSession> open = new ArrayList<>();
            try {
                List<CompletableFuture<BeepSession>> connecting = new ArrayList<>();
                for (int i = 0; i < sessions; i++) {
                    connecting.add(client.connect(target.host(), target.port()));
                }
                // Sessions that connect are released at the end even if another one fails to connect.
                for (CompletableFuture<BeepSession> f : connecting) {
                    f.thenAccept(s -> {
                        synchronized (open) {
                            if (!open.contains(s)) {
                                open.add(s);
                            }
                        }
                    });
                }
                List<BeepSession> connected = new ArrayList<>();
                for (CompletableFuture<BeepSession> f : connecting) {
                    connected.add(Failures.await(f, timeout.plusSeconds(1), "connecting to " + target,
                            t -> Failures.connect(target, t)));
                }
                synchronized (open) {
                    for (BeepSession s : connected) {
                        if (!open.contains(s)) {
                            open.add(s);
                        }
                    }
                }
                List<BeepChannel> chans = startChannels(connected);
                out.printf(Locale.ROOT, "load %s %s: %d session%s x %d channel%s x %d in flight, %d-octet messages, %s, "
                                + "transport %s, socket profile %s%n", target, uri, sessions, plural(sessions), channels,
                        plural(channels), inFlight, size, duration == null ? limit + " messages" : "for "
                                + Units.seconds(duration), client.transport(), TuningOptions.describe(config.socketProfile()));
                out.flush();
                return run(out, chans, message, duration);
            } finally {
                release(open);
            }
        }
    }

    private static String plural(int n) {
        return n == 1 ? "" : "s";
    }

    private static void check(CommandLine cmd, boolean ok, String message) {
        if (!ok) {
            throw new CommandLine.ParameterException(cmd, message);
        }
    }

    private List<BeepChannel> startChannels(List<BeepSession> snapshot) {
        List<CompletableFuture<BeepChannel>> starting = new ArrayList<>();
        List<BeepSession> owners = new ArrayList<>();
        for (BeepSession s : snapshot) {
            for (int c = 0; c < channels; c++) {
                starting.add(s.startChannel(uri));
                owners.add(s);
            }
        }
        List<BeepChannel> result = new ArrayList<>();
        for (int i = 0; i < starting.size(); i++) {
            BeepSession s = owners.get(i);
            result.add(Failures.await(starting.get(i), timeout, "starting a channel on " + uri,
                    t -> Failures.start(s, uri, t)));
        }
        return result;
    }

    private int run(PrintWriter out, List<BeepChannel> chans, MimeEntity message, Duration duration)
            throws InterruptedException {
        TransferStats before = sum(chans);
        int loops = chans.size() * inFlight;
        CountDownLatch done = new CountDownLatch(loops);
        AtomicInteger active = new AtomicInteger(loops);
        long start = System.nanoTime();
        lastCompletion.set(start);
        deadline = duration == null ? Long.MAX_VALUE : start + duration.toNanos();
        for (BeepChannel ch : chans) {
            for (int i = 0; i < inFlight; i++) {
                new Sender(ch, message, done, active).next();
            }
        }

        long second = TimeUnit.SECONDS.toNanos(1);
        long nextProgress = start + second;
        long lastDone = 0;
        long lastBytes = before.bytesSent();
        long lastProgressAt = start;
        long lastChange = start;
        long lastCompleted = 0;
        String aborted = null;
        while (true) {
            long now = System.nanoTime();
            long wakeAt = Math.min(nextProgress, stopIssuing ? Long.MAX_VALUE : deadline);
            if (done.await(Math.max(0, wakeAt - now), TimeUnit.NANOSECONDS)) {
                break;
            }
            now = System.nanoTime();
            if (!stopIssuing && now >= deadline) {
                stopIssuing = true;
                lastChange = now; // the drain gets a full --timeout
            }
            long c = completed.get();
            if (c != lastCompleted) {
                lastCompleted = c;
                lastChange = now;
            } else if (now - lastChange >= timeout.toNanos()) {
                stopIssuing = true;
                aborted = "no reply within " + Units.seconds(timeout);
                break;
            }
            if (now >= nextProgress) {
                if (!quiet) {
                    long bytes = sum(chans).bytesSent();
                    double dt = (now - lastProgressAt) / 1e9;
                    out.printf(Locale.ROOT, "[%6.1f s] %d done, %.0f msgs/s, %.2f MB/s, %d in flight, %d error%s%n",
                            (now - start) / 1e9, c, (c - lastDone) / dt, (bytes - lastBytes) / dt / 1e6,
                            issuedCount() - c, failed.get(), failed.get() == 1 ? "" : "s");
                    out.flush();
                    lastBytes = bytes;
                }
                lastDone = c;
                lastProgressAt = now;
                nextProgress += second;
                while (nextProgress <= now) {
                    nextProgress += second;
                }
            }
        }
        long end = aborted == null ? lastCompletion.get() : System.nanoTime();
        long lost = aborted == null ? 0 : issuedCount() - completed.get();
        if (lost > 0) {
            failed.addAndGet(lost);
            errorKinds.computeIfAbsent(aborted, k -> new LongAdder()).add(lost);
            firstError.compareAndSet(null, aborted);
        }
        TransferStats after = sum(chans);
        report(out, before, after, Math.max(1, end - start), lost);
        long errors = failed.get();
        if (errors > 0) {
            throw new CliException(ExitCodes.PEER_ERROR, errors + " of " + (completed.get() + lost)
                    + " messages failed; first: " + firstError.get());
        }
        return ExitCodes.OK;
    }

    private long issuedCount() {
        return Math.min(issued.get(), limit);
    }

    private void report(PrintWriter out, TransferStats before, TransferStats after, long nanos, long lost) {
        double secs = nanos / 1e9;
        long msgs = completed.get();
        long ok = msgs - (failed.get() - lost);
        long sentMsgs = after.messagesSent() - before.messagesSent();
        long framesSent = after.framesSent() - before.framesSent();
        long framesReceived = after.framesReceived() - before.framesReceived();
        long tiny = after.smallFramesSent() - before.smallFramesSent();
        long bytesSent = after.bytesSent() - before.bytesSent();
        long bytesReceived = after.bytesReceived() - before.bytesReceived();
        out.println();
        out.printf(Locale.ROOT, "finished in %.3f s: %d messages answered, %d ok, %d error%s%s%n", secs, msgs, ok,
                failed.get(), failed.get() == 1 ? "" : "s", lost > 0 ? " (" + lost + " unanswered)" : "");
        out.printf(Locale.ROOT, "throughput:  %.1f msgs/s, %.2f MB/s sent, %.2f MB/s received%n", msgs / secs,
                bytesSent / secs / 1e6, bytesReceived / secs / 1e6);
        out.printf(Locale.ROOT, "latency:     min %s, p50 %s, p90 %s, p99 %s, max %s%n", Units.millis(latency.min()),
                Units.millis(latency.percentile(50)), Units.millis(latency.percentile(90)),
                Units.millis(latency.percentile(99)), Units.millis(latency.max()));
        out.printf(Locale.ROOT, "frames:      sent %d (%s per message, %d tiny), received %d (%s per message), "
                        + "SEQ sent %d received %d, zero-window %d ms%n", framesSent, ratio(framesSent, sentMsgs), tiny,
                framesReceived, ratio(framesReceived, msgs), after.seqFramesSent() - before.seqFramesSent(),
                after.seqFramesReceived() - before.seqFramesReceived(),
                (after.zeroWindowNanos() - before.zeroWindowNanos()) / 1_000_000);
        StringBuilder errs = new StringBuilder(Long.toString(failed.get()));
        errorKinds.entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue().sum(), a.getValue().sum()))
                .limit(3)
                .forEach(e -> errs.append(errs.length() == Long.toString(failed.get()).length() ? " (" : ", ")
                        .append(e.getValue().sum()).append(" x ").append(e.getKey()));
        if (!errorKinds.isEmpty()) {
            errs.append(')');
        }
        out.println("errors:      " + errs);
        out.println("(message size " + size + " octets on the wire = CRLF + " + (size - 2)
                + " body octets; MB = 10^6 octets of frame payload; frames counted on this client)");
        out.flush();
    }

    private static String ratio(long a, long b) {
        return b == 0 ? "-" : String.format(Locale.ROOT, "%.2f", (double) a / b);
    }

    private static TransferStats sum(List<BeepChannel> chans) {
        TransferStats t = new TransferStats();
        for (BeepChannel ch : chans) {
            t.add(ch.stats());
        }
        return t;
    }

    private void release(List<BeepSession> open) {
        List<BeepSession> snapshot;
        synchronized (open) {
            snapshot = List.copyOf(open);
        }
        List<CompletableFuture<Void>> closing = new ArrayList<>();
        for (BeepSession s : snapshot) {
            closing.add(s.close().exceptionally(e -> null));
        }
        try {
            CompletableFuture.allOf(closing.toArray(new CompletableFuture<?>[0])).get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            // Fall through to terminate whatever did not release in time.
        }
        snapshot.forEach(s -> {
            if (s.isOpen()) {
                s.terminate();
            }
        });
    }

    private void error(String kind) {
        failed.incrementAndGet();
        errorKinds.computeIfAbsent(kind, k -> new LongAdder()).increment();
        firstError.compareAndSet(null, kind);
    }

    /** One closed loop: a message in flight on a channel, the next sent when its reply arrives. */
    private final class Sender {
        private final BeepChannel channel;
        private final MimeEntity message;
        private final CountDownLatch done;
        private final AtomicInteger active;

        Sender(BeepChannel channel, MimeEntity message, CountDownLatch done, AtomicInteger active) {
            this.channel = channel;
            this.message = message;
            this.done = done;
            this.active = active;
        }

        void next() {
            if (stopIssuing || System.nanoTime() >= deadline || issued.getAndIncrement() >= limit) {
                finish();
                return;
            }
            long t0 = System.nanoTime();
            channel.send(message).whenComplete((reply, e) -> {
                long now = System.nanoTime();
                latency.record(now - t0);
                lastCompletion.accumulateAndGet(now, Math::max);
                if (e != null) {
                    error(CliException.oneLine(Failures.unwrap(e).getClass().getSimpleName() + ": "
                            + Failures.message(e)));
                    completed.incrementAndGet();
                    finish(); // the channel or session is gone: this loop ends
                    return;
                }
                if (reply.kind() == Reply.Kind.ERR) {
                    error("ERR " + reply.errorCode() + (reply.errorText() == null || reply.errorText().isEmpty()
                            ? "" : " " + CliException.oneLine(reply.errorText())));
                }
                completed.incrementAndGet();
                next();
            });
        }

        private void finish() {
            active.decrementAndGet();
            done.countDown();
        }
    }
}
