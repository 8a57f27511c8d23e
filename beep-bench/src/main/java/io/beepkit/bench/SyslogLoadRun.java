package io.beepkit.bench;

import io.beepkit.api.BeepSession;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.ListenerLimits;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketTuning;
import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.SyslogSender;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Reliable syslog (RFC 3195) throughput and loss in one JVM: a collector on 127.0.0.1 whose consumer
 * ({@link SlowConsumer}) handles at most {@code rate} messages a second, and {@code senders} devices, each with its
 * own session and channel, sending numbered RFC 5424 lines as fast as the collector lets them, for each profile and
 * each sender count in turn. Per phase it prints messages sent and handled per second, lost and out-of-sequence
 * messages (each counted by sender and sequence number), the consumer's largest hand-off queue, and the used heap
 * before the phase (after a GC), the highest seen during it (sampled every 100 ms, garbage included), the most the
 * heap held right after a collection during it (live data), and after it (after a GC).
 *
 * <pre>java -cp beep-bench/target/benchmarks.jar io.beepkit.bench.SyslogLoadRun senders=1,100 duration=20</pre>
 *
 * Arguments ({@code name=value}): {@code senders} (1,100), {@code profiles} (raw,cooked), {@code duration} seconds per
 * phase (20), {@code rate} messages per second the consumer handles (20000), {@code size} octets per line (120),
 * {@code inFlight} COOKED entries a sender keeps unacknowledged (16), {@code window} a fixed receive window for the
 * collector in octets (0, the default: {@code SocketTuning.DEFAULT}, whose tuner shrinks a window the consumer holds
 * back to as little as 4096).
 */
public final class SyslogLoadRun {
    private final List<Integer> senderCounts = new ArrayList<>();
    private final List<String> profiles = new ArrayList<>();
    private final long durationNanos;
    private final long rate;
    private final int size;
    private final int inFlight;
    private final int window;

    private SyslogLoadRun(Map<String, String> args) {
        for (String s : args.getOrDefault("senders", "1,100").split(",")) {
            senderCounts.add(Integer.parseInt(s.trim()));
        }
        for (String p : args.getOrDefault("profiles", "raw,cooked").split(",")) {
            profiles.add(p.trim());
        }
        durationNanos = TimeUnit.SECONDS.toNanos(Long.parseLong(args.getOrDefault("duration", "20")));
        rate = Long.parseLong(args.getOrDefault("rate", "20000"));
        size = Integer.parseInt(args.getOrDefault("size", "120"));
        inFlight = Integer.parseInt(args.getOrDefault("inFlight", "16"));
        window = Integer.parseInt(args.getOrDefault("window", "0"));
    }

    /** Runs with {@code name=value} arguments; see the class description. */
    public static void main(String[] argv) throws Exception {
        Map<String, String> args = HarnessArgs.parse(argv);
        SyslogLoadRun run = new SyslogLoadRun(args);
        System.out.printf("syslog load: %s, consumer limited to %d msg/s, %d-octet lines, %d s per phase, collector "
                        + "window %s, %d cores, max heap %d MB, %s%n", Instant.now().truncatedTo(ChronoUnit.SECONDS),
                run.rate, run.size, TimeUnit.NANOSECONDS.toSeconds(run.durationNanos),
                run.window > 0 ? run.window + " fixed" : "tuned (default)", Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20, System.getProperty("java.vm.name") + " "
                        + System.getProperty("java.version"));
        for (String profile : run.profiles) {
            for (int senders : run.senderCounts) {
                run.phase(profile, senders);
            }
        }
    }

