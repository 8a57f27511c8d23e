package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.BeepServer;
import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogLimits;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;

import java.util.Locale;

/**
 * With {@code beep.syslog.enabled=true} and beepkit-syslog on the classpath, the auto-configured listener is also an
 * RFC 3195 collector: a {@link SyslogCollector} bean whose profiles a {@link BeepServerCustomizer} registers, and whose
 * messages go to the application's {@link SyslogConsumer} bean or, without one, are published as
 * {@link SyslogMessageEvent}s.
 */
@AutoConfiguration(before = BeepAutoConfiguration.class)
@ConditionalOnClass({SyslogCollector.class, BeepServer.class})
@ConditionalOnProperty(prefix = "beep.syslog", name = "enabled", havingValue = "true")
@EnableConfigurationProperties(BeepSyslogProperties.class)
public final class BeepSyslogAutoConfiguration {
    /**
     * @param properties {@code beep.syslog.*}
     * @param consumers  the application's consumer, if it defines one
     * @param events     where messages go without one
     * @return the collector
     */
    @Bean
    @ConditionalOnMissingBean
    public SyslogCollector beepSyslogCollector(BeepSyslogProperties properties, ObjectProvider<SyslogConsumer> consumers,
                                               ApplicationEventPublisher events) {
        SyslogCollector.Builder b = SyslogCollector.builder().raw(false).cooked(false)
                .legacyUris(properties.isLegacyUris())
                .limits(SyslogLimits.builder()
                        .maxLineLength(octets("max-line-length", properties.getMaxLineLength().toBytes()))
                        .maxLinesPerAnswer(positive("max-lines-per-answer", properties.getMaxLinesPerAnswer()))
                        .maxEntrySize(octets("max-entry-size", properties.getMaxEntrySize().toBytes()))
                        .maxPendingEntries(positive("max-pending-entries", properties.getMaxPendingEntries()))
                        .maxChannels(positive("max-channels", properties.getMaxChannels()))
                        .build());
        for (String p : properties.getProfiles()) {
            switch (p.trim().toLowerCase(Locale.ROOT)) {
                case "raw" -> b.raw(true);
                case "cooked" -> b.cooked(true);
                default -> throw new IllegalArgumentException("beep.syslog.profiles: expected cooked and/or raw, got '"
                        + p + "'");
            }
        }
        SyslogConsumer consumer = consumers.getIfAvailable();
        if (consumer == null) {
            Object[] source = new Object[1];
            consumer = m -> {
                events.publishEvent(new SyslogMessageEvent(source[0], m));
                return SyslogConsumer.HANDLED;
            };
            SyslogCollector collector = b.consumer(consumer).build();
            source[0] = collector;
            return collector;
        }
        return b.consumer(consumer).build();
    }

    /**
     * @param collector the collector
     * @return registers its profiles on the auto-configured listener
     */
    @Bean
    public BeepServerCustomizer beepSyslogProfiles(SyslogCollector collector) {
        return new BeepServerCustomizer() {
            @Override
            public void customize(BeepServer.Builder server) {
                for (String uri : collector.profiles()) {
                    server.profile(uri, collector.handler(uri));
                }
            }
        };
    }

    private static int octets(String name, long value) {
        if (value < 1 || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("beep.syslog." + name + " must be 1B to 2GB: " + value + "B");
        }
        return (int) value;
    }

    private static int positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException("beep.syslog." + name + " must be >= 1: " + value);
        }
        return value;
    }
}
