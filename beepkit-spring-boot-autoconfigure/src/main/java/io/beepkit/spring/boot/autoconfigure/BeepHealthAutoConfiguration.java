package io.beepkit.spring.boot.autoconfigure;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * A health indicator for the auto-configured listener ({@code beep}) when Spring Boot's health support (Actuator) is
 * present; {@code management.health.beep.enabled=false} turns it off.
 */
@AutoConfiguration(after = BeepAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnBean(BeepServerLifecycle.class)
@ConditionalOnEnabledHealthIndicator("beep")
public class BeepHealthAutoConfiguration {
    /**
     * @param lifecycle the listener's lifecycle
     * @return the indicator: UP while bound, with the address and the number of sessions
     */
    @Bean
    @ConditionalOnMissingBean(name = "beepHealthIndicator")
    public BeepServerHealthIndicator beepHealthIndicator(BeepServerLifecycle lifecycle) {
        return new BeepServerHealthIndicator(lifecycle);
    }
}