    private void phase(String profile, int senders) throws Exception {
        boolean raw = profile.equals("raw");
        long before = usedAfterGc();
        AtomicLong sent = new AtomicLong();
        AtomicLong peak = new AtomicLong(before);
        AtomicLong livePeak = new AtomicLong(before);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        SessionConfig.Builder cb = SessionConfig.builder();
        if (window > 0) {
            cb.tuning(SocketTuning.of("custom", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().window(window).build()));
        }
        SessionConfig config = cb.build();
        try (SlowConsumer consumer = new SlowConsumer(senders, rate);
             BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).session(config)
                     .limits(ListenerLimits.builder().maxSessions(senders + 10).maxSessionsPerAddress(senders + 10)
                             .build())
                     .noDefaultProfiles()
                     .profiles(SyslogCollector.builder().consumer(consumer).build().register(new ProfileRegistry()))
                     .build().start().join();
             BeepClient client = BeepClient.builder().build()) {
            List<SyslogSender> devices = new ArrayList<>();
            for (int s = 0; s < senders; s++) {
                BeepSession session = client.connect("127.0.0.1", server.port()).get(30, TimeUnit.SECONDS);
                devices.add((raw ? SyslogSender.raw(session) : SyslogSender.cooked(session, null, inFlight))
                        .get(30, TimeUnit.SECONDS));
            }
            long t0 = System.nanoTime();
            long deadline = t0 + durationNanos;
            List<Thread> threads = new ArrayList<>();
            for (int s = 0; s < senders; s++) {
                int id = s;
                SyslogSender device = devices.get(s);
                Thread t = new Thread(() -> send(device, id, raw, deadline, sent, failure), "device-" + s);
                t.start();
                threads.add(t);
            }
            while (threads.stream().anyMatch(Thread::isAlive)) {
                peak.accumulateAndGet(used(), Math::max);
                livePeak.accumulateAndGet(liveAfterLastGc(), Math::max);
                Thread.sleep(100);
            }
            long sendNanos = System.nanoTime() - t0;
            for (SyslogSender d : devices) {
                d.finish().get(120, TimeUnit.SECONDS); // RAW: NUL after the last line; both: close once all answered
            }
            long drainDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (consumer.handled() < sent.get() && System.nanoTime() < drainDeadline) {
                peak.accumulateAndGet(used(), Math::max);
                livePeak.accumulateAndGet(liveAfterLastGc(), Math::max);
                Thread.sleep(20);
            }
            long allNanos = System.nanoTime() - t0;
            long received = 0;
            for (int s = 0; s < senders; s++) {
                received += consumer.received(s); // each sender's messages that arrived in sequence
            }
            long lost = sent.get() - received;
            System.out.printf("%-6s senders=%3d: sent %d in %.1f s (%.0f msg/s), handled %d in %.1f s (%.0f msg/s), "
                            + "lost %d, out of sequence %d, consumer queue max %d, heap before %d MB, peak %d MB (live after a GC "
                            + "at most %d MB)%s%n",
                    profile, senders, sent.get(), sendNanos / 1e9, sent.get() / (sendNanos / 1e9), consumer.handled(),
                    allNanos / 1e9, consumer.handled() / (allNanos / 1e9), lost, consumer.anomalies(),
                    consumer.maxQueued(), before >> 20, peak.get() >> 20, livePeak.get() >> 20,
                    failure.get() == null ? "" : ", failure: " + failure.get());
        }
        System.out.printf("%-6s senders=%3d: heap after %d MB%n", profile, senders, usedAfterGc() >> 20);
    }

    /** One device: numbered lines as fast as the collector takes them (COOKED: {@code inFlight} unacknowledged). */
    private void send(SyslogSender device, int id, boolean raw, long deadline, AtomicLong sent,
                      AtomicReference<Throwable> failure) {
        String pad = "x".repeat(Math.max(0, size - 70));
        ArrayDeque<CompletableFuture<Void>> pending = new ArrayDeque<>();
        try {
            for (long n = 0; System.nanoTime() < deadline; n++) {
                pending.add(device.send("<134>1 2026-11-23T17:00:00.000Z bench load - ID1 - s=" + id + " n=" + n
                        + " " + pad));
                sent.incrementAndGet();
                while (pending.size() > (raw ? 0 : inFlight - 1)) {
                    pending.poll().get(120, TimeUnit.SECONDS);
                }
            }
            while (!pending.isEmpty()) {
                pending.poll().get(120, TimeUnit.SECONDS);
            }
        } catch (Exception e) {
            failure.compareAndSet(null, e);
        }
    }

    private static long used() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** What the heap held after the most recent collection (every heap pool's collection usage): live data. */
    private static long liveAfterLastGc() {
        long live = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage u = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            live += u == null ? 0 : u.getUsed();
        }
        return live;
    }

    private static long usedAfterGc() throws InterruptedException {
        System.gc();
        Thread.sleep(200);
        return used();
    }
}
