package io.beepkit.cli;

import io.beepkit.api.TransferStats;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
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
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

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
            description = "Connect timeout, and how long to wait for outstanding replies after --duration (or, "
                    + "with --count, for the next reply) before counting them as unfinished (errors of kind "
                    + "timeout) (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--io-threads", paramLabel = "N", defaultValue = "0",
            description = "Client I/O threads, 0 for Netty's default (default: ${DEFAULT-VALUE}).")
    int ioThreads;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines, only the report.")
    boolean quiet;

    @Option(names = "--warmup", paramLabel = "TIME", defaultValue = "0", converter = Units.DurationConverter.class,
            description = "Run this long first without measuring (latency, throughput and frames count from its "
                    + "end) (default: none).")
    Duration warmup;

    @Option(names = "--rate", paramLabel = "MSGS_PER_S", defaultValue = "0",
            description = "Target rate of the main flow in messages per second, spread over its loops; latency then "
                    + "counts from each message's scheduled send time (no coordinated omission). 0: closed loop "
                    + "(default: ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--extra-channel", paramLabel = "URI[,size=OCTETS][,in-flight=N]",
            description = "One more channel per session on URI (size default 64, in-flight default 1), measured "
                    + "apart: e.g. an interactive echo beside a bulk flow in the same session. Repeatable.")
    List<String> extraChannels = new ArrayList<>();

    @Option(names = "--reconnect",
            description = "Keep the run going when the listener goes away: each session connects again with backoff "
                    + "and starts its channels again; exchanges under way when a connection drops are counted as "
                    + "lost (not errors) and their loops send again; sends wait up to --timeout for a session.")
    boolean reconnect;

    @Option(names = "--json", paramLabel = "FILE",
            description = "Also write the report as JSON to FILE ('-' for standard output).")
    String json;

    @Option(names = "--direct-callbacks",
            description = "Run every callback of the load's sessions on the event loop (BeepResources.directCallbacks). "
                    + "Its own callbacks (latency recording, the next send) follow reply futures, which complete on "
                    + "the event loop by default anyway, so this changes little; it is kept to compare with the "
                    + "direct path.")
    boolean directCallbacks;

    @Mixin
    TuningOptions tuning;

    @Mixin
    ClientSecurityOptions security;

    private LoadFlow main;
    private final List<LoadFlow> extras = new ArrayList<>();
    private long limit;
    private LoadRun state;
    private LoadConnections connections;

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
        SessionConfig base = tuning.config(cmd, null);
        int maxSize = base.limits().maxMessageSize();
        check(cmd, size >= 2, "--size must be at least 2 octets (CRLF + body): " + size);
        check(cmd, size <= maxSize, "--size " + size + " exceeds --max-message-size " + maxSize);
        check(cmd, !warmup.isNegative(), "--warmup must be >= 0");
        check(cmd, rate >= 0, "--rate must be >= 0: " + rate);
        main = new LoadFlow(uri, size, inFlight);
        for (String spec : extraChannels) {
            try {
                extras.add(LoadFlow.parse(spec));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cmd, "--extra-channel: " + e.getMessage());
            }
        }
        int maxInFlight = inFlight;
        for (LoadFlow f : extras) {
            check(cmd, f.size <= maxSize, "--extra-channel size " + f.size + " exceeds --max-message-size");
            maxInFlight = Math.max(maxInFlight, f.inFlight);
        }
        SessionConfig config = base.toBuilder().socket(base.socket().toBuilder().connectTimeout(timeout).build())
                .limits(base.limits().toBuilder().maxOutstanding(Math.max(base.limits().maxOutstanding(), maxInFlight))
                        .build()).build();
        try (BeepResources threads = BeepResources.builder().ioThreads(ioThreads).directCallbacks(directCallbacks)
                .build();
             BeepClient client = BeepClient.builder().session(config).security(security.config(cmd))
                     .resources(threads).build();
             LoadConnections pool = reconnect
                     ? LoadConnections.managed(client, target, sessions, main, channels, extras, timeout)
                     : LoadConnections.plain(client, target, sessions, main, channels, extras, timeout)) {
            connections = pool;
            List<LoadLink> chans = pool.main;
            List<List<LoadLink>> extraChans = pool.extras;
            LoadReport.printPlan(out, String.format(Locale.ROOT, "load %s %s: %d session%s x %d channel%s x %d in"
                            + " flight, %d-octet messages, %s, transport %s, socket profile %s%s", target, uri,
                    sessions, LoadReport.plural(sessions), channels, LoadReport.plural(channels), inFlight, size,
                    duration == null ? limit + " messages" : "for " + Units.seconds(duration), client.transport(),
                    TuningOptions.describe(tuning.tuning(cmd)),
                    threads.directCallbacks() ? ", callbacks on the event loop" : ""), extras, warmup, rate);
            ScheduledExecutorService pacer = rate > 0 ? Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "beep-load-pacer");
                t.setDaemon(true);
                return t;
            }) : null;
            state = new LoadRun(limit, pacer, reconnect);
            try {
                return run(out, chans, extraChans, duration);
            } finally {
                if (pacer != null) {
                    pacer.shutdownNow();
                }
            }
        }
    }

    private static void check(CommandLine cmd, boolean ok, String message) {
        if (!ok) {
            throw new CommandLine.ParameterException(cmd, message);
        }
    }

    private int run(PrintWriter out, List<LoadLink> chans, List<List<LoadLink>> extraChans, Duration duration)
            throws InterruptedException {
        TransferStats before = sum(chans);
        int loops = chans.size() * inFlight;
        for (int i = 0; i < extras.size(); i++) {
            loops += extraChans.get(i).size() * extras.get(i).inFlight;
        }
        CountDownLatch done = new CountDownLatch(loops);
        AtomicInteger active = new AtomicInteger(loops);
        long start = System.nanoTime();
        state.measureFrom = start + warmup.toNanos();
        state.lastCompletion.set(start);
        state.deadline = duration == null ? Long.MAX_VALUE : state.measureFrom + duration.toNanos();
        long interval = rate > 0 ? (long) (chans.size() * inFlight * 1e9 / rate) : 0;
        for (LoadLink ch : chans) {
            for (int i = 0; i < inFlight; i++) {
                state.startSender(ch, main, interval, done, active);
            }
        }
        for (int f = 0; f < extras.size(); f++) {
            for (LoadLink ch : extraChans.get(f)) {
                for (int i = 0; i < extras.get(f).inFlight; i++) {
                    state.startSender(ch, extras.get(f), 0, done, active);
                }
            }
        }
        boolean warm = warmup.isZero();

        long second = TimeUnit.SECONDS.toNanos(1);
        long nextProgress = start + second;
        long lastDone = 0;
        long lastBytes = before.bytesSent();
        long lastProgressAt = start;
        long lastChange = start;
        long lastCompleted = 0;
        // A timed run ends at most --timeout after its duration, however slowly replies still trickle in.
        long drainUntil = Long.MAX_VALUE;
        String aborted = null;
        while (true) {
            long now = System.nanoTime();
            long wakeAt = Math.min(Math.min(nextProgress, warm ? Long.MAX_VALUE : state.measureFrom),
                    state.stopIssuing ? drainUntil : state.deadline);
            if (done.await(Math.max(0, wakeAt - now), TimeUnit.NANOSECONDS)) {
                break;
            }
            now = System.nanoTime();
            if (!warm && now >= state.measureFrom) {
                warm = true;
                before = sum(chans); // frames and octets count from the end of the warm-up
            }
            if (!state.stopIssuing && now >= state.deadline) {
                state.stopIssuing = true;
                lastChange = now; // the drain gets a full --timeout
                drainUntil = now + timeout.toNanos();
            }
            long c = state.completed.get();
            if (c != lastCompleted) {
                lastCompleted = c;
                lastChange = now;
            } else if (now - lastChange >= timeout.toNanos()) {
                state.stopIssuing = true;
                aborted = "no reply within " + Units.seconds(timeout);
                break;
            }
            if (now >= drainUntil) {
                aborted = "unfinished " + Units.seconds(timeout) + " after the end of the run";
                break;
            }
            if (now >= nextProgress) {
                if (!quiet) {
                    long bytes = sum(chans).bytesSent();
                    LoadReport.printProgress(out, now - start, now - lastProgressAt, c, c - lastDone,
                            bytes - lastBytes, state.issuedCount() - c, state.failed.get(), reconnect
                                    ? LoadReport.reconnectsSoFar(connections.reconnects(), state.dropped.get()) : "");
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
        if (aborted != null) {
            connections.abandon(); // a graceful close would wait for the stuck exchanges as well
        }
        long end = aborted == null ? state.lastCompletion.get() : System.nanoTime();
        long lost = aborted == null ? 0 : state.issuedCount() - state.completed.get();
        if (lost > 0) {
            state.error("timeout", aborted, lost);
        }
        TransferStats after = sum(chans);
        long measuredNanos = Math.max(1, end - Math.min(end, state.measureFrom));
        LoadReport.print(out, main, extras, before, after, warm ? measuredNanos : Math.max(1, end - start),
                state.completed.get(), state.failed.get(), lost, state.errorKinds);
        int reconnects = connections.reconnects();
        if (reconnect) {
            LoadReport.printReconnects(out, reconnects, state.dropped.get(), state.retried.get());
        }
        if (json != null) {
            LoadJson.write(json, out, describeRun(), main, extras, before, after, measuredNanos,
                    state.completed.get(), state.failed.get(), lost, new LoadJson.Reconnects(reconnects,
                            state.dropped.get(), state.retried.get(), state.errorCounts));
        }
        long errors = state.failed.get();
        if (errors > 0) {
            throw new CliException(ExitCodes.PEER_ERROR, errors + " of " + (state.completed.get() + lost)
                    + " messages failed; first: " + state.firstError.get());
        }
        return ExitCodes.OK;
    }

    private String describeRun() {
        return "load " + target + " " + uri + " sessions=" + sessions + " channels=" + channels + " in-flight="
                + inFlight + " size=" + size + " extra=" + extraChannels + " warmup=" + Units.seconds(warmup)
                + " rate=" + rate + " profile=" + tuning.profile + (reconnect ? " reconnect" : "");
    }

    private static TransferStats sum(List<LoadLink> chans) {
        TransferStats t = TransferStats.ZERO;
        for (LoadLink ch : chans) {
            t = t.plus(ch.stats());
        }
        return t;
    }
}
