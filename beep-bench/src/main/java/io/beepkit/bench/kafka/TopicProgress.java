package io.beepkit.bench.kafka;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples how many records a topic holds (the sum of its partitions' end offsets) every {@code period} on a thread of
 * its own, from a start instant until {@link #stop()}, so a run's rate can be read over time ({@link ProgressReport})
 * and not only as a whole-run average. A sample that fails (the broker restarting) is skipped.
 */
final class TopicProgress implements AutoCloseable {
    /**
     * One sample.
     *
     * @param seconds since the start instant
     * @param records records in the topic then
     */
    record Sample(double seconds, long records) {
    }

    private final Admin admin;
    private final String topic;
    private final int partitions;
    private final long startNanos;
    private final List<Sample> samples = new ArrayList<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "topic-progress");
        t.setDaemon(true);
        return t;
    });

    private TopicProgress(Admin admin, String topic, int partitions, long startNanos) {
        this.admin = admin;
        this.topic = topic;
        this.partitions = partitions;
        this.startNanos = startNanos;
    }

    /** Starts sampling {@code topic} now and then every {@code periodMillis}; times count from now. */
    static TopicProgress start(Admin admin, String topic, int partitions, long periodMillis) {
        TopicProgress p = new TopicProgress(admin, topic, partitions, System.nanoTime());
        p.timer.scheduleAtFixedRate(p::sample, 0, periodMillis, TimeUnit.MILLISECONDS);
        return p;
    }

    /** The {@link System#nanoTime()} sample times count from. */
    long startNanos() {
        return startNanos;
    }

    /** The records in {@code topic} now: the sum of its {@code partitions} partitions' end offsets. */
    static long records(Admin admin, String topic, int partitions) throws Exception {
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
        }
        long n = 0;
        for (var info : admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS).values()) {
            n += info.offset();
        }
        return n;
    }

    private void sample() {
        try {
            long n = records(admin, topic, partitions);
            double at = (System.nanoTime() - startNanos) / 1e9;
            synchronized (samples) {
                samples.add(new Sample(at, n));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // The broker is away (restarting): no sample this time.
        }
    }

    /** Stops sampling, takes one last sample, and returns them all in time order. */
    List<Sample> stop() throws InterruptedException {
        timer.shutdown();
        timer.awaitTermination(60, TimeUnit.SECONDS);
        sample();
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    /** Stops sampling at once (after {@link #stop()}, or when the run failed). */
    @Override
    public void close() {
        timer.shutdownNow();
    }
}
