package io.beepkit.spring.boot.syslog;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The producer properties Spring Boot's {@code spring.kafka.*} describes, read through the {@link Binder} (relaxed
 * names, every property source) without needing spring-kafka on the class path: the common ones, then the producer's
 * own, then the free-form maps, each over the one before.
 */
final class SpringKafkaProducerProperties {
    /** Spring Boot's default when no bootstrap servers are configured. */
    static final String DEFAULT_BOOTSTRAP = "localhost:9092";

    private SpringKafkaProducerProperties() {
    }

    /** Kafka producer properties (Kafka's names) from {@code spring.kafka.*}. */
    static Map<String, Object> from(Binder binder) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("bootstrap.servers", DEFAULT_BOOTSTRAP);
        common(binder, "spring.kafka", p);
        common(binder, "spring.kafka.producer", p);
        binder.bind("spring.kafka.producer.acks", String.class).ifBound(v -> p.put("acks", v));
        binder.bind("spring.kafka.producer.batch-size", DataSize.class)
                .ifBound(v -> p.put("batch.size", Long.toString(v.toBytes())));
        binder.bind("spring.kafka.producer.buffer-memory", DataSize.class)
                .ifBound(v -> p.put("buffer.memory", Long.toString(v.toBytes())));
        binder.bind("spring.kafka.producer.compression-type", String.class)
                .ifBound(v -> p.put("compression.type", v));
        binder.bind("spring.kafka.producer.linger", Duration.class)
                .ifBound(v -> p.put("linger.ms", Long.toString(v.toMillis())));
        binder.bind("spring.kafka.producer.retries", Integer.class).ifBound(v -> p.put("retries", v.toString()));
        Bindable<Map<String, String>> map = Bindable.mapOf(String.class, String.class);
        binder.bind("spring.kafka.properties", map).ifBound(p::putAll);
        binder.bind("spring.kafka.producer.properties", map).ifBound(p::putAll);
        return p;
    }

    private static void common(Binder binder, String prefix, Map<String, Object> p) {
        binder.bind(prefix + ".bootstrap-servers", Bindable.listOf(String.class))
                .ifBound(v -> p.put("bootstrap.servers", String.join(",", v)));
        binder.bind(prefix + ".client-id", String.class).ifBound(v -> p.put("client.id", v));
        binder.bind(prefix + ".security.protocol", String.class).ifBound(v -> p.put("security.protocol", v));
    }
}
