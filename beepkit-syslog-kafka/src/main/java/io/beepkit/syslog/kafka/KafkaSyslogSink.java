package io.beepkit.syslog.kafka;

import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogJsonEncoder;
import io.beepkit.syslog.SyslogMessage;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jspecify.annotations.Nullable;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A {@link SyslogConsumer} that writes every message to a Kafka topic: one record per message, its value the message
 * as JSON ({@link SyslogJsonEncoder}), its key the device's host or address ({@link KafkaSyslogKey}). The stage
 * {@link #accept} returns completes when the broker has acknowledged the record (the producer's send callback), so
 * the collector acknowledges a message to the device ({@code <ok />} on COOKED, window credit on both profiles) only
 * once it is in Kafka; a record the producer could not write fails the stage, and the device gets ERR 451 (COOKED)
 * or loses its session (RAW).
 *
 * <pre>{@code
 * KafkaSyslogSink sink = KafkaSyslogSink.builder().topic("syslog")
 *         .property("bootstrap.servers", "kafka1:9092,kafka2:9092").build();
 * SyslogCollector collector = SyslogCollector.builder().consumer(sink).build();
 * }</pre>
 *
 * <p>The producer always runs with {@code acks=all} and {@code enable.idempotence=true}; a property that would weaken
 * them is refused. {@code send} runs on the collector's callback thread and blocks it for at most
 * {@code max.block.ms} (2 s here unless set, at most 60 s) while metadata is missing or {@code buffer.memory} is full;
 * then the stage fails instead. A record that cannot be delivered fails after {@code delivery.timeout.ms}
 * (Kafka's default 120 s) and the device's message stays unacknowledged until then. Batching is the producer's,
 * with the sink's defaults for throughput under {@code acks=all} unless set: {@code batch.size} 256 KiB,
 * {@code linger.ms} 10, {@code compression.type} lz4.
 *
 * <p>Thread-safe: sessions may call {@link #accept} concurrently; they share one producer.
 */
public final class KafkaSyslogSink implements SyslogConsumer, AutoCloseable {
    /** How long {@link #close()} waits for buffered records when the builder sets no close timeout. */
    public static final Duration DEFAULT_CLOSE_TIMEOUT = Duration.ofSeconds(10);
    private final Producer<String, String> producer;
    private final String topic;
    private final KafkaSyslogKey key;
    private final Duration closeTimeout;

    private KafkaSyslogSink(Builder b) {
        topic = Objects.requireNonNull(b.topic, "topic");
        if (topic.isBlank()) {
            throw new IllegalArgumentException("the Kafka topic is blank");
        }
        key = b.key;
        closeTimeout = b.closeTimeout;
        producer = new KafkaProducer<>(ProducerSettings.of(b.properties), new StringSerializer(),
                new StringSerializer());
    }

    /** A builder; the topic and {@code bootstrap.servers} are required. */
    public static Builder builder() {
        return new Builder();
    }

    /** The topic the records go to. */
    public String topic() {
        return topic;
    }

    /**
     * Sends the message as one record; the stage completes when the broker has acknowledged it and fails when the
     * producer could not write it (no metadata or buffer space within {@code max.block.ms}, the delivery timeout
     * passed, the sink closed).
     */
    @Override
    public CompletionStage<@Nullable Void> accept(SyslogMessage message) {
        CompletableFuture<@Nullable Void> acked = new CompletableFuture<>();
        try {
            ProducerRecord<String, String> record = new ProducerRecord<>(topic, key(message),
                    SyslogJsonEncoder.encode(message, Instant.now()));
            producer.send(record, (metadata, failure) -> {
                // On the producer's I/O thread: what the collector does next (a reply, window credit) only queues
                // writes for the session's event loop.
                if (failure == null) {
                    acked.complete(null);
                } else {
                    acked.completeExceptionally(failure);
                }
            });
        } catch (RuntimeException e) {
            // send throws for what is wrong before the record is queued (the producer closed, an interrupt).
            acked.completeExceptionally(e);
        }
        return acked;
    }

    /** The key of {@code message}'s record, or null. */
    @Nullable String key(SyslogMessage message) {
        if (key == KafkaSyslogKey.DEVICE_HOST) {
            if (message.hostname() != null) {
                return message.hostname();
            }
            if (message.deviceFqdn() != null) {
                return message.deviceFqdn();
            }
        }
        return address(message.remoteAddress());
    }

    private static @Nullable String address(@Nullable SocketAddress remote) {
        if (remote instanceof InetSocketAddress inet) {
            return inet.getAddress() != null ? inet.getAddress().getHostAddress() : inet.getHostString();
        }
        return remote == null ? null : remote.toString();
    }

    /**
     * Sends what is buffered and waits for it up to the close timeout, then closes the producer; records not
     * acknowledged by then fail their stages. Close the collector's server first, so nothing new arrives.
     */
    @Override
    public void close() {
        producer.close(closeTimeout);
    }

    /** Builds a {@link KafkaSyslogSink}. */
    public static final class Builder {
        private @Nullable String topic;
        private final Map<String, Object> properties = new LinkedHashMap<>();
        private KafkaSyslogKey key = KafkaSyslogKey.DEVICE_HOST;
        private Duration closeTimeout = DEFAULT_CLOSE_TIMEOUT;

        private Builder() {
        }

        /** The topic (required). */
        public Builder topic(String v) {
            topic = Objects.requireNonNull(v, "topic");
            return this;
        }

        /** Shorthand for {@code property("bootstrap.servers", v)}: {@code host:port[,host:port...]}. */
        public Builder bootstrapServers(String v) {
            return property(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, v);
        }

        /**
         * One producer property (Kafka's names, e.g. {@code linger.ms}, {@code compression.type},
         * {@code security.protocol}); {@code acks}, {@code enable.idempotence} and {@code max.block.ms} are checked
         * when the sink is built, the serializers and {@code transactional.id} are the sink's own.
         */
        public Builder property(String name, Object value) {
            properties.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, name));
            return this;
        }

        /** Adds every entry as {@link #property(String, Object)} does. */
        public Builder properties(Map<String, ?> v) {
            v.forEach(this::property);
            return this;
        }

        /** The record key (default {@link KafkaSyslogKey#DEVICE_HOST}). */
        public Builder key(KafkaSyslogKey v) {
            key = Objects.requireNonNull(v, "key");
            return this;
        }

        /**
         * How long {@link KafkaSyslogSink#close()} waits for buffered records to be acknowledged (default
         * {@link KafkaSyslogSink#DEFAULT_CLOSE_TIMEOUT}).
         */
        public Builder closeTimeout(Duration v) {
            if (v.isNegative()) {
                throw new IllegalArgumentException("closeTimeout is negative: " + v);
            }
            closeTimeout = v;
            return this;
        }

        /**
         * The sink, with its producer created (it connects when the first record is sent).
         *
         * @throws IllegalArgumentException when the topic is missing or a property is refused (its name is in the
         *                                  message)
         * @throws org.apache.kafka.common.KafkaException when the producer refuses its configuration
         */
        public KafkaSyslogSink build() {
            if (topic == null) {
                throw new IllegalArgumentException("the Kafka topic is required");
            }
            return new KafkaSyslogSink(this);
        }
    }
}
