package io.beepkit.bench.kafka;

import io.beepkit.bench.HarnessArgs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The fault soak ({@link FaultSoak}): four devices (two COOKED, two RAW) into {@code beep syslog receive} with the
 * Kafka sink on a real KRaft broker, the collector killed with SIGKILL every {@code killEvery} seconds, the broker
 * restarted once, the connections cut mid-message every {@code cutEvery} seconds; then the whole topic is read back.
 * Prints lines sent, records in the topic, missing (must be 0) and duplicates per device, the longest time a device
 * could not send, every fault, and the machine's load. Exits 1 if a line is missing or a device failed.
 *
 * <pre>java -cp beep-bench/target/benchmarks.jar io.beepkit.bench.kafka.SyslogFaultSoak [duration=600]</pre>
 *
 * Arguments ({@code name=value}): {@code duration} seconds (600), {@code rate} lines a second per device (200),
 * {@code size} octets per line (120), {@code killEvery} seconds between collector kills, {@code MIN-MAX} (60-90),
 * {@code cutEvery} seconds between connection cuts (20-40), {@code brokerAt} seconds into the run at which the broker
 * restarts (half the duration; negative: never), {@code seed} for the fault times (the time now), {@code dir} for
 * logs and data (a new temporary directory).
 */
public final class SyslogFaultSoak {
    private SyslogFaultSoak() {
    }

    /** Runs with {@code name=value} arguments; see the class description. */
    public static void main(String[] argv) throws Exception {
        Map<String, String> args = HarnessArgs.parse(argv);
        double duration = Double.parseDouble(args.getOrDefault("duration", "600"));
        FaultSoak.Settings settings = new FaultSoak.Settings(duration,
                Double.parseDouble(args.getOrDefault("rate", "200")),
                Integer.parseInt(args.getOrDefault("size", "120")),
                interval(args.getOrDefault("killEvery", "60-90")),
                Double.parseDouble(args.getOrDefault("brokerAt", Double.toString(duration / 2))),
                interval(args.getOrDefault("cutEvery", "20-40")),
                Long.parseLong(args.getOrDefault("seed", Long.toString(System.currentTimeMillis()))));
        Path dir = args.containsKey("dir") ? Files.createDirectories(Path.of(args.get("dir")))
                : Files.createTempDirectory("syslog-fault-soak");
        System.out.printf(Locale.ROOT, "syslog fault soak: %s, %d cores, %s %s, %s, data and logs in %s%n",
                Instant.now().truncatedTo(ChronoUnit.SECONDS), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name"), System.getProperty("java.version"), settings, dir);
        FaultSoak.Outcome o = FaultSoak.run(settings, dir);
        System.out.println(report(o));
        System.exit(passed(o) ? 0 : 1);
    }

    /** {@code MIN-MAX} seconds, or one number for both. */
    static FaultLoop.Interval interval(String text) {
        int dash = text.indexOf('-');
        double min = Double.parseDouble(dash < 0 ? text : text.substring(0, dash));
        double max = dash < 0 ? min : Double.parseDouble(text.substring(dash + 1));
        if (min <= 0 || max < min) {
            throw new IllegalArgumentException("expected MIN-MAX seconds, 0 < MIN <= MAX: " + text);
        }
        return new FaultLoop.Interval(min, max);
    }

    /** No line missing, nothing foreign in the topic, every device exited 0. */
    static boolean passed(FaultSoak.Outcome o) {
        return o.audit().missing() == 0 && o.audit().foreign() == 0
                && o.devices().stream().allMatch(d -> d.result().exitCode() == 0);
    }

    /** The figures, one block of lines. */
    static String report(FaultSoak.Outcome o) {
        StringBuilder b = new StringBuilder();
        TopicAudit a = o.audit();
        long sent = o.devices().stream().mapToLong(FaultSoak.Device::sent).sum();
        b.append(String.format(Locale.ROOT, "lines sent %d, records in the topic %d, missing %d, duplicates %d, "
                        + "foreign %d; devices done %.1f s after their input ended%n", sent, a.records(), a.missing(),
                a.duplicates(), a.foreign(), o.drainSeconds()));
        for (int d = 0; d < o.devices().size(); d++) {
            FaultSoak.Device dev = o.devices().get(d);
            SyslogDevice.Result r = dev.result();
            b.append(String.format(Locale.ROOT, "device %d %s: sent %d, missing %d, duplicates %d; exit %d, "
                            + "sessions lost %d, reconnects %d, resent %d, duplicates possible %d; longest blocked "
                            + "%.1f s, longest behind schedule %.1f s%n", d, dev.raw() ? "RAW" : "COOKED", dev.sent(),
                    a.missing(d), a.duplicates(d), r.exitCode(), r.stderr().lines().filter(SyslogDevice::sessionLost)
                            .count(), r.reconnects(), r.resent(), r.duplicatesPossible(),
                    dev.longestBlockedMillis() / 1e3, dev.longestBehindMillis() / 1e3));
            // Why its sessions ended, each kind once with its count (numbers and addresses left out).
            r.stderr().lines().filter(SyslogDevice::sessionLost)
                    .map(l -> l.substring(0, l.indexOf("; retrying in ")).replaceAll("[0-9.:]+[0-9]", "N"))
                    .collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()))
                    .forEach((why, n) -> b.append("  ").append(n).append(" x ").append(why).append('\n'));
            if (a.missing(d) > 0) {
                b.append("  first missing ").append(a.firstMissing(d, 10)).append('\n');
            }
            if (r.exitCode() != 0) {
                b.append("  ").append(r.stderr().strip().replace("\n", "\n  ")).append('\n');
            }
        }
        long kills = o.faults().stream().filter(f -> f.kind() == FaultLoop.Kind.COLLECTOR_KILL).count();
        long cuts = o.faults().stream().filter(f -> f.kind() == FaultLoop.Kind.CONNECTIONS_CUT).count();
        b.append(String.format(Locale.ROOT, "faults: %d collector kills, %d cuts (%d connections cut mid-stream, %d "
                + "quiet), %d connections through the proxy%n", kills, cuts, o.cutMidStream(), o.cutQuiet(),
                o.connections()));
        for (FaultLoop.Fault f : o.faults()) {
            b.append(String.format(Locale.ROOT, "  %6.1f s %s: %d ms%s%n", f.seconds(), f.kind(), f.millis(),
                    f.kind() == FaultLoop.Kind.CONNECTIONS_CUT ? ", " + f.affected() + " connections" : ""));
        }
        if (!o.load().isEmpty()) {
            b.append(String.format(Locale.ROOT, "load (1-minute average, every 5 s): min %.1f, mean %.1f, max %.1f%n",
                    o.load().stream().mapToDouble(Double::doubleValue).min().orElse(0),
                    o.load().stream().mapToDouble(Double::doubleValue).average().orElse(0),
                    o.load().stream().mapToDouble(Double::doubleValue).max().orElse(0)));
        }
        return b.toString();
    }
}
