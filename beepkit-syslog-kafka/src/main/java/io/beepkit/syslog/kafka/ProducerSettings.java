package io.beepkit.syslog.kafka;

import org.apache.kafka.clients.producer.ProducerConfig;

import java.util.HashMap;
import java.util.Map;

/**
 * The producer configuration of a {@link KafkaSyslogSink}: the user's properties checked against what the sink's
 * delivery guarantee needs, with the sink's defaults for what the user left out.
 */
final class ProducerSettings {
    /** How long {@code send} may block the collector's callback thread for metadata or buffer space by default. */
    static final long DEFAULT_MAX_BLOCK_MS = 2_000;
    /** The most {@code max.block.ms} may be: the collector's callback thread must not wait longer than this. */
    static final long MAX_MAX_BLOCK_MS = 60_000;
    /**
     * {@code batch.size} unless set: Kafka's 16 KiB holds about 25 records of a syslog message's JSON, and with
     * {@code acks=all} and the idempotent producer's 5 requests in flight per partition that caps what waits for the
     * replicas at about 125 records; the devices keep 1024 entries each in flight.
     */
    static final int DEFAULT_BATCH_SIZE = 256 * 1024;
    /** {@code linger.ms} unless set: at most this much added to an acknowledgement when records come slowly. */
    static final int DEFAULT_LINGER_MS = 10;
    /** {@code compression.type} unless set: JSON lines compress well, and lz4 costs little CPU. */
    static final String DEFAULT_COMPRESSION = "lz4";

    private ProducerSettings() {
    }

    /**
     * The properties the producer is created with.
     *
     * @throws IllegalArgumentException naming the property when one would weaken the delivery guarantee, block the
     *                                  collector for longer than {@value #MAX_MAX_BLOCK_MS} ms, or is the sink's own
     */
    static Map<String, Object> of(Map<String, ?> user) {
        Map<String, Object> p = new HashMap<>(user);
        Object servers = p.get(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG);
        if (servers == null || servers.toString().isBlank()) {
            throw new IllegalArgumentException("the Kafka producer needs " + ProducerConfig.BOOTSTRAP_SERVERS_CONFIG);
        }
        Object acks = p.get(ProducerConfig.ACKS_CONFIG);
        if (acks != null && !"all".equalsIgnoreCase(acks.toString().trim()) && !"-1".equals(acks.toString().trim())) {
            throw new IllegalArgumentException(ProducerConfig.ACKS_CONFIG + "=" + acks + " would let a device's "
                    + "message be acknowledged before every in-sync replica has it; the syslog sink requires acks=all");
        }
        Object idempotence = p.get(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG);
        if (idempotence != null && !"true".equalsIgnoreCase(idempotence.toString().trim())) {
            throw new IllegalArgumentException(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG + "=" + idempotence
                    + " would let the producer's retries write a record twice or out of order; the syslog sink "
                    + "requires enable.idempotence=true");
        }
        for (String own : new String[]{ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ProducerConfig.TRANSACTIONAL_ID_CONFIG}) {
            if (p.containsKey(own)) {
                throw new IllegalArgumentException(own + " cannot be set: the syslog sink writes string keys and "
                        + "JSON values, one record per message, without transactions");
            }
        }
        Object maxBlock = p.get(ProducerConfig.MAX_BLOCK_MS_CONFIG);
        if (maxBlock != null) {
            long ms;
            try {
                ms = Long.parseLong(maxBlock.toString().trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(ProducerConfig.MAX_BLOCK_MS_CONFIG + " is not a number: '"
                        + maxBlock + "'", e);
            }
            if (ms < 0 || ms > MAX_MAX_BLOCK_MS) {
                throw new IllegalArgumentException(ProducerConfig.MAX_BLOCK_MS_CONFIG + "=" + maxBlock + " must be 0 to "
                        + MAX_MAX_BLOCK_MS + ": the collector's callback thread waits that long when the broker is "
                        + "unreachable or the buffer is full");
            }
        }
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, Long.toString(DEFAULT_MAX_BLOCK_MS));
        // Throughput under acks=all: larger batches (fewer requests wait for the replicas), a short linger.
        p.putIfAbsent(ProducerConfig.BATCH_SIZE_CONFIG, Integer.toString(DEFAULT_BATCH_SIZE));
        p.putIfAbsent(ProducerConfig.LINGER_MS_CONFIG, Integer.toString(DEFAULT_LINGER_MS));
        p.putIfAbsent(ProducerConfig.COMPRESSION_TYPE_CONFIG, DEFAULT_COMPRESSION);
        return p;
    }
}
