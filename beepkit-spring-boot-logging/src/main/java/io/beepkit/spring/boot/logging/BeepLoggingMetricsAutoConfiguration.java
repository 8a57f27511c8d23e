package io.beepkit.spring.boot.logging;

import io.beepkit.logback.BeepSyslogAppender;
import io.beepkit.micrometer.ShipperMeters;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Meters of the {@code beep.logging} appender's counts ({@link ShipperMeters}, tagged {@code appender=BEEP}) when the
 * application has a {@link MeterRegistry}: a {@code MeterBinder} bean, which Spring Boot binds to its registries.
 */
@AutoConfiguration(afterName = {
        "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration"})
@ConditionalOnClass({MeterRegistry.class, ShipperMeters.class, BeepSyslogAppender.class})
@ConditionalOnBean({MeterRegistry.class, BeepSyslogAppender.class})
public final class BeepLoggingMetricsAutoConfiguration {
    /**
     * @param appender the appender {@link BeepLoggingListener} attached
     * @return its meters
     */
    @Bean
    @ConditionalOnMissingBean
    public ShipperMeters beepLoggingMeters(BeepSyslogAppender appender) {
        return new ShipperMeters(appender::counts, Tags.of("appender", appender.getName()));
    }
}
