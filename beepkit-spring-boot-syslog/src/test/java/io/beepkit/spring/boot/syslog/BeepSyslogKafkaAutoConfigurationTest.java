package io.beepkit.spring.boot.syslog;

import io.beepkit.spring.boot.autoconfigure.BeepAutoConfiguration;
import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.kafka.KafkaSyslogSink;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code beep.syslog.sink=kafka}: the Kafka sink as the collector's consumer, configured from spring.kafka.*. */
class BeepSyslogKafkaAutoConfigurationTest {
    /** Nothing listens there: the producer is created but never reaches a broker. */
    private static final ApplicationContextRunner KAFKA = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepSyslogKafkaAutoConfiguration.class,
                    BeepSyslogAutoConfiguration.class, BeepAutoConfiguration.class))
            .withPropertyValues("beep.server.port=0", "beep.syslog.port=0", "beep.syslog.enabled=true",
                    "beep.syslog.sink=kafka", "spring.kafka.bootstrap-servers=127.0.0.1:1",
                    "beep.syslog.kafka.close-timeout=0s");

    @Test
    void theSinkIsTheCollectorsConsumerWithoutAConsumerBean() {
        KAFKA.withPropertyValues("beep.syslog.kafka.topic=syslog").run(ctx -> {
            assertThat(ctx).hasNotFailed().hasSingleBean(KafkaSyslogSink.class).hasSingleBean(SyslogCollector.class);
            assertThat(ctx.getBean(KafkaSyslogSink.class).topic()).isEqualTo("syslog");
            assertThat(ctx.getBeansOfType(SyslogConsumer.class)).hasSize(1);
        });
    }

    @Test
    void withoutATopicStartUpFailsNamingIt() {
        KAFKA.run(ctx -> assertThat(ctx).hasFailed().getFailure().rootCause()
                .hasMessageContaining("beep.syslog.kafka.topic"));
    }

    @Test
    void aWeakerAcksFromSpringKafkaIsRefusedByName() {
        KAFKA.withPropertyValues("beep.syslog.kafka.topic=syslog", "spring.kafka.producer.acks=1").run(ctx ->
                assertThat(ctx).hasFailed().getFailure().rootCause().hasMessageStartingWith("acks=1 "));
    }

    @Test
    void withoutTheModuleStartUpFailsNamingIt() {
        KAFKA.withPropertyValues("beep.syslog.kafka.topic=syslog")
                .withClassLoader(new FilteredClassLoader(KafkaSyslogSink.class)).run(ctx ->
                        assertThat(ctx).hasFailed().getFailure().rootCause()
                                .hasMessageContaining("beepkit-syslog-kafka"));
    }

    @Test
    void otherSinksLeaveKafkaAlone() {
        KAFKA.withPropertyValues("beep.syslog.sink=events").run(ctx ->
                assertThat(ctx).hasNotFailed().doesNotHaveBean(KafkaSyslogSink.class));
    }

    @Test
    void producerPropertiesFromSpringKafkaTheProducersOwnOverTheCommonOnes() {
        Binder binder = new Binder(new MapConfigurationPropertySource(Map.of(
                "spring.kafka.bootstrap-servers", "a:9092,b:9092",
                "spring.kafka.client-id", "common",
                "spring.kafka.producer.client-id", "producer",
                "spring.kafka.producer.batch-size", "32KB",
                "spring.kafka.producer.buffer-memory", "8MB",
                "spring.kafka.producer.linger", "20ms",
                "spring.kafka.producer.compression-type", "zstd",
                "spring.kafka.properties[security.protocol]", "SSL",
                "spring.kafka.producer.properties[delivery.timeout.ms]", "60000")));
        assertThat(SpringKafkaProducerProperties.from(binder)).containsExactlyInAnyOrderEntriesOf(Map.of(
                "bootstrap.servers", "a:9092,b:9092", "client.id", "producer", "batch.size", "32768",
                "buffer.memory", "8388608", "linger.ms", "20", "compression.type", "zstd",
                "security.protocol", "SSL", "delivery.timeout.ms", "60000"));
        assertThat(SpringKafkaProducerProperties.from(new Binder(new MapConfigurationPropertySource(Map.of()))))
                .containsExactlyEntriesOf(Map.of("bootstrap.servers", "localhost:9092"));
    }
}
