package io.beepkit.bench.kafka;

import io.beepkit.bench.HarnessArgs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * Reliable syslog into Kafka, measured: a KRaft broker ({@link KafkaBroker}) and {@code beep syslog receive
 * --kafka-...} ({@link CollectorProcess}) each in a child JVM on 127.0.0.1, {@code beep syslog send} COOKED devices in
 * this one.
 *
 * <ol>
 *   <li><b>crash</b>: {@code devices} x {@code lines} numbered lines while the collector is killed with SIGKILL once
 *   (when the topic holds {@code killAt} of them) and started again on the same port; then the topic is read back.
 *   Prints each device's exit code and resend counts, lines missing from the topic, and duplicates against the
 *   devices' in-flight windows (the first {@code inFlight} value per device and disruption).</li>
 *   <li><b>throughput</b>: {@code devices} x {@code throughputLines} lines with no disruption, {@code rounds} times for
 *   each setting, every {@code inFlight} value with every entry of {@code variants} (interleaved, each round starting
 *   with the next setting, so a noisy machine affects each alike). Prints COOKED messages a second from the devices'
 *   start to the last one's end (the whole-run rate, which includes the collector's and the devices' JIT warm-up),
 *   every line checked in the topic. While the devices send, a thread of its own samples the records in the topic
 *   (the sum of its partitions' end offsets) every 250 ms; from those the run also prints the <b>steady-state
 *   rate</b>, records a second between the moments the topic held 25 % and 90 % of the lines (each moment read on the
 *   straight line between the two samples around it), and a per-second timeline: the thousands of records the topic
 *   gained in each second since the devices' start.</li>
 * </ol>
 *
 * <pre>java -cp beep-bench/target/benchmarks.jar io.beepkit.bench.kafka.SyslogKafkaRun</pre>
 *
 * Arguments ({@code name=value}): {@code devices} (4), {@code lines} (5000), {@code throughputLines} (25000),
 * {@code size} octets per line (120), {@code killAt} (0.4), {@code brokerRestartAt} share of the lines
 * at which the crash phase also restarts the broker (-1: never), {@code rounds} (2), {@code variants} producer settings
 * for the collector's {@code --kafka-property}, {@code |} between variants and {@code ,} between properties,
 * {@code default} for none (default); a {@code beep syslog receive} option written {@code --name=value} (such as
 * {@code --window=64k}) is passed as such, {@code inFlight} the devices' {@code --in-flight}, {@code |} between values
 * (64; the collector runs with {@code --max-pending-entries} as large, at least 64), {@code phases}
 * (crash,throughput), {@code dir} for logs and data (a new temporary directory), {@code jfr} a directory for a JFR
 * profile of each collector process (none).
 */
public final class SyslogKafkaRun {
    /** COOKED entries a {@code beep syslog send} device keeps unacknowledged at most, unless {@code inFlight} says. */
    private static final int DEFAULT_IN_FLIGHT = 64;
    /** The share of the lines in the topic at which the steady-state rate's interval starts... */
    private static final double STEADY_FROM = 0.25;
    /** ...and ends: before it the JVMs start and warm up, after it the devices finish one by one. */
    private static final double STEADY_TO = 0.90;

    private SyslogKafkaRun() {
    }

    /**
     * One setting of the throughput phase: the devices' {@code --in-flight}, which the collector's
     * {@code --max-pending-entries} matches, and a producer variant.
     */
    private record Setting(int inFlight, String variant) {
        List<String> deviceArgs() {
            return List.of("--retry-for", "120s", "--timeout", "90s", "--in-flight", Integer.toString(inFlight));
        }

        List<String> collectorArgs() {
            List<String> out = new ArrayList<>();
            out.add("--max-pending-entries=" + Math.max(DEFAULT_IN_FLIGHT, inFlight));
            if (!variant.equals("default")) {
                out.addAll(Arrays.asList(variant.split(",")));
            }
            return out;
        }

        @Override
        public String toString() {
            return "in-flight " + inFlight + ", " + variant;
        }
    }

    /** Runs with {@code name=value} arguments; see the class description. Exits 1 when the crash phase failed. */
    public static void main(String[] argv) throws Exception {
        Map<String, String> args = HarnessArgs.parse(argv);
        int devices = Integer.parseInt(args.getOrDefault("devices", "4"));
        int lines = Integer.parseInt(args.getOrDefault("lines", "5000"));
        int throughputLines = Integer.parseInt(args.getOrDefault("throughputLines", "25000"));
        int size = Integer.parseInt(args.getOrDefault("size", "120"));
        double killAt = Double.parseDouble(args.getOrDefault("killAt", "0.4"));
        double brokerRestartAt = Double.parseDouble(args.getOrDefault("brokerRestartAt", "-1"));
        int rounds = Integer.parseInt(args.getOrDefault("rounds", "2"));
        List<String> variants = Arrays.asList(args.getOrDefault("variants", "default").split("\\|"));
        List<Integer> inFlights = Arrays.stream(args.getOrDefault("inFlight", Integer.toString(DEFAULT_IN_FLIGHT))
                .split("\\|")).map(Integer::parseInt).toList();
        List<Setting> settings = new ArrayList<>();
        for (int n : inFlights) {
            for (String v : variants) {
                settings.add(new Setting(n, v));
            }
        }
        List<String> phases = Arrays.asList(args.getOrDefault("phases", "crash,throughput").split(","));
        Path dir = args.containsKey("dir") ? Files.createDirectories(Path.of(args.get("dir")))
                : Files.createTempDirectory("syslog-kafka-run");
        List<String> collectorJvm = new ArrayList<>(List.of("-Xmx512m"));
        if (args.containsKey("jfr")) {
            // A profile of the collector process, written when it stops (each run's collector to its own file).
            collectorJvm.add("-XX:StartFlightRecording=settings=profile,filename=" + args.get("jfr"));
        }

        System.out.printf(Locale.ROOT, "syslog into Kafka: %s, %d devices, %d-octet COOKED lines, %d cores, %s %s, "
                        + "data and logs in %s%n", Instant.now().truncatedTo(ChronoUnit.SECONDS), devices, size,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
                System.getProperty("java.version"), dir);
        boolean ok = true;
        try (KafkaBroker broker = KafkaBroker.start(dir, List.of("-Xms256m", "-Xmx1g"))) {
            if (phases.contains("crash")) {
                Path crashDir = Files.createDirectories(dir.resolve("crash"));
                Setting first = new Setting(inFlights.get(0), "default");
                CrashScenario crash = new CrashScenario(devices, lines, size, killAt, brokerRestartAt,
                        first.deviceArgs(), collectorJvm, first.collectorArgs());
                ok = report(crash.run(broker, "syslog-crash-" + UUID.randomUUID(), crashDir), devices, lines,
                        brokerRestartAt >= 0 ? 2 : 1, first.inFlight());
            }
            if (phases.contains("throughput")) {
                for (int round = 1; round <= rounds; round++) {
                    // Each round starts with the next setting, so that no setting always runs first or last.
                    for (int v = 0; v < settings.size(); v++) {
                        int index = (v + round - 1) % settings.size();
                        Setting setting = settings.get(index);
                        Path runDir = Files.createDirectories(dir.resolve("throughput-" + round + "-" + index));
                        CrashScenario steady = new CrashScenario(devices, throughputLines, size, -1, -1,
                                setting.deviceArgs(), collectorJvm, setting.collectorArgs());
                        CrashScenario.Outcome o = steady.run(broker, "syslog-rate-" + UUID.randomUUID(), runDir);
                        long total = (long) devices * throughputLines;
                        boolean exits = o.devices().stream().allMatch(r -> r.exitCode() == 0);
                        System.out.printf(Locale.ROOT, "throughput round %d [%s]: %d lines in %.2f s = %.0f msgs/s; "
                                        + "devices exit 0: %s; topic %d records, %d missing, %d duplicates%n", round,
                                setting, total, o.seconds(), total / o.seconds(), exits, o.audit().records(),
                                o.audit().missing(), o.audit().duplicates());
                        printProgress(o.progress(), total);
                        ok &= exits && o.audit().missing() == 0;
                    }
                }
            }
        }
        System.exit(ok ? 0 : 1);
    }

    /**
     * Prints the steady-state rate (between the moments the topic held {@value #STEADY_FROM} and {@value #STEADY_TO}
     * of the lines) and the records the topic gained in each second of the run.
     */
    private static void printProgress(List<TopicProgress.Sample> samples, long total) {
        ProgressReport p = new ProgressReport(samples);
        ProgressReport.Rate steady = p.rate(total, STEADY_FROM, STEADY_TO);
        System.out.println(steady == null ? "  steady state: not measured (too few samples)"
                : String.format(Locale.ROOT, "  steady state (%.0f %% to %.0f %% of the lines in the topic, %.2f s to "
                        + "%.2f s): %.0f msgs/s", STEADY_FROM * 100, STEADY_TO * 100, steady.fromSeconds(),
                steady.toSeconds(), steady.perSecond()));
        System.out.println("  per second (thousand records added to the topic): " + p.timeline());
    }

    /**
     * Prints the crash phase's figures; whether every device exited 0, every line arrived, and the duplicates stayed
     * within the devices' windows, one per disruption.
     */
    private static boolean report(CrashScenario.Outcome o, int devices, int lines, int disruptions, int inFlight) {
        TopicAudit a = o.audit();
        System.out.printf(Locale.ROOT, "crash: %d x %d lines in %.1f s; collector SIGKILLed at %d records in the "
                        + "topic (%d devices sending), listening again after %d ms%n", devices, lines, o.seconds(),
                o.recordsAtKill(), o.runningAtKill(), o.collectorDownMillis());
        if (o.recordsAtBrokerStop() >= 0) {
            System.out.printf(Locale.ROOT, "crash: broker stopped at %d records in the topic (%d devices sending), "
                    + "serving again after %d ms%n", o.recordsAtBrokerStop(), o.runningAtBrokerStop(),
                    o.brokerDownMillis());
        }
        boolean ok = o.recordsAtKill() >= 0;
        List<String> perDevice = new ArrayList<>();
        for (SyslogDevice.Result r : o.devices()) {
            perDevice.add(String.format(Locale.ROOT, "dev%d exit %d, reconnects %d, resent %d, duplicates possible "
                            + "%d, duplicates in topic %d, missing %d", r.device(), r.exitCode(), r.reconnects(),
                    r.resent(), r.duplicatesPossible(), a.duplicates(r.device()), a.missing(r.device())));
            ok &= r.exitCode() == 0 && a.missing(r.device()) == 0
                    && a.duplicates(r.device()) <= (long) inFlight * disruptions;
        }
        perDevice.forEach(l -> System.out.println("  " + l));
        for (SyslogDevice.Result r : o.devices()) {
            // Why each session was lost, as the device reported it.
            r.stderr().lines().filter(SyslogDevice::sessionLost)
                    .forEach(l -> System.out.println("  dev" + r.device() + ": " + l));
        }
        long bound = (long) devices * inFlight * disruptions;
        System.out.printf(Locale.ROOT, "crash: topic %d records, %d missing, %d duplicates (bound: %d devices x %d "
                        + "in flight x %d disruption%s = %d), %d foreign: %s%n", a.records(), a.missing(),
                a.duplicates(), devices, inFlight, disruptions, disruptions == 1 ? "" : "s", bound, a.foreign(),
                ok && a.duplicates() <= bound ? "PASS" : "FAIL");
        return ok && a.duplicates() <= bound;
    }
}
