package io.beepkit.spring.boot.logging;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.logback.BeepSyslogAppender;
import io.beepkit.micrometer.ShipperMeters;
import io.beepkit.netty.BeepServer;
import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogMessage;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.InputStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * {@code beep.logging.*}: a Spring application whose Logback (a {@link LoggerContext} of the test's own) gets a
 * {@link BeepSyslogAppender} from the properties, ships what is logged during and after start-up to a collector on
 * 127.0.0.1, delivers it when the context closes and meters the appender's counts.
 */
class BeepLoggingTest {
    private final Map<String, SyslogMessage> received = new ConcurrentHashMap<>();
    private final LoggerContext logback = new LoggerContext();
    /** The test's Logback, for the application's bean (one test runs at a time in this class). */
    private static volatile LoggerContext startUpLogback;
    private BeepServer server;

    @BeforeEach
    void collector() throws Exception {
        SyslogCollector collector = SyslogCollector.builder().consumer(m -> {
            received.put(m.message(), m);
            return SyslogConsumer.HANDLED;
        }).build();
        server = BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles()
                .profiles(collector.register(new ProfileRegistry())).build();
        server.start().get(10, TimeUnit.SECONDS);
        logback.setMDCAdapter(new LogbackMDCAdapter());
        startUpLogback = logback;
    }

    @AfterEach
    void stop() {
        logback.stop();
        server.close(Duration.ZERO);
    }

    @Test
    void startUpAndLaterEventsReachTheCollectorAndAreCounted() {
        ConfigurableApplicationContext ctx = application("beep.logging.enabled=true",
                "beep.logging.collectors=127.0.0.1:" + server.port(), "beep.logging.facility=local3",
                "spring.application.name=orders").run();
        BeepSyslogAppender appender = ctx.getBean(BeepSyslogAppender.class);
        assertThat(rootAppender()).isSameAs(appender);
        MeterRegistry registry = ctx.getBean(MeterRegistry.class);
        ctx.getBean(ShipperMeters.class).bindTo(registry);
        int n = 2000;
        for (int i = 0; i < n; i++) {
            logback.getLogger("com.example.Orders").info("order {} placed", i);
        }

        ctx.close(); // stops the appender: it delivers what it holds first

        assertThat(appender.isStarted()).isFalse();
        assertThat(rootAppender()).isNull();
        assertThat(received).containsKeys("bean created during start-up", "order 42 placed", "order 1999 placed");
        assertThat(received.keySet().stream().filter(k -> k.startsWith("order "))).hasSize(n);
        SyslogMessage m = received.get("order 42 placed");
        assertThat(m.appName()).isEqualTo("orders");
        assertThat(m.facility()).isEqualTo(19);
        assertThat(registry.get(ShipperMeters.DELIVERED).tag("appender", "BEEP").functionCounter().count())
                .isEqualTo(received.size());
    }

    @Test
    void nothingIsAttachedUnlessEnabled() {
        try (ConfigurableApplicationContext ctx = application(
                "beep.logging.collectors=127.0.0.1:" + server.port()).run()) {
            assertThat(ctx.getBeansOfType(BeepSyslogAppender.class)).isEmpty();
            assertThat(ctx.getBeansOfType(ShipperMeters.class)).isEmpty();
            assertThat(rootAppender()).isNull();
        }
    }

    @Test
    void settingsTheAppenderCannotStartWithFailStartUp() {
        assertThat(catchThrowable(() -> application("beep.logging.enabled=true").run()))
                .hasMessageContaining("beep.logging.collectors");
        assertThat(catchThrowable(() -> application("beep.logging.enabled=true", "beep.logging.overflow=spill",
                "beep.logging.collectors=127.0.0.1:" + server.port()).run()))
                .hasMessageContaining("the SPILL policy needs a spillDirectory");
        assertThat(rootAppender()).isNull();
    }

    @Test
    void configurationMetadataDescribesEveryLoggingProperty() throws Exception {
        JsonNode json;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            json = JsonMapper.builder().build().readTree(in);
        }
        Map<String, String> descriptions = new HashMap<>();
        for (JsonNode p : json.get("properties")) {
            descriptions.put(p.get("name").asString(), p.path("description").asString(""));
        }
        for (String name : new String[] {"enabled", "collectors", "profile", "facility", "app-name", "hostname",
                "queue-capacity", "overflow", "block-timeout", "spill-directory", "spill-max-size", "in-flight",
                "close-timeout", "pattern", "tls", "trust-certificates", "sasl-mechanism", "username", "password"}) {
            assertThat(descriptions.get("beep.logging." + name)).as("beep.logging." + name).isNotBlank();
        }
    }

    private SpringApplicationBuilder application(String... properties) {
        return new SpringApplicationBuilder(LoggingApp.class).web(WebApplicationType.NONE)
                .listeners(new BeepLoggingListener(() -> logback)).properties(properties);
    }

    private ch.qos.logback.core.Appender<?> rootAppender() {
        return logback.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("BEEP");
    }

    /** An application with a meter registry, whose one bean logs while the context starts. */
    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(BeepLoggingMetricsAutoConfiguration.class)
    static class LoggingApp {
        @Bean
        SimpleMeterRegistry registry() {
            return new SimpleMeterRegistry();
        }

        @Bean
        Object startUpBean() {
            startUpLogback.getLogger("com.example.StartUp").info("bean created during start-up");
            return new Object();
        }
    }
}
