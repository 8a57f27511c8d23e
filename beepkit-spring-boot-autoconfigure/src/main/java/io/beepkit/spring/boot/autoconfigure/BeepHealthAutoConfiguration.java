package io.beepkit.spring.boot.autoconfigure;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A health indicator for the auto-configured listener ({@code beep}) when Spring Boot's health support (Actuator) is
 * present; {@code management.health.beep.enabled=false} turns it off.
 */
@AutoConfiguration(after = BeepAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
public final class BeepHealthAutoConfiguration {

    /** Nested, so that its health-module condition is read only once the class check above has passed. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBean(BeepServerLifecycle.class)
    @ConditionalOnEnabledHealthIndicator("beep")
    static final class IndicatorConfiguration {
        @Bean
        @ConditionalOnMissingBean(name = "beepHealthIndicator")
        BeepServerHealthIndicator beepHealthIndicator(BeepServerLifecycle lifecycle) {
            return new BeepServerHealthIndicator(lifecycle);
        }
    }
}
