package io.beepkit.spring.boot.actuator;

import io.beepkit.spring.boot.autoconfigure.BeepAutoConfiguration;
import io.beepkit.spring.boot.autoconfigure.BeepServerLifecycle;
import io.beepkit.netty.BeepClient;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Actuator endpoint {@code beep} ({@link BeepEndpoint}) for the listener and the clients, when Actuator is present
 * and the endpoint is available ({@code management.endpoints.web.exposure.include=beep} for HTTP,
 * {@code management.endpoint.beep.access=none} to turn it off).
 */
@AutoConfiguration(after = BeepAutoConfiguration.class)
@ConditionalOnClass({Endpoint.class, ConditionalOnAvailableEndpoint.class})
public final class BeepEndpointAutoConfiguration {

    /** Nested, so that the Actuator condition is read only once the class check above has passed. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnAvailableEndpoint(BeepEndpoint.class)
    static final class EndpointConfiguration {
        @Bean
        @ConditionalOnMissingBean
        BeepEndpoint beepEndpoint(ObjectProvider<BeepServerLifecycle> lifecycle, ListableBeanFactory beans) {
            return new BeepEndpoint(lifecycle.getIfAvailable(), beans.getBeansOfType(BeepClient.class));
        }
    }
}
