package io.beepkit.cli;

import io.beepkit.api.BeepSession;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.TransferStats;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.micrometer.BeepMetrics;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.BeepSessions;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.net.SocketAddress;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** {@code beep serve}: a BEEP listener offering echo and sink until SIGINT/SIGTERM. */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a listener offering the echo and sink profiles.", "",
                "  echo " + StandardProfiles.ECHO + " and " + StandardProfiles.VORTEX_ECHO + " (replies with the message),",
                "  sink " + StandardProfiles.SINK + " (replies with an empty RPY).",
                "Prints the listener's settings, the effective socket options of the first session, then one line per "
                        + "session opened or closed. Stops on SIGINT/SIGTERM (Ctrl-C) after releasing every session "
                        + "gracefully. With --metrics, also prints the Micrometer meters a service would export "
                        + "(docs/metrics.md) when stopping and every --metrics-interval."})
final class ServeCommand implements Callable<Integer> {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS", Locale.ROOT);

    @Spec
    CommandSpec spec;

    @Option(names = "--host", paramLabel = "HOST", defaultValue = BeepServer.DEFAULT_HOST,
            description = "Address to listen on (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = {"-p", "--port"}, paramLabel = "PORT", defaultValue = "" + BeepServer.DEFAULT_PORT,
            description = "Port to listen on, 0 for any free port (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--echo-uri", paramLabel = "URI",
            description = "Also offer the echo profile under URI (repeatable).")
    List<String> echoUris = new ArrayList<>();

    @Mixin
    TuningOptions tuning;

    @Mixin
    ServerSecurityOptions security;

    @Mixin
    LimitOptions limits;

    @Option(names = "--proxy-protocol",
            description = "Expect a PROXY protocol header (v1 or v2) from a balancer before every greeting; sessions "
                    + "report the client's address from it. Only behind a balancer that always sends one.")
    boolean proxyProtocol;

    @Option(names = "--trace", description = "Print every frame header sent and received (all sessions).")
    boolean trace;

    @Option(names = "--duration", paramLabel = "TIME", converter = Units.DurationConverter.class,
            description = "Stop by itself after TIME (e.g. 30s, 5m); by default run until interrupted.")
    Duration duration;

    @Option(names = "--io-threads", paramLabel = "N", defaultValue = "0",
            description = "I/O threads, 0 for Netty's default (default: ${DEFAULT-VALUE}).")
    int ioThreads;

    @Option(names = "--stats-interval", paramLabel = "TIME", converter = Units.DurationConverter.class,
            description = "Print a line of listener figures (sessions, memory held, refusals, heap, threads) every "
                    + "TIME (e.g. 1s).")
    Duration statsInterval;

    @Option(names = "--metrics", description = "Print the meters (docs/metrics.md) when stopping.")
    boolean metrics;

    @Option(names = "--metrics-interval", paramLabel = "TIME", converter = Units.DurationConverter.class,
            description = "With --metrics, also print them every TIME (e.g. 10s).")
    Duration metricsInterval;

    private final CountDownLatch stop = new CountDownLatch(1);
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final AtomicInteger sessionCounter = new AtomicInteger();
    private final AtomicBoolean optionsShown = new AtomicBoolean();
    private final Map<BeepSession, ServedSession> sessions = new ConcurrentHashMap<>();
    private volatile int boundPort = -1;
    /** Standard output, written by a thread of its own: session lines come from the shared callback threads. */
    private LinePrinter printer;

    /** Asks a running {@code serve} to stop as SIGINT would (for embedding and tests). */
    void requestStop() {
        stop.countDown();
    }

    /** Channel objects held for the summary lines of all sessions: only the open channels. */
    int channelsHeld() {
        return sessions.values().stream().mapToInt(ServedSession::openCount).sum();
    }

    /** The bound port once listening, else -1. */
    int boundPort() {
        return boundPort;
    }

