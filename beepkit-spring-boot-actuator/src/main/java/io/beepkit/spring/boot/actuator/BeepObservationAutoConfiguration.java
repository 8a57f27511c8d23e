package io.beepkit.spring.boot.actuator;

import io.beepkit.spring.boot.autoconfigure.BeepAutoConfiguration;
import io.beepkit.spring.BeepTemplate;
import io.beepkit.spring.BeepHandlerDecorator;
import io.beepkit.spring.BeepChannelDecorator;
import io.beepkit.micrometer.observation.BeepClientObservationConvention;
import io.beepkit.micrometer.observation.BeepObservations;
import io.beepkit.micrometer.observation.BeepServerObservationConvention;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;

/**
 * Observes the exchanges the auto-configured listener serves when the application has an
 * {@link ObservationRegistry} (Actuator): each handler is wrapped by
 * {@link BeepObservations#observe(io.beepkit.api.ProfileHandler, ObservationRegistry,
 * BeepServerObservationConvention)} (a {@link BeepServerObservationConvention} bean replaces the default
 * convention), and each handler callback runs with {@code beep.session}, {@code beep.channel} and
 * {@code beep.profile} in the logging MDC; each channel a {@link BeepTemplate} opens is wrapped by
 * {@link BeepObservations#observe(io.beepkit.api.BeepChannel, ObservationRegistry, BeepClientObservationConvention)}
 * (a {@link BeepClientObservationConvention} bean replaces its default convention), so every template call is an
 * observation carrying the trace context to the listener. {@code beep.observations.enabled=false} turns all off.
 */
@AutoConfiguration(before = BeepAutoConfiguration.class, afterName =
        "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration")
@ConditionalOnClass({ObservationRegistry.class, BeepObservations.class})
@ConditionalOnProperty(prefix = "beep.observations", name = "enabled", havingValue = "true", matchIfMissing = true)
public final class BeepObservationAutoConfiguration {
    /** Order of the observation decorator: applied first, so it sits closest to the handler. */
    public static final int OBSERVATION_ORDER = 0;
    /** Order of the MDC decorator: applied after the observation one, so the MDC is set around it too. */
    public static final int MDC_ORDER = 100;

    /**
     * @param registry   the application's observation registry
     * @param convention a convention replacing the default one, if the application defines one
     * @return the decorator that observes each MSG served
     */
    @Bean
    @Order(OBSERVATION_ORDER)
    @ConditionalOnBean(ObservationRegistry.class)
    @ConditionalOnMissingBean(name = "beepObservationHandlerDecorator")
    public BeepHandlerDecorator beepObservationHandlerDecorator(
            ObservationRegistry registry, ObjectProvider<BeepServerObservationConvention> convention) {
        BeepServerObservationConvention custom = convention.getIfUnique();
        return (uri, handler) -> BeepObservations.observe(handler, registry, custom);
    }

    /**
     * @param registry   the application's observation registry
     * @param convention a convention replacing the default client one, if the application defines one
     * @return the decorator that observes each MSG a {@link BeepTemplate} sends
     */
    @Bean
    @Order(OBSERVATION_ORDER)
    @ConditionalOnBean(ObservationRegistry.class)
    @ConditionalOnMissingBean(name = "beepObservationChannelDecorator")
    public BeepChannelDecorator beepObservationChannelDecorator(
            ObservationRegistry registry, ObjectProvider<BeepClientObservationConvention> convention) {
        BeepClientObservationConvention custom = convention.getIfUnique();
        return (client, channel) -> BeepObservations.observe(channel, registry, custom);
    }

    /** @return the decorator that sets the logging MDC around handler callbacks */
    @Bean
    @Order(MDC_ORDER)
    @ConditionalOnBean(ObservationRegistry.class)
    @ConditionalOnMissingBean(name = "beepMdcHandlerDecorator")
    public BeepHandlerDecorator beepMdcHandlerDecorator() {
        return (uri, handler) -> BeepObservations.withMdc(handler);
    }
}
