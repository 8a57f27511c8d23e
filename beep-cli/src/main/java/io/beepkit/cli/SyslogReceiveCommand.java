package io.beepkit.cli;

import io.beepkit.api.ProfileRegistry;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.SyslogProfiles;
import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogEscapes;
import io.beepkit.syslog.SyslogJsonEncoder;
import io.beepkit.syslog.SyslogLimits;
import io.beepkit.syslog.file.FileSyslogSink;
import io.beepkit.syslog.kafka.KafkaSyslogSink;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** {@code beep syslog receive}: an RFC 3195 collector printing every message. */
@Command(name = "receive", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Collect syslog over BEEP (RFC 3195) and print each message.", "",
                "Offers the COOKED and RAW profiles and writes one line per message to standard output or --output: "
                        + "the text as the device sent it, or with --format json an object with the parsed fields "
                        + "(RFC 5424 / RFC 3164 headers, COOKED attributes). A message is acknowledged (COOKED <ok />, "
                        + "window credit) only once its line is written and flushed. Status lines go to standard "
                        + "error. Stops on SIGINT/SIGTERM, after --count messages or after --duration.", "",
                "With --kafka-topic each message goes to Kafka instead, as one JSON record, and is acknowledged "
                        + "once the broker has acknowledged the record (acks=all, idempotent producer)."})
final class SyslogReceiveCommand implements Callable<Integer> {
    /**
     * The fixed receive window per channel unless --profile or --window says otherwise: a file sink's batch can hold
     * about 2 000 RAW lines, and it is all one channel can make the collector hold, a quarter of the default
     * profile's 1 MiB maximum, to which the tuner would grow a window the sink holds back.
     */
    static final int COLLECTOR_WINDOW = 256 * 1024;

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS", Locale.ROOT);

    @Spec
    CommandSpec spec;

    @Option(names = "--host", paramLabel = "HOST", defaultValue = BeepServer.DEFAULT_HOST,
            description = "Address to listen on (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = {"-p", "--port"}, paramLabel = "PORT", defaultValue = "" + SyslogProfiles.PORT,
            description = "Port to listen on, 0 for any free port (default: ${DEFAULT-VALUE}, IANA's syslog-conn).")
    int port;

    @Option(names = "--profiles", paramLabel = "LIST", split = ",", defaultValue = "cooked,raw",
            description = "The profiles to offer: cooked, raw or both (default: ${DEFAULT-VALUE}).")
    List<String> profiles;

