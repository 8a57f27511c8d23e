package io.beepkit.spring.boot.actuator;

import io.beepkit.spring.boot.autoconfigure.BeepAutoConfiguration;
import io.beepkit.micrometer.BeepMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Records beepkit's meters ({@code docs/metrics.md}) in the application's {@link MeterRegistry} when there is one:
 * a {@link BeepMetrics} bean, which the listener and client report to as a {@code BeepObserver}.
 */
@AutoConfiguration(before = BeepAutoConfiguration.class, afterName = {
        "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration"})
@ConditionalOnClass({MeterRegistry.class, BeepMetrics.class})
@ConditionalOnBean(MeterRegistry.class)
public final class BeepMetricsAutoConfiguration {
    /**
     * @param registry the application's registry
     * @return the meters, reported to by the listener and the client
     */
    @Bean
    @ConditionalOnMissingBean
    public BeepMetrics beepMetrics(MeterRegistry registry) {
        return new BeepMetrics(registry);
    }
}
