package io.beepkit.bench;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A soak run: a listener on 127.0.0.1 (in this JVM, or {@code beep serve} in a child JVM) and {@code sessions} client
 * sessions against it, each with one channel on the echo profile keeping one message in flight: small echoes on most
 * sessions, bulk messages on every {@code bulkEvery}-th. Every {@code report} seconds it prints the echo latency
 * percentiles of the interval, exchange rates, errors, used heap (and after the last GC), threads and open file
 * descriptors of this process, and the listener's figures (what it holds for its peers against its budget, whether it
 * refused or shed sessions; for a child also its heap, threads and descriptors); the baseline before the run (after a
 * GC); at the end the whole run's percentiles, then the same figures once every session has closed. An in-process
 * listener may hold half the heap for its peers.
 *
 * <pre>java -Xmx2g -cp beep-bench/target/benchmarks.jar io.beepkit.bench.SoakRun sessions=10000 duration=600 \
 *     serve=beep-cli/target/beep.jar</pre>
 *
 * Arguments ({@code name=value}): {@code sessions} (1000), {@code duration} seconds (20), {@code bulkEvery} (10),
 * {@code bulkSize} octets (262144), {@code echoSize} octets (64), {@code report} seconds (5); {@code serve} the path of
 * the beep-cli jar to run the listener as {@code beep serve} in a child JVM instead, with {@code serveHeap} (3g) and
 * {@code serveBudget} its listener memory budget (1g).
 */
public final class SoakRun {
    private final int sessions;
    private final long durationNanos;
    private final int bulkEvery;
    private final int bulkSize;
    private final int echoSize;
    private final int reportSeconds;
    private final String serveJar;
    private final String serveHeap;
    private final String serveBudget;
    private final LatencyHistogram echoLatency = new LatencyHistogram();
    private final AtomicLong echoes = new AtomicLong();
    private final AtomicLong bulkOctets = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();

    private SoakRun(Map<String, String> args) {
        sessions = Integer.parseInt(args.getOrDefault("sessions", "1000"));
        durationNanos = TimeUnit.SECONDS.toNanos(Long.parseLong(args.getOrDefault("duration", "20")));
        bulkEvery = Integer.parseInt(args.getOrDefault("bulkEvery", "10"));
        bulkSize = Integer.parseInt(args.getOrDefault("bulkSize", "262144"));
        echoSize = Integer.parseInt(args.getOrDefault("echoSize", "64"));
        reportSeconds = Integer.parseInt(args.getOrDefault("report", "5"));
        serveJar = args.get("serve");
        serveHeap = args.getOrDefault("serveHeap", "3g");
        serveBudget = args.getOrDefault("serveBudget", "1g");
    }

    /** Runs with {@code name=value} arguments; see the class description. */
    public static void main(String[] argv) throws Exception {
        Map<String, String> args = HarnessArgs.parse(argv);
        new SoakRun(args).run();
    }

