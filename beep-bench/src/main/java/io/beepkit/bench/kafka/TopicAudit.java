package io.beepkit.bench.kafka;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a topic from its beginning to its end (or takes the lines of a file sink) and accounts for every
 * {@link SyslogDevice} line by device and sequence number: which are missing, how many records are second (or later)
 * copies, and records that are no device's line.
 */
final class TopicAudit {
    private static final Pattern ORIGIN = Pattern.compile("dev(\\d+) seq (\\d+) ");

    private final BitSet[] seen;
    private final long[] duplicates;
    private final int[] lines;
    private long records;
    private long foreign;

    private TopicAudit(int[] lines) {
        this.lines = lines.clone();
        seen = new BitSet[lines.length];
        duplicates = new long[lines.length];
        for (int d = 0; d < lines.length; d++) {
            seen[d] = new BitSet(lines[d]);
        }
    }

    /** Reads every record of {@code topic} at {@code bootstrap} up to the end offsets taken when it starts. */
    static TopicAudit read(String bootstrap, String topic, int devices, int lines) {
        int[] each = new int[devices];
        Arrays.fill(each, lines);
        return read(bootstrap, topic, each);
    }

    /** As {@link #read(String, String, int, int)}, device {@code d} having sent {@code lines[d]} lines. */
    static TopicAudit read(String bootstrap, String topic, int[] lines) {
        TopicAudit audit = new TopicAudit(lines);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false",
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "5000"), new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (PartitionInfo p : consumer.partitionsFor(topic, Duration.ofSeconds(30))) {
                partitions.add(new TopicPartition(topic, p.partition()));
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, Duration.ofSeconds(30));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("could not read " + topic + " to its end " + end + " in 120 s");
                }
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    audit.add(r.value());
                }
            }
        }
        return audit;
    }

    /** Accounts for {@code records} (a file sink's lines, say), device {@code d} having sent {@code lines[d]}. */
    static TopicAudit of(Iterable<String> records, int[] lines) {
        TopicAudit audit = new TopicAudit(lines);
        for (String r : records) {
            audit.add(r);
        }
        return audit;
    }

    private void add(String value) {
        records++;
        Matcher m = ORIGIN.matcher(value);
        if (!m.find()) {
            foreign++;
            return;
        }
        int d = Integer.parseInt(m.group(1));
        int seq = Integer.parseInt(m.group(2));
        if (d >= seen.length || seq >= lines[d]) {
            foreign++;
        } else if (seen[d].get(seq)) {
            duplicates[d]++;
        } else {
            seen[d].set(seq);
        }
    }

    /** Records read. */
    long records() {
        return records;
    }

    /** Records that are no device's line (or beyond the lines expected). */
    long foreign() {
        return foreign;
    }

    /** Device {@code d}'s lines not in the topic. */
    int missing(int d) {
        return lines[d] - seen[d].cardinality();
    }

    /** Every device's lines not in the topic. */
    long missing() {
        long n = 0;
        for (int d = 0; d < seen.length; d++) {
            n += missing(d);
        }
        return n;
    }

    /** The first few missing lines of device {@code d}, as sequence numbers. */
    List<Integer> firstMissing(int d, int max) {
        List<Integer> out = new ArrayList<>();
        for (int i = seen[d].nextClearBit(0); i < lines[d] && out.size() < max; i = seen[d].nextClearBit(i + 1)) {
            out.add(i);
        }
        return out;
    }

    /** Records of device {@code d} beyond the first copy of each line. */
    long duplicates(int d) {
        return duplicates[d];
    }

    /** Records beyond the first copy of each line, all devices. */
    long duplicates() {
        long n = 0;
        for (long x : duplicates) {
            n += x;
        }
        return n;
    }
}
