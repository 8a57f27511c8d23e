package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.spring.BeepProfile;
import io.beepkit.api.BeepObserver;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.BeepServer;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;


/**
 * Auto-configuration for beepkit: a {@link BeepServer} bound and released with the context (unless
 * {@code beep.server.enabled=false}), serving every {@link ProfileHandler} bean annotated with {@link BeepProfile}
 * and every {@link ProfileRegistration} bean, and a {@link BeepClient}. Both take their settings from
 * {@link BeepProperties}, report to every {@link BeepObserver} bean, and are adjusted further by
 * {@link BeepServerCustomizer} and {@link BeepClientCustomizer} beans; with
 * {@code spring.threads.virtual.enabled=true} on Java 21 or newer their callbacks run on virtual threads. TLS comes
 * from the Spring Boot SSL bundles
 * named by {@code beep.server.ssl.bundle} and {@code beep.clients.default.ssl.bundle}; the listener offers SASL when
 * the application defines a {@link SaslAuthenticator} bean, and the client authenticates on connect with
 * {@code beep.clients.default.sasl.*} or a {@link SaslCredentials} bean. Each bean backs off when the application
 * defines its own. {@code beep.syslog.enabled} and {@code beep.logging.enabled} without the module that serves them
 * fail start-up naming it.
 */
@AutoConfiguration(after = SslAutoConfiguration.class)
@ConditionalOnClass(BeepServer.class)
@EnableConfigurationProperties(BeepProperties.class)
public final class BeepAutoConfiguration {

    /**
     * The threads of the listener, the client, every named client and the syslog listener: {@code beep.resources.*},
     * direct or virtual-thread callbacks. An application's own {@code BeepResources} bean replaces it.
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    BeepResources beepResources(BeepProperties properties, Environment environment) {
        return properties.getResources().applyTo(BeepResources.builder().threadNamePrefix("beep-io")
                .callbackExecutor(CallbackThreads.executor(environment, "beep"))).build();
    }

    /** How the BEEP listener and the syslog collector's are built. */
    @Bean
    BeepListenerFactory beepListenerFactory(BeepProperties properties, ObjectProvider<BeepObserver> observers,
                                            ObjectProvider<BeepServerCustomizer> customizers,
                                            ObjectProvider<SslBundles> sslBundles,
                                            ObjectProvider<SaslAuthenticator> authenticator, BeepResources resources) {
        return new BeepListenerFactory(properties, BeepObserver.composite(observers.orderedStream().toList()),
                customizers.orderedStream().toList(), sslBundles.getIfAvailable(), authenticator.getIfAvailable(),
                resources);
    }

    /** {@code beep.syslog.enabled=true} without {@code beepkit-spring-boot-syslog}: start-up fails naming it. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(prefix = "beep.syslog", name = "enabled", havingValue = "true")
    @ConditionalOnMissingClass("io.beepkit.spring.boot.syslog.BeepSyslogAutoConfiguration")
    static final class SyslogMissingConfiguration {
        @Bean
        static Object beepSyslogMissing() {
            throw MissingDependencyException.module("beep.syslog.enabled=true asks for an RFC 3195 collector",
                    "beepkit-spring-boot-syslog");
        }
    }

    /** {@code beep.logging.enabled=true} without {@code beepkit-spring-boot-logging}: start-up fails naming it. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(prefix = "beep.logging", name = "enabled", havingValue = "true")
    @ConditionalOnMissingClass("io.beepkit.spring.boot.logging.BeepLoggingListener")
    static final class LoggingMissingConfiguration {
        @Bean
        static Object beepLoggingMissing() {
            throw MissingDependencyException.module("beep.logging.enabled=true asks for the application's logs to"
                    + " be shipped to RFC 3195 collectors", "beepkit-spring-boot-logging");
        }
    }

    /** The listener and its lifecycle. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(prefix = "beep.server", name = "enabled", havingValue = "true", matchIfMissing = true)
    static final class ServerConfiguration {
        @Bean
        @ConditionalOnMissingBean
        BeepServer beepServer(BeepProperties properties, BeepListenerFactory listeners,
                              ObjectProvider<ProfileRegistration> registrations,
                              ObjectProvider<ListenerMethods> listenerMethods, ListableBeanFactory beans) {
            ServerProperties server = properties.getServer();
            ProfileRegistry registry = server.isDefaultProfiles() ? BeepServer.defaultProfiles()
                    : new ProfileRegistry();
            registrations.orderedStream().forEach(r -> registry.register(r.uri(), r.handler()));
            AnnotatedHandlers.register(registry, beans);
            listenerMethods.ifAvailable(m -> m.register(registry));
            BeepServer.Builder builder = listeners.builder("beep.server", server.getHost(), server.getPort(),
                    server.getSsl(), server.getSasl(), registry);
            // After the customizers, so that the profiles they add are decorated as every other.
            HandlerDecorators.apply(registry, beans);
            return builder.build();
        }

        @Bean
        @ConditionalOnMissingBean
        BeepServerLifecycle beepServerLifecycle(BeepServer server, BeepProperties properties,
                                                ConfigurableEnvironment environment,
                                                ApplicationEventPublisher events) {
            BeepServerLifecycle lifecycle = new BeepServerLifecycle(server,
                    properties.getServer().getShutdownTimeout());
            lifecycle.attach(environment, events);
            return lifecycle;
        }
    }

    /**
     * The client of {@code beep.clients.default.*} (its TLS, SASL and session settings; a {@link SaslCredentials}
     * bean replaces its user and password).
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    BeepClient beepClient(BeepProperties properties, ObjectProvider<BeepObserver> observers,
                          ObjectProvider<BeepClientCustomizer> customizers, ObjectProvider<SslBundles> sslBundles,
                          ObjectProvider<SaslCredentials> credentials, BeepResources resources) {
        return new NamedClientFactory(properties, BeepObserver.composite(observers.orderedStream().toList()),
                customizers.orderedStream().toList(),
                sslBundles.getIfAvailable(), resources).build(BeepProperties.DEFAULT_CLIENT,
                credentials.getIfAvailable());
    }
}