    private void run() throws Exception {
        System.out.printf("soak: %d sessions (every %d-th bulk of %d octets, others echo of %d), %d s%n", sessions,
                bulkEvery, bulkSize, echoSize, TimeUnit.NANOSECONDS.toSeconds(durationNanos));
        printFigures("baseline", null);
        try (SoakListener server = serveJar == null ? SoakListener.inProcess(sessions)
                : SoakListener.child(serveJar, serveHeap, serveBudget, sessions);
             BeepClient client = BeepClient.builder().build()) {
            System.out.println("         " + server.figures());
            long t0 = System.nanoTime();
            List<BeepSession> open = connect(client, server.port());
            System.out.printf("connected %d sessions in %d ms%n", open.size(),
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
            long deadline = System.nanoTime() + durationNanos;
            List<CompletableFuture<Void>> loops = new ArrayList<>();
            for (int i = 0; i < open.size(); i++) {
                loops.add(startLoop(open.get(i), i % bulkEvery == bulkEvery - 1, deadline));
            }
            long[] whole = new long[LatencyHistogram.BUCKETS];
            long start = System.nanoTime();
            while (System.nanoTime() < deadline) {
                Thread.sleep(Math.min(TimeUnit.SECONDS.toMillis(reportSeconds),
                        Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()))));
                long[] interval = echoLatency.snapshotAndReset();
                LatencyHistogram.add(whole, interval);
                printFigures(String.format("t=%3ds", TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start)), interval);
                System.out.println("         " + server.figures());
            }
            for (CompletableFuture<Void> loop : loops) {
                loop.handle((v, e) -> null).get(60, TimeUnit.SECONDS);
            }
            LatencyHistogram.add(whole, echoLatency.snapshotAndReset());
            System.out.printf("run: %d echoes, %.1f MB bulk, %d errors; echo latency p50 %d us, p99 %d us, "
                            + "p99.9 %d us%n", echoes.get(), bulkOctets.get() / 1e6, errors.get(),
                    LatencyHistogram.percentile(whole, 0.50), LatencyHistogram.percentile(whole, 0.99),
                    LatencyHistogram.percentile(whole, 0.999));
            List<CompletableFuture<Void>> closes = new ArrayList<>();
            open.forEach(s -> closes.add(s.close()));
            for (CompletableFuture<Void> c : closes) {
                c.handle((v, e) -> null).get(60, TimeUnit.SECONDS);
            }
            printFigures("closed", null);
            Thread.sleep(2_000); // connections finish closing on the listener's side
            server.collectGarbage();
            System.out.println("         " + server.figures());
        }
        Thread.sleep(1000);
        printFigures("stopped", null);
    }

    private List<BeepSession> connect(BeepClient client, int port) throws Exception {
        List<BeepSession> open = new ArrayList<>();
        int batch = 200;
        for (int i = 0; i < sessions; i += batch) {
            List<CompletableFuture<BeepSession>> pending = new ArrayList<>();
            for (int k = i; k < Math.min(sessions, i + batch); k++) {
                pending.add(client.connect("127.0.0.1", port));
            }
            for (CompletableFuture<BeepSession> f : pending) {
                open.add(f.get(60, TimeUnit.SECONDS));
            }
        }
        return open;
    }

    private CompletableFuture<Void> startLoop(BeepSession session, boolean bulk, long deadline) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        byte[] body = new byte[bulk ? bulkSize : echoSize];
        session.startChannel(StandardProfiles.ECHO).whenComplete((ch, e) -> {
            if (e != null) {
                errors.incrementAndGet();
                done.complete(null);
            } else {
                next(ch, body, bulk, deadline, done);
            }
        });
        return done;
    }

    private void next(BeepChannel ch, byte[] body, boolean bulk, long deadline, CompletableFuture<Void> done) {
        long sent = System.nanoTime();
        if (sent - deadline > 0) {
            done.complete(null);
            return;
        }
        ch.send(MimeEntity.of(body)).whenComplete((reply, e) -> {
            if (e != null || reply.entity().body().length != body.length) {
                errors.incrementAndGet();
                done.complete(null);
                return;
            }
            if (bulk) {
                bulkOctets.addAndGet(body.length);
            } else {
                echoLatency.record(System.nanoTime() - sent);
                echoes.incrementAndGet();
            }
            next(ch, body, bulk, deadline, done);
        });
    }

    private void printFigures(String label, long[] interval) {
        if (interval == null) {
            System.gc(); // before, after and at the end of the run: the figures compare live data, not garbage
        }
        var memory = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        long usedAfterGc = 0;
        for (var pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == java.lang.management.MemoryType.HEAP && pool.getCollectionUsage() != null) {
                usedAfterGc += pool.getCollectionUsage().getUsed();
            }
        }
        String[] fds = new File("/proc/self/fd").list();
        StringBuilder line = new StringBuilder(String.format("%-8s heap %4d MB (after last GC %4d MB, max %4d MB), "
                        + "threads %4d, fds %5s", label, memory.getUsed() >> 20, usedAfterGc >> 20,
                memory.getMax() >> 20, ManagementFactory.getThreadMXBean().getThreadCount(),
                fds == null ? "n/a" : Integer.toString(fds.length)));
        if (interval != null) {
            line.append(String.format(", echoes %7d (p50 %6d us, p99 %6d us, p99.9 %6d us), bulk %7.1f MB, errors %d",
                    LatencyHistogram.count(interval), LatencyHistogram.percentile(interval, 0.50),
                    LatencyHistogram.percentile(interval, 0.99), LatencyHistogram.percentile(interval, 0.999),
                    bulkOctets.get() / 1e6, errors.get()));
        }
        System.out.println(line);
    }
}
