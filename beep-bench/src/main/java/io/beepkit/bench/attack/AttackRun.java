package io.beepkit.bench.attack;

import io.beepkit.bench.HarnessArgs;
import io.beepkit.bench.attack.HostilePeers.Kind;

import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The combined attack on a listener, with figures. Starts {@code beep serve} (the beep-cli jar) in a child JVM with a
 * small heap and a listener memory budget; connects a fresh session that measures echo latency throughout; then, all
 * at once, sessions that never read (many channels, large granted windows, large and empty MSGs), silent connections,
 * half-greeted connections and connections sending a 1 MiB frame before greeting, each reconnecting once the
 * listener closes it. Every {@code report} seconds it prints the echo latencies of the interval and the listener's
 * figures (memory held against the budget, refusals, sheds, heap used and after the latest collection, threads,
 * descriptors), and at the end a table of the intervals (echoes, p50, p99 and max, the phase of the attack: the
 * start flood, the sessions held, the recovery, and the machine's load average); after the attackers leave it waits for the listener to settle, forces a collection and compares
 * with the baseline. Ends with each target, met or not.
 *
 * <pre>java -cp beep-bench/target/benchmarks.jar io.beepkit.bench.attack.AttackRun jar=beep-cli/target/beep.jar</pre>
 *
 * Arguments ({@code name=value}): {@code jar} (beep-cli/target/beep.jar), {@code heap} (256m), {@code budget}
 * listener memory budget (128m), {@code sessions} never-reading sessions (200), {@code channels} per session (32),
 * {@code empty} empty MSGs per channel (3000), {@code large} octets per large MSG (16384), {@code silent} (2000),
 * {@code half} half-greeted (200), {@code huge} connections sending 1 MiB frames (500), {@code duration} seconds of
 * attack (60), {@code hold} seconds a never-reading session holds before starting over (40), {@code reconnect}
 * seconds before a connection the listener closed comes back (5), {@code greeting}
 * greeting timeout in seconds (15), {@code report} seconds (5), {@code settle} most seconds to wait after (60),
 * {@code gap} milliseconds between the probe's echoes (2), {@code jfr} a file for a flight recording of the listener,
 * {@code jfc} its settings ({@code profile}, or a .jfc file: sampling every 2 ms shows a loop's turns one by one),
 * {@code jvm} more JVM options for the listener, comma-separated, {@code scenario} a named set of defaults (see
 * {@link Scenario}; explicit arguments win).
 */
public final class AttackRun {
    private final Map<String, String> args;

    private AttackRun(Map<String, String> args) {
        this.args = args;
        String scenario = args.get("scenario");
        if (scenario != null) {
            Scenario.named(scenario).defaults().forEach(args::putIfAbsent);
        }
    }

    /** Runs with {@code name=value} arguments; see the class description. */
    public static void main(String[] argv) throws Exception {
        Map<String, String> args = HarnessArgs.parse(argv);
        System.exit(new AttackRun(args).run() ? 0 : 1);
    }

    /** The child's heap and any extra JVM options ({@code jvm=-Xlog:gc,...}, comma-separated). */
    private List<String> jvm() {
        List<String> options = new java.util.ArrayList<>(List.of("-Xmx" + arg("heap", "256m"), "-Xms" + arg("heap", "256m")));
        if (args.containsKey("jfr")) {
            options.add("-XX:StartFlightRecording=filename=" + args.get("jfr") + ",settings=" + arg("jfc", "profile")
                    + ",dumponexit=true");
        }
        if (args.containsKey("jvm")) {
            options.addAll(List.of(args.get("jvm").split(",")));
        }
        return options;
    }

    private String arg(String name, String byDefault) {
        return args.getOrDefault(name, byDefault);
    }

    private int num(String name, int byDefault) {
        return Integer.parseInt(arg(name, Integer.toString(byDefault)));
    }

    private boolean run() throws Exception {
        String budget = arg("budget", "128m");
        int greeting = num("greeting", 15);
        int report = num("report", 5);
        Map<Kind, Integer> counts = new EnumMap<>(Kind.class);
        counts.put(Kind.NON_READER, num("sessions", 200));
        counts.put(Kind.SILENT, num("silent", 2000));
        counts.put(Kind.HALF_GREETED, num("half", 200));
        counts.put(Kind.HUGE_FRAME, num("huge", 500));
        System.out.printf(Locale.ROOT, "attack: %s%s, %d cores, started %s%n", counts,
                args.containsKey("scenario") ? " (scenario " + args.get("scenario") + ": " + args + ")" : "",
                Runtime.getRuntime().availableProcessors(), Instant.now());
        List<String> serve = List.of("--port", "0", "--listener-memory-budget", budget, "--max-sessions", "20000",
                "--max-sessions-per-address", "20000", "--greeting-timeout", greeting + "s", "--stats-interval", "1s",
                "--log-level", "warn");
        try (ChildListener listener = new ChildListener(arg("jar", "beep-cli/target/beep.jar"),
                jvm(), serve)) {
            System.out.printf("listener: pid %d, port %d, -Xmx%s, listener memory budget %s, serve %s%n",
                    listener.pid(), listener.port(), arg("heap", "256m"), budget, String.join(" ", serve));
            warmUp(listener.port());
            Figures base = settle(listener, 0, null);
            System.out.println("baseline: " + base);
            Report out = new Report(greeting, counts.get(Kind.NON_READER));
            try (EchoProbe probe = new EchoProbe(listener.port(), num("gap", 2))) {
                Thread.sleep(2_000);
                probe.interval();
                probe.maxAndReset();
                HostilePeers peers = new HostilePeers(new InetSocketAddress("127.0.0.1", listener.port()), counts,
                        num("channels", 32), num("large", 16384), num("empty", 3000),
                        TimeUnit.SECONDS.toNanos(num("hold", 40)), TimeUnit.SECONDS.toNanos(num("reconnect", 5)));
                long t0 = System.nanoTime();
                peers.start();
                long end = t0 + TimeUnit.SECONDS.toNanos(num("duration", 60));
                while (System.nanoTime() < end && listener.alive()) {
                    Thread.sleep(TimeUnit.SECONDS.toMillis(report));
                    out.interval(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0), probe, listener, peers);
                }
                peers.close();
                out.attackEnded(peers);
                // The probe goes on while the listener recovers.
                long recoverEnd = System.nanoTime() + TimeUnit.SECONDS.toNanos(Math.max(greeting, 10));
                while (System.nanoTime() < recoverEnd && listener.alive()) {
                    Thread.sleep(TimeUnit.SECONDS.toMillis(report));
                    out.interval(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0), probe, listener, null);
                }
                out.probeEnded(probe);
            }
            if (!listener.alive()) {
                System.out.println("FAIL: the listener died; its last lines:");
                listener.lastLines().forEach(l -> System.out.println("  " + l));
                return false;
            }
            Figures after = settle(listener, num("settle", 90), base);
            System.out.println("after:    " + after);
            System.out.println("log: " + listener.logLines() + " lines on standard error; the first WARN lines:");
            listener.warnings().stream().limit(12).forEach(l -> System.out.println("  " + l));
            return out.verdict(listener, base, after);
        }
    }

    /**
     * A few short sessions before the baseline, so that it counts the threads a served listener keeps (Netty starts
     * its I/O threads on first use) and not only those of an idle one.
     */
    private static void warmUp(int port) throws Exception {
        try (io.beepkit.netty.BeepClient client = io.beepkit.netty.BeepClient.builder().build()) {
            for (int i = 0; i < 8; i++) {
                var s = client.connect("127.0.0.1", port).get(10, TimeUnit.SECONDS);
                s.startChannel(NonReader.ECHO).get(10, TimeUnit.SECONDS)
                        .send(io.beepkit.api.MimeEntity.of("warm-up")).get(10, TimeUnit.SECONDS);
                s.close().get(10, TimeUnit.SECONDS);
            }
        }
        Thread.sleep(1_000);
    }

    /** The listener's figures once it holds no hostile session, after a forced collection. */
    record Figures(int sessions, long held, long afterGcMiB, int threads, int javaThreads, int descriptors) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "sessions %d, memory held %d, heap after full GC %d MiB, threads %d "
                    + "(Java %d), descriptors %d", sessions, held, afterGcMiB, threads, javaThreads, descriptors);
        }
    }

    /**
     * Waits (at most {@code seconds}) until the listener holds no session and, given a baseline, its threads and
     * descriptors are back to it (idle callback threads end after 60 s; the JVM's own compiler and collector threads
     * come and go, so Java threads are compared); then forces a collection.
     */
    private static Figures settle(ChildListener listener, int seconds, Figures base) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            ChildListener.Stats s = listener.stats();
            if (s != null && s.sessions() == 0 && s.held() == 0 && (base == null
                    || (s.javaThreads() <= base.javaThreads() && listener.descriptors() <= base.descriptors()))) {
                break;
            }
            Thread.sleep(500);
        }
        Thread.sleep(1_500); // closed connections leave the descriptor table
        listener.collectGarbage();
        Thread.sleep(2_200); // the next stats line, after the collection
        ChildListener.Stats s = listener.stats();
        return new Figures(s == null ? -1 : s.sessions(), s == null ? -1 : s.held(),
                s == null ? -1 : s.afterGcMiB(), listener.threads(), s == null ? -1 : s.javaThreads(),
                listener.descriptors());
    }
}
