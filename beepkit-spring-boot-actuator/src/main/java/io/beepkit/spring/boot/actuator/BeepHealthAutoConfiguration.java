package io.beepkit.spring.boot.actuator;

import io.beepkit.spring.boot.autoconfigure.BeepAutoConfiguration;
import io.beepkit.spring.boot.autoconfigure.BeepServerLifecycle;
import io.beepkit.netty.BeepClient;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.autoconfigure.contributor.CompositeHealthContributorConfiguration;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Health indicators when Spring Boot's health support (Actuator) is present: the auto-configured listener
 * ({@code beep}; {@code management.health.beep.enabled=false} turns it off) and every {@link BeepClient} bean
 * ({@code beepClient}, one entry per bean when there are several; {@code management.health.beepclient.enabled=false}).
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

    /** One indicator per {@link BeepClient} bean, grouped by bean name when there are several. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBean(BeepClient.class)
    @ConditionalOnEnabledHealthIndicator("beepclient")
    static final class ClientIndicatorConfiguration
            extends CompositeHealthContributorConfiguration<BeepClientHealthIndicator, BeepClient> {
        ClientIndicatorConfiguration() {
            super(BeepClientHealthIndicator::new);
        }

        @Bean
        @ConditionalOnMissingBean(name = "beepClientHealthContributor")
        HealthContributor beepClientHealthContributor(ConfigurableListableBeanFactory beans) {
            return createContributor(beans, BeepClient.class);
        }
    }
}
