package io.beepkit.bench.kafka;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Reliable syslog into Kafka under a stream of faults, every part real and on 127.0.0.1: a KRaft broker and
 * {@code beep syslog receive --kafka-...} each in a child JVM, four {@code beep syslog send} devices in this one (two
 * COOKED, two RAW) each fed numbered lines at a steady rate through a named pipe ({@link PacedFeed}), and between the
 * devices and the collector a {@link CuttingProxy}. While the devices send, a {@link FaultLoop} kills the collector,
 * restarts the broker once and cuts the connections; then the feeds end, the devices send what they still hold, and
 * the whole topic is read back and every line accounted for ({@link TopicAudit}).
 */
final class FaultSoak {
    /** Devices 0 and 1 send COOKED, 2 and 3 RAW. */
    static final int DEVICES = 4;
    /** How long the devices may take, after the feeds end, to send what they hold. */
    private static final long DRAIN_SECONDS = 300;

    /**
     * What to run.
     *
     * @param seconds        how long the devices are fed and the faults come
     * @param linesPerSecond each device's rate
     * @param size           octets per line
     * @param kills          seconds between collector kills
     * @param brokerAt       seconds into the run at which the broker is restarted (negative: never)
     * @param cuts           seconds between connection cuts
     * @param seed           for the fault times
     */
    record Settings(double seconds, double linesPerSecond, int size, FaultLoop.Interval kills, double brokerAt,
                    FaultLoop.Interval cuts, long seed) {
    }

    /**
     * One device's run.
     *
     * @param raw                  RAW, else COOKED
     * @param sent                 lines fed to it (numbered 0 to sent - 1)
     * @param result               how {@code beep syslog send} ended
     * @param longestBlockedMillis the longest write to its pipe (the device could not send meanwhile)
     * @param longestBehindMillis  how far its feed fell behind schedule at worst
     */
    record Device(boolean raw, int sent, SyslogDevice.Result result, long longestBlockedMillis,
                  long longestBehindMillis) {
    }

    /**
     * What happened.
     *
     * @param devices      in device order
     * @param audit        the whole topic read back
     * @param faults       in order
     * @param drainSeconds from the feeds' end until the last device ended
     * @param connections  connections the proxy took from devices
     * @param cutMidStream connections cut in the middle of octets a device sent
     * @param cutQuiet     connections cut while their device sent nothing
     * @param load         the machine's 1-minute load average, sampled every 5 s
     */
    record Outcome(List<Device> devices, TopicAudit audit, List<FaultLoop.Fault> faults, double drainSeconds,
                   long connections, long cutMidStream, long cutQuiet, List<Double> load) {
    }

    private FaultSoak() {
    }

    /** Runs {@code settings} with logs and data under {@code dir}. */
    static Outcome run(Settings settings, Path dir) throws Exception {
        List<Double> load = new ArrayList<>();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        sampler.scheduleAtFixedRate(() -> sampleLoad(load), 0, 5, TimeUnit.SECONDS);
        ExecutorService pool = Executors.newFixedThreadPool(2 * DEVICES);
        String topic = "syslog-soak-" + UUID.randomUUID();
        try (KafkaBroker broker = KafkaBroker.start(dir, List.of("-Xms128m", "-Xmx512m"))) {
            broker.createTopic(topic, 1);
            try (CollectorProcess collector = CollectorProcess.start(dir.resolve("collector.log"),
                    List.of("-Xmx256m"), broker.bootstrap(), topic, List.of());
                 CuttingProxy proxy = CuttingProxy.start(collector.port())) {
                long t0 = System.nanoTime();
                long end = t0 + (long) (settings.seconds() * 1e9);
                List<PacedFeed> feeds = new ArrayList<>();
                List<CompletableFuture<Void>> feeding = new ArrayList<>();
                List<CompletableFuture<SyslogDevice.Result>> sending = new ArrayList<>();
                for (int d = 0; d < DEVICES; d++) {
                    PacedFeed feed = PacedFeed.create(dir, d, settings.size(), settings.linesPerSecond(), end);
                    feeds.add(feed);
                    feeding.add(CompletableFuture.runAsync(feed, pool));
                    int device = d;
                    List<String> args = deviceArgs(raw(d));
                    sending.add(CompletableFuture.supplyAsync(() -> SyslogDevice.send(device, feed.pipe(),
                            proxy.port(), args), pool));
                }
                FaultLoop faults = new FaultLoop(collector, broker, topic, proxy, settings.kills(),
                        settings.brokerAt(), settings.cuts(), settings.seed());
                List<FaultLoop.Fault> done = faults.run(t0, end);
                CompletableFuture.allOf(sending.toArray(CompletableFuture<?>[]::new))
                        .get(DRAIN_SECONDS + (long) settings.seconds(), TimeUnit.SECONDS);
                double drain = Math.max(0, (System.nanoTime() - end) / 1e9);
                List<Device> devices = new ArrayList<>();
                int[] sent = new int[DEVICES];
                for (int d = 0; d < DEVICES; d++) {
                    PacedFeed f = feeds.get(d);
                    sent[d] = f.written();
                    devices.add(new Device(raw(d), f.written(), sending.get(d).join(), f.longestBlockedMillis(),
                            f.longestBehindMillis()));
                }
                TopicAudit audit = TopicAudit.read(broker.bootstrap(), topic, sent);
                sampler.shutdown();
                synchronized (load) {
                    return new Outcome(devices, audit, done, drain, proxy.connections(), proxy.cutMidStream(),
                            proxy.cutQuiet(), List.copyOf(load));
                }
            }
        } finally {
            sampler.shutdownNow();
            pool.shutdownNow();
        }
    }

    static boolean raw(int device) {
        return device >= 2;
    }

    /** Devices wait out the broker's restart and the collector's restarts rather than give up. */
    private static List<String> deviceArgs(boolean raw) {
        List<String> args = new ArrayList<>();
        if (raw) {
            args.add("--raw");
        }
        args.addAll(List.of("--retry-for", "180s", "--timeout", "90s"));
        return args;
    }

    private static void sampleLoad(List<Double> into) {
        try {
            double one = Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
            synchronized (into) {
                into.add(one);
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: no load figures
        }
    }
}