    @Override
    public Integer call() throws Exception {
        CommandLine cmd = spec.commandLine();
        printer = new LinePrinter(cmd.getOut());
        try {
            return serve(cmd);
        } finally {
            printer.close();
        }
    }

    private Integer serve(CommandLine cmd) throws Exception {
        if (port < 0 || port > 65535) {
            throw new CommandLine.ParameterException(cmd, "--port out of range 0..65535: " + port);
        }
        if (ioThreads < 0) {
            throw new CommandLine.ParameterException(cmd, "--io-threads must be >= 0: " + ioThreads);
        }
        for (String uri : echoUris) {
            if (uri.isBlank()) {
                throw new CommandLine.ParameterException(cmd, "--echo-uri must not be blank");
            }
        }
        if (metricsInterval != null && (!metrics || metricsInterval.isZero() || metricsInterval.isNegative())) {
            throw new CommandLine.ParameterException(cmd, "--metrics-interval needs --metrics and a positive TIME");
        }
        if (statsInterval != null && (statsInterval.isZero() || statsInterval.isNegative())) {
            throw new CommandLine.ParameterException(cmd, "--stats-interval must be positive: " + statsInterval);
        }
        SessionConfig base = tuning.config(cmd, trace ? this::line : null);
        SessionConfig config = base.toBuilder().limits(limits.apply(cmd, base.limits().toBuilder()).build()).build();
        SimpleMeterRegistry meters = metrics ? new SimpleMeterRegistry() : null;
        if (meters != null) {
            config = config.toBuilder().observer(new BeepMetrics(meters)).build();
        }

        ProfileRegistry registry = new ProfileRegistry();
        List<String> offered = new ArrayList<>();
        ProfileHandler echo = new CountingHandler(StandardProfiles.echo(), sessions);
        for (String uri : List.of(StandardProfiles.ECHO, StandardProfiles.VORTEX_ECHO)) {
            registry.register(uri, echo);
            offered.add(uri + " (echo)");
        }
        registry.register(StandardProfiles.SINK, new CountingSink(sessions));
        offered.add(StandardProfiles.SINK + " (sink)");
        for (String uri : echoUris) {
            registry.register(uri, echo);
            offered.add(uri + " (echo)");
        }

        BeepResources threads = BeepResources.builder().ioThreads(ioThreads).threadNamePrefix("beep-serve").build();
        BeepServer server = BeepServer.builder().bind(host, port).session(config).limits(limits.listener(cmd))
                .security(security.config(cmd)).proxyProtocol(proxyProtocol).profiles(registry)
                .resources(threads).onSession(this::opened).build();
        try {
            server.start().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            server.close(Duration.ZERO);
            threads.close();
            throw new CliException(ExitCodes.CONNECTION, Failures.message(e));
        }
        boundPort = server.port();
        line("listening on " + new Target(host, boundPort) + " (transport " + server.transport() + ")");
        line("profiles: " + String.join(", ", offered));
        line("socket profile: " + TuningOptions.describe(tuning.tuning(cmd))
                + ", max message " + config.limits().maxMessageSize() + " octets");
        if (server.security().tls() != null) {
            line("TLS offered with " + security.cert() + (server.security().tlsRequired() ? ", required before "
                    + "any other profile" : ""));
        }
        if (server.security().sasl() != null) {
            line("SASL offered: SCRAM-SHA-256, SCRAM-SHA-1, PLAIN (over TLS), CRAM-MD5, DIGEST-MD5, ANONYMOUS; "
                    + security.users.size() + " user" + (security.users.size() == 1 ? "" : "s"));
        }
        line("socket options requested: " + TuningOptions.requested(tuning.tuning(cmd))
                + " (effective values are printed with the first session)");
        line("limits: " + LimitOptions.describe(config.limits(), server.limits()));
        if (server.proxyProtocol()) {
            line("PROXY protocol: a v1 or v2 header is expected before every greeting; peers are the clients it names");
        }
        ScheduledExecutorService stats = statsInterval == null ? null
                : ServeStats.every(statsInterval, () -> line(ServeStats.line(server)));

        Thread hook = new Thread(() -> {
            stop.countDown();
            try {
                stopped.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "beep-serve-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            awaitStop(meters);
        } finally {
            if (stats != null) {
                stats.shutdownNow();
            }
            int open = server.sessions().size();
            line("stopping: releasing " + open + " session" + (open == 1 ? "" : "s"));
            server.close(Duration.ofSeconds(5));
            threads.close();
            line("stopped after " + sessionCounter.get() + " session" + (sessionCounter.get() == 1 ? "" : "s"));
            if (meters != null) {
                printMetrics(meters);
            }
            // Printed before a shutdown hook waiting on "stopped" lets the JVM end.
            printer.close();
            stopped.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Called from the hook's own shutdown: nothing to remove.
            }
        }
        return ExitCodes.OK;
    }

    /** Waits for the stop request or the end of --duration, printing the meters every --metrics-interval. */
    private void awaitStop(SimpleMeterRegistry meters) throws InterruptedException {
        long deadline = duration == null ? Long.MAX_VALUE : System.nanoTime() + duration.toNanos();
        long step = meters == null || metricsInterval == null ? Long.MAX_VALUE : metricsInterval.toNanos();
        while (true) {
            long wait = duration == null ? step : Math.min(step, deadline - System.nanoTime());
            if (wait <= 0 || stop.await(wait, TimeUnit.NANOSECONDS)
                    || (duration != null && System.nanoTime() - deadline >= 0)) {
                return;
            }
            printMetrics(meters);
        }
    }

    private void printMetrics(SimpleMeterRegistry meters) {
        line("metrics:");
        for (String l : MetricsReport.lines(meters)) {
            line("  " + l);
        }
    }

    private void opened(BeepSession s) {
        ServedSession info = new ServedSession(sessionCounter.incrementAndGet());
        sessions.put(s, info);
        if (optionsShown.compareAndSet(false, true)) {
            try {
                line("socket options effective: " + BeepSessions.socketOptions(s));
            } catch (RuntimeException e) {
                line("socket options effective: unavailable (" + e.getMessage() + ")");
            }
        }
        line("session #" + info.number + " opened: peer " + address(s.remoteAddress()));
        s.closeFuture().whenComplete((v, e) -> closed(s, info, e));
    }

    private void closed(BeepSession s, ServedSession info, Throwable e) {
        sessions.remove(s);
        TransferStats total = info.total();
        long channels = info.channelsOpened();
        double secs = (System.nanoTime() - info.openedNanos) / 1e9;
        line(String.format(Locale.ROOT, "session #%d closed: peer %s, %.3f s, %d channel%s, %d message%s, "
                        + "frames in %d out %d, octets in %d out %d%s%s", info.number, address(s.remoteAddress()), secs,
                channels, channels == 1 ? "" : "s", info.messages(),
                info.messages() == 1 ? "" : "s", total.framesReceived(), total.framesSent(),
                total.bytesReceived(), total.bytesSent(), secured(s),
                e == null ? "" : " (" + CliException.oneLine(Failures.message(e)) + ")"));
    }

    /** ", TLSv1.3, bob (SASL CRAM-MD5)" for a secured or authenticated session, else empty. */
    private static String secured(BeepSession s) {
        StringBuilder b = new StringBuilder();
        s.tls().ifPresent(t -> b.append(", ").append(t.protocol()).append(' ').append(t.cipherSuite()));
        s.identity().ifPresent(id -> b.append(", ").append(id.authorizationId()).append(" (SASL ")
                .append(id.mechanism().saslName()).append(')'));
        return b.toString();
    }

    private void line(String text) {
        printer.print(LocalTime.now().format(CLOCK) + " " + text);
    }

    static String address(SocketAddress a) {
        String s = String.valueOf(a);
        return s.startsWith("/") ? s.substring(1) : s;
    }
}
