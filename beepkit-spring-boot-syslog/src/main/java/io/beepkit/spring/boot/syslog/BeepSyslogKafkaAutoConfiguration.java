package io.beepkit.spring.boot.syslog;

import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.kafka.KafkaSyslogKey;
import io.beepkit.syslog.kafka.KafkaSyslogSink;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

import java.util.Map;

/**
 * With {@code beep.syslog.enabled=true}, {@code beep.syslog.sink=kafka} and beepkit-syslog-kafka on the classpath, a
 * {@link KafkaSyslogSink} as the collector's consumer: every message is written to {@code beep.syslog.kafka.topic}
 * and acknowledged to the device once the broker has acknowledged it. The producer's properties come from
 * {@code spring.kafka.*} ({@link SpringKafkaProducerProperties}), then {@code beep.syslog.kafka.properties.*}.
 */
@AutoConfiguration(before = BeepSyslogAutoConfiguration.class)
@ConditionalOnClass({KafkaSyslogSink.class, SyslogCollector.class})
@ConditionalOnBooleanProperty("beep.syslog.enabled")
@ConditionalOnProperty(name = "beep.syslog.sink", havingValue = "kafka")
@EnableConfigurationProperties(BeepSyslogKafkaProperties.class)
public final class BeepSyslogKafkaAutoConfiguration {
    /**
     * @param kafka       {@code beep.syslog.kafka.*}
     * @param environment where {@code spring.kafka.*} is read
     * @return the sink, closed (buffered records flushed within {@code beep.syslog.kafka.close-timeout}) with the
     *         context, after the collector's listener
     * @throws IllegalStateException when {@code beep.syslog.kafka.topic} is not set
     */
    @Bean
    @ConditionalOnMissingBean
    public KafkaSyslogSink beepSyslogKafkaSink(BeepSyslogKafkaProperties kafka, Environment environment) {
        if (kafka.getTopic() == null || kafka.getTopic().isBlank()) {
            throw new IllegalStateException("beep.syslog.sink=kafka needs beep.syslog.kafka.topic: the topic every "
                    + "syslog message is written to");
        }
        Map<String, Object> producer = SpringKafkaProducerProperties.from(Binder.get(environment));
        producer.putAll(kafka.getProperties());
        return KafkaSyslogSink.builder().topic(kafka.getTopic()).properties(producer)
                .key(kafka.getKey() == BeepSyslogKafkaProperties.Key.PEER_ADDRESS ? KafkaSyslogKey.PEER_ADDRESS
                        : KafkaSyslogKey.DEVICE_HOST)
                .closeTimeout(kafka.getCloseTimeout()).build();
    }
}
