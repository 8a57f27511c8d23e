package io.beepkit.bench.kafka;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Devices sending numbered COOKED lines through {@code beep syslog receive --kafka-...} (its own process) into a
 * {@link KafkaBroker}, while the collector is killed with SIGKILL and started again on the same port once the topic
 * holds a given share of the lines, and the broker is stopped and started again once it holds another. Disruptions
 * are placed by the topic's progress, not by time, so that they fall while the devices send however fast the
 * machine is. Then the topic is read back ({@link TopicAudit}).
 */
final class CrashScenario {
    /** One partition: every device's records in one log, as in the existing broker tests. */
    private static final int PARTITIONS = 1;
    /** How often the topic's record count is sampled for {@link Outcome#progress()}. */
    static final long SAMPLE_MILLIS = 250;

    /**
     * What happened.
     *
     * @param devices            each device's result, in device order
     * @param audit              the topic read back once every device ended
     * @param seconds            from the devices' start until the last one ended
     * @param recordsAtKill      records in the topic when the collector was killed (-1: not killed)
     * @param runningAtKill      devices still running then
     * @param recordsAtBrokerStop records in the topic when the broker was stopped (-1: not restarted)
     * @param runningAtBrokerStop devices still running then
     * @param collectorDownMillis from the SIGKILL until the new collector listened
     * @param brokerDownMillis   from the broker's stop until it served the topic again
     * @param progress           the records in the topic sampled every {@value #SAMPLE_MILLIS} ms from the devices'
     *                           start until the last one ended
     */
    record Outcome(List<SyslogDevice.Result> devices, TopicAudit audit, double seconds, long recordsAtKill,
                   int runningAtKill, long recordsAtBrokerStop, int runningAtBrokerStop, long collectorDownMillis,
                   long brokerDownMillis, List<TopicProgress.Sample> progress) {
    }

    private final int devices;
    private final int lines;
    private final int size;
    private final double killAt;
    private final double brokerRestartAt;
    private final List<String> deviceArgs;
    private final List<String> collectorJvm;
    private final List<String> kafkaProperties;

    /**
     * @param devices         devices sending at once
     * @param lines           lines per device
     * @param size            octets per line (about)
     * @param killAt          share of all lines in the topic at which the collector is killed; negative: never
     * @param brokerRestartAt share at which the broker is restarted (after the kill); negative: never
     * @param deviceArgs      extra {@code beep syslog send} options ({@code --retry-for}, {@code --timeout})
     * @param collectorJvm    JVM options of the collector process
     * @param kafkaProperties {@code --kafka-property} values for the collector
     */
    CrashScenario(int devices, int lines, int size, double killAt, double brokerRestartAt, List<String> deviceArgs,
                  List<String> collectorJvm, List<String> kafkaProperties) {
        this.devices = devices;
        this.lines = lines;
        this.size = size;
        this.killAt = killAt;
        this.brokerRestartAt = brokerRestartAt;
        this.deviceArgs = deviceArgs;
        this.collectorJvm = collectorJvm;
        this.kafkaProperties = kafkaProperties;
    }

    /** Runs the scenario into a new topic {@code topic} of {@code broker}; files and logs go to {@code dir}. */
    Outcome run(KafkaBroker broker, String topic, Path dir) throws Exception {
        broker.createTopic(topic, PARTITIONS);
        List<Path> files = new ArrayList<>();
        for (int d = 0; d < devices; d++) {
            files.add(SyslogDevice.writeLines(dir, d, lines, size));
        }
        long total = (long) devices * lines;
        ExecutorService pool = Executors.newFixedThreadPool(devices);
        try (CollectorProcess collector = CollectorProcess.start(dir.resolve("collector.log"), collectorJvm,
                broker.bootstrap(), topic, kafkaProperties);
             TopicProgress progress = TopicProgress.start(broker.admin(), topic, PARTITIONS, SAMPLE_MILLIS)) {
            long t0 = progress.startNanos();
            List<CompletableFuture<SyslogDevice.Result>> runs = new ArrayList<>();
            for (int d = 0; d < devices; d++) {
                int device = d;
                runs.add(CompletableFuture.supplyAsync(() -> SyslogDevice.send(device, files.get(device),
                        collector.port(), deviceArgs), pool));
            }
            CompletableFuture<Void> all = CompletableFuture.allOf(runs.toArray(CompletableFuture<?>[]::new));
            long atKill = -1;
            int runningAtKill = 0;
            long collectorDown = 0;
            if (killAt >= 0 && awaitRecords(broker, topic, (long) (total * killAt), all)) {
                atKill = records(broker, topic);
                runningAtKill = running(runs);
                long k = System.nanoTime();
                collector.kill();
                collector.restart();
                collectorDown = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - k);
            }
            long atStop = -1;
            int runningAtStop = 0;
            long brokerDown = 0;
            if (brokerRestartAt >= 0 && awaitRecords(broker, topic, (long) (total * brokerRestartAt), all)) {
                atStop = records(broker, topic);
                runningAtStop = running(runs);
                long s = System.nanoTime();
                broker.stopProcess();
                broker.startProcess();
                broker.awaitLeaders(topic);
                brokerDown = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - s);
            }
            all.get(300, TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - t0) / 1e9;
            List<TopicProgress.Sample> samples = progress.stop();
            List<SyslogDevice.Result> results = new ArrayList<>();
            for (CompletableFuture<SyslogDevice.Result> r : runs) {
                results.add(r.join());
            }
            TopicAudit audit = TopicAudit.read(broker.bootstrap(), topic, devices, lines);
            return new Outcome(results, audit, seconds, atKill, runningAtKill, atStop, runningAtStop, collectorDown,
                    brokerDown, samples);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Waits until the topic holds {@code target} records; false if the devices all ended first. */
    private static boolean awaitRecords(KafkaBroker broker, String topic, long target, CompletableFuture<?> all)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (System.nanoTime() < deadline) {
            if (records(broker, topic) >= target) {
                return true;
            }
            if (all.isDone()) {
                return false;
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("the topic did not reach " + target + " records in 300 s");
    }

    /** The records in the topic now (the sum of its partitions' end offsets). */
    private static long records(KafkaBroker broker, String topic) throws Exception {
        return TopicProgress.records(broker.admin(), topic, PARTITIONS);
    }

    private static int running(List<CompletableFuture<SyslogDevice.Result>> runs) {
        return (int) runs.stream().filter(r -> !r.isDone()).count();
    }
}