    @Option(names = "--legacy-uris", description = "Also offer the pre-RFC URIs rsyslog's liblogging uses "
            + "(http://xml.resource.org/profiles/syslog/...).")
    boolean legacyUris;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "lines",
            description = "lines (the text as sent, control characters escaped as #ooo octal, ESC as #033) or json "
                    + "(one object per line) (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Append messages to FILE instead of "
            + "standard output, in batches, acknowledged once written (see --fsync).")
    Path output;

    @Mixin
    SyslogFileOptions file;

    @Mixin
    Rfc3164Options rfc3164;

    @Option(names = "--max-pending-entries", paramLabel = "N", defaultValue = "1024",
            description = "COOKED entries of one channel received and not yet acknowledged at most, 1.."
                    + SyslogLink.MAX_COOKED_IN_FLIGHT + "; an entry beyond them is refused with ERR 550, so a "
                    + "device's window of unacknowledged entries (beep syslog send --in-flight) must not exceed it "
                    + "(default: ${DEFAULT-VALUE}).")
    int maxPendingEntries;

    @Option(names = "--proxy-protocol", description = "Expect a PROXY protocol v1 or v2 header before each "
            + "connection's greeting (behind HAProxy's send-proxy or a cloud balancer): the devices' own addresses "
            + "are then the ones logged and written.")
    boolean proxyProtocol;

    @Option(names = "--count", paramLabel = "N", description = "Stop after N messages.")
    Long count;

    @Option(names = "--duration", paramLabel = "TIME", converter = Units.DurationConverter.class,
            description = "Stop by itself after TIME (e.g. 30s, 5m).")
    Duration duration;

    @Option(names = "--kafka-bootstrap", paramLabel = "HOST:PORT[,...]", description = "Kafka brokers to write "
            + "the messages to (with --kafka-topic).")
    String kafkaBootstrap;

    @Option(names = "--kafka-topic", paramLabel = "TOPIC", description = "Write each message to this Kafka topic "
            + "as a JSON record instead of printing it (with --kafka-bootstrap).")
    String kafkaTopic;

    @Option(names = "--kafka-property", paramLabel = "KEY=VALUE", description = "A Kafka producer property, e.g. "
            + "linger.ms=20 or security.protocol=SSL (repeatable; acks=all and enable.idempotence=true are fixed).")
    List<String> kafkaProperties = List.of();

    @Mixin
    TuningOptions tuning;

    @Mixin
    ServerSecurityOptions security;

    private final CountDownLatch stop = new CountDownLatch(1);
    private final AtomicLong received = new AtomicLong();
    private volatile int boundPort = -1;

    /** Asks a running receiver to stop as SIGINT would (for tests). */
    void requestStop() {
        stop.countDown();
    }

    /** The bound port once listening, else -1. */
    int boundPort() {
        return boundPort;
    }

    @Override
    public Integer call() throws Exception {
        CommandLine cmd = spec.commandLine();
        if (port < 0 || port > 65535) {
            throw new CommandLine.ParameterException(cmd, "--port out of range 0..65535: " + port);
        }
        boolean json = switch (format.toLowerCase(Locale.ROOT)) {
            case "lines" -> false;
            case "json" -> true;
            default -> throw new CommandLine.ParameterException(cmd, "--format: expected lines or json, got '"
                    + format + "'");
        };
        if (count != null && count < 1) {
            throw new CommandLine.ParameterException(cmd, "--count must be >= 1: " + count);
        }
        if (maxPendingEntries < 1 || maxPendingEntries > SyslogLink.MAX_COOKED_IN_FLIGHT) {
            throw new CommandLine.ParameterException(cmd, "--max-pending-entries must be 1.."
                    + SyslogLink.MAX_COOKED_IN_FLIGHT + ": " + maxPendingEntries);
        }
        SyslogCollector.Builder collector = SyslogCollector.builder().legacyUris(legacyUris).raw(false).cooked(false)
                .rfc3164Timestamps(rfc3164.policy(cmd))
                .limits(SyslogLimits.DEFAULT.toBuilder().maxPendingEntries(maxPendingEntries).build());
        for (String p : profiles) {
            switch (p.trim().toLowerCase(Locale.ROOT)) {
                case "raw" -> collector.raw(true);
                case "cooked" -> collector.cooked(true);
                default -> throw new CommandLine.ParameterException(cmd, "--profiles: expected raw and/or cooked, got '"
                        + p + "'");
            }
        }
        SessionConfig config = tuning.config(cmd, null, COLLECTOR_WINDOW);
        // Last of the checks: the sink starts the producer's thread.
        if (output == null && file.anyGiven()) {
            throw new CommandLine.ParameterException(cmd, "--rotate-size, --rotate-every, --keep and --fsync need -o");
        }
        KafkaSyslogSink kafka = kafka(cmd);
        FileSyslogSink fileSink = kafka == null && output != null ? file.sink(cmd, output, json) : null;
        PrintWriter sink = cmd.getOut();
        if (kafka != null) {
            collector.consumer(m -> kafka.accept(m).thenRun(this::counted));
        } else if (fileSink != null) {
            collector.consumer(m -> fileSink.accept(m).thenRun(this::counted));
        } else {
            // One message, one line: line breaks inside a COOKED entry become spaces and control characters are
            // escaped (#033 for ESC), never written raw to a terminal or file; --format json escapes them as JSON does.
            collector.consumer(m -> write(sink, json ? SyslogJsonEncoder.encode(m) : SyslogEscapes.oneLine(m.text())));
        }
        SyslogCollector c = collector.build();
        BeepServer server = BeepServer.builder().bind(host, port).session(config).security(security.config(cmd))
                .proxyProtocol(proxyProtocol).noDefaultProfiles()
                .profiles(c.register(new ProfileRegistry())).onSession(s -> status("session from "
                        + ServeCommand.address(s.remoteAddress()))).build();
        try {
            server.start().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            server.close(Duration.ZERO);
            if (kafka != null) {
                kafka.close();
            }
            if (fileSink != null) {
                fileSink.close();
            }
            throw new CliException(ExitCodes.CONNECTION, Failures.message(e));
        }
        boundPort = server.port();
        status("collecting on " + new Target(host, boundPort) + ": " + String.join(", ", c.profiles())
                + (kafka == null ? "" : "; writing to Kafka topic " + kafka.topic() + " at " + kafkaBootstrap));
        Thread hook = new Thread(stop::countDown, "beep-syslog-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            stop.await(duration == null ? Long.MAX_VALUE : duration.toNanos(), TimeUnit.NANOSECONDS);
        } finally {
            server.close(Duration.ofSeconds(5));
            if (kafka != null) {
                kafka.close();
            }
            if (fileSink != null) {
                fileSink.close();
            }
            status("stopped after " + received.get() + " message" + (received.get() == 1 ? "" : "s"));
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Called while the JVM shuts down: nothing to remove.
            }
        }
        return ExitCodes.OK;
    }

    /** Writes and flushes one line; the message is acknowledged when this returns. */
    private CompletionStage<Void> write(PrintWriter sink, String line) {
        synchronized (sink) {
            sink.println(line);
            sink.flush();
        }
        counted();
        return SyslogConsumer.HANDLED;
    }

    private void counted() {
        long n = received.incrementAndGet();
        if (count != null && n >= count) {
            stop.countDown();
        }
    }

    /** The Kafka sink the options ask for, or null. */
    private KafkaSyslogSink kafka(CommandLine cmd) {
        if (kafkaTopic == null && kafkaBootstrap == null) {
            if (!kafkaProperties.isEmpty()) {
                throw new CommandLine.ParameterException(cmd, "--kafka-property needs --kafka-topic");
            }
            return null;
        }
        if (kafkaTopic == null || kafkaBootstrap == null) {
            throw new CommandLine.ParameterException(cmd, "--kafka-topic and --kafka-bootstrap go together");
        }
        if (output != null) {
            throw new CommandLine.ParameterException(cmd, "--output does not apply with --kafka-topic");
        }
        Map<String, String> properties = new LinkedHashMap<>();
        for (String p : kafkaProperties) {
            int eq = p.indexOf('=');
            if (eq <= 0) {
                throw new CommandLine.ParameterException(cmd, "--kafka-property: expected KEY=VALUE, got '" + p + "'");
            }
            properties.put(p.substring(0, eq).trim(), p.substring(eq + 1));
        }
        try {
            return KafkaSyslogSink.builder().topic(kafkaTopic).properties(properties)
                    .bootstrapServers(kafkaBootstrap).build();
        } catch (RuntimeException e) {
            throw new CommandLine.ParameterException(cmd, "Kafka: " + Failures.message(e));
        }
    }

    private void status(String text) {
        PrintWriter err = spec.commandLine().getErr();
        synchronized (err) {
            err.println(LocalTime.now().format(CLOCK) + " " + text);
            err.flush();
        }
    }
}
