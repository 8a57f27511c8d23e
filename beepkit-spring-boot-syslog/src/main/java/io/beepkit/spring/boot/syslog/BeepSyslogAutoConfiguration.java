package io.beepkit.spring.boot.syslog;

import io.beepkit.api.ProfileRegistry;
import io.beepkit.netty.BeepServer;
import io.beepkit.spring.boot.autoconfigure.BeepAutoConfiguration;
import io.beepkit.spring.boot.autoconfigure.BeepListenerFactory;
import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.SyslogConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.ConfigurableEnvironment;

import java.util.Locale;

/**
 * With {@code beep.syslog.enabled=true}, an RFC 3195 collector on its own listener ({@code beep.syslog.host},
 * {@code beep.syslog.port}, by default RFC 3195's port, with its own TLS and SASL settings), beside the BEEP server,
 * which it leaves as it is; built as the BEEP listener is ({@link BeepListenerFactory}). Messages go to the
 * application's {@link SyslogConsumer} bean, which acknowledges each one when it has stored it;
 * {@code beep.syslog.sink=kafka} provides that bean ({@link BeepSyslogKafkaAutoConfiguration}). Without one, start-up
 * fails unless {@code beep.syslog.sink=events} asks explicitly for {@link SyslogMessageEvent}s, which are acknowledged
 * when publishing returns (at most once: a warning says so at start-up).
 */
@AutoConfiguration(after = BeepAutoConfiguration.class)
@ConditionalOnClass({SyslogCollector.class, BeepServer.class})
@ConditionalOnProperty(prefix = "beep.syslog", name = "enabled", havingValue = "true")
@EnableConfigurationProperties(BeepSyslogProperties.class)
public final class BeepSyslogAutoConfiguration {
    private static final Logger log = LoggerFactory.getLogger(BeepSyslogAutoConfiguration.class);

    /**
     * @param properties {@code beep.syslog.*}
     * @param consumers  the application's consumer, if it defines one
     * @param events     where messages go with {@code beep.syslog.sink=events}
     * @return the collector
     * @throws IllegalStateException when there is neither a consumer bean nor a sink
     */
    @Bean
    @ConditionalOnMissingBean
    public SyslogCollector beepSyslogCollector(BeepSyslogProperties properties, ObjectProvider<SyslogConsumer> consumers,
                                               ApplicationEventPublisher events) {
        SyslogCollector.Builder b = SyslogCollector.builder().raw(false).cooked(false)
                .legacyUris(properties.isLegacyUris())
                .limits(properties.limits()).rfc3164Timestamps(properties.getRfc3164().policy());
        for (String p : properties.getProfiles()) {
            switch (p.trim().toLowerCase(Locale.ROOT)) {
                case "raw" -> b.raw(true);
                case "cooked" -> b.cooked(true);
                default -> throw new IllegalArgumentException("beep.syslog.profiles: expected cooked and/or raw, got '"
                        + p + "'");
            }
        }
        SyslogConsumer consumer = consumers.getIfAvailable();
        if (consumer != null) {
            return b.consumer(consumer).build();
        }
        if (properties.getSink() == BeepSyslogProperties.Sink.KAFKA) {
            throw new IllegalStateException("beep.syslog.sink=kafka needs beepkit-syslog-kafka on the class path");
        }
        if (properties.getSink() != BeepSyslogProperties.Sink.EVENTS) {
            throw new IllegalStateException("beep.syslog.enabled=true, but nothing stores the messages: define a "
                    + "SyslogConsumer bean (its stage completes when a message is stored, and only then is it "
                    + "acknowledged to the device) or set beep.syslog.sink (kafka: at least once, "
                    + "events: at most once)");
        }
        log.warn("beep.syslog.sink=events: syslog messages are acknowledged to devices when publishing the "
                + "SyslogMessageEvent returns, stored or not (at most once); define a SyslogConsumer bean for "
                + "at-least-once delivery");
        Object[] source = new Object[1];
        SyslogCollector collector = b.consumer(m -> {
            events.publishEvent(new SyslogMessageEvent(source[0], m));
            return SyslogConsumer.HANDLED;
        }).build();
        source[0] = collector;
        return collector;
    }

    /**
     * @return the collector's listener, bound when the context starts
     */
    @Bean
    @ConditionalOnMissingBean
    public BeepSyslogListener beepSyslogListener(SyslogCollector collector, BeepSyslogProperties syslog,
                                                 BeepListenerFactory listeners, ConfigurableEnvironment environment,
                                                 ApplicationEventPublisher events) {
        BeepServer server = listeners.builder("beep.syslog", syslog.getHost(), syslog.getPort(), syslog.getSsl(),
                syslog.getSasl(), collector.register(new ProfileRegistry())).build();
        BeepSyslogListener listener = new BeepSyslogListener(server, syslog.getShutdownTimeout());
        listener.attach(environment, events);
        return listener;
    }
}
