package io.beepkit.spring.boot.actuator;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.micrometer.BeepMetrics;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.spring.boot.autoconfigure.BeepAutoConfiguration;
import io.beepkit.spring.boot.autoconfigure.BeepServerLifecycle;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Meters and the listener's health beside the core auto-configuration, each only with its classes and beans. */
class BeepMetricsAndHealthTest {
    static final ApplicationContextRunner RUNNER = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class, BeepMetricsAutoConfiguration.class,
                    BeepHealthAutoConfiguration.class))
            .withPropertyValues("beep.server.port=0");

    @Test
    void metricsWhenARegistryExists() {
        RUNNER.run(ctx -> assertThat(ctx).doesNotHaveBean(BeepMetrics.class));
        RUNNER.withBean(MeterRegistry.class, SimpleMeterRegistry::new).run(ctx -> {
            assertThat(ctx).hasSingleBean(BeepMetrics.class);
            MeterRegistry registry = ctx.getBean(MeterRegistry.class);
            BeepSession session = ctx.getBean(BeepClient.class)
                    .connect("127.0.0.1", ctx.getBean(BeepServer.class).port()).get(5, TimeUnit.SECONDS);
            assertThat(call(session, io.beepkit.core.profiles.StandardProfiles.ECHO, "hi")).isEqualTo("hi");
            // Listener and client share the registry: one MSG each way, told apart by the role tag.
            assertThat(registry.get(BeepMetrics.MESSAGES_SENT).tag("role", "initiator").tag("type", "msg")
                    .counter().count()).isEqualTo(1.0);
            assertThat(registry.get(BeepMetrics.MESSAGES_RECEIVED).tag("role", "listener").tag("type", "msg")
                    .counter().count()).isEqualTo(1.0);
            session.close().get(5, TimeUnit.SECONDS);
        });
        // Without beepkit-micrometer and Micrometer on the class path: no meters, and nothing fails.
        RUNNER.withClassLoader(new FilteredClassLoader("io.beepkit.micrometer", "io.micrometer"))
                .run(ctx -> assertThat(ctx).hasNotFailed().doesNotHaveBean("beepMetrics")
                        .hasSingleBean(BeepServer.class));
    }

    @Test
    void healthReportsTheListener() {
        RUNNER.run(ctx -> {
            HealthIndicator indicator = ctx.getBean("beepHealthIndicator", HealthIndicator.class);
            Health health = indicator.health(true);
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("bound", true).containsEntry("sessions", 0)
                    .containsEntry("address", "127.0.0.1:" + ctx.getBean(BeepServer.class).port());
            ctx.getBean(BeepServerLifecycle.class).stop();
            assertThat(indicator.health(true).getStatus()).isEqualTo(Status.DOWN);
        });
        // Without Spring Boot's health module at all (no Actuator): no indicator, and nothing fails.
        RUNNER.withClassLoader(new FilteredClassLoader("org.springframework.boot.health"))
                .run(ctx -> assertThat(ctx).hasNotFailed().doesNotHaveBean("beepHealthIndicator")
                        .hasSingleBean(BeepServer.class));
        RUNNER.withPropertyValues("management.health.beep.enabled=false")
                .run(ctx -> assertThat(ctx).doesNotHaveBean("beepHealthIndicator"));
    }

    @Test
    void theListenerTurnedOffHasNoIndicator() {
        RUNNER.withPropertyValues("beep.server.enabled=false").run(ctx -> assertThat(ctx)
                .doesNotHaveBean(BeepServerHealthIndicator.class).hasSingleBean(BeepClient.class));
    }

    static String call(BeepSession session, String profile, String text) throws Exception {
        BeepChannel ch = session.startChannel(profile).get(5, TimeUnit.SECONDS);
        String reply = ch.send(MimeEntity.of(text)).get(5, TimeUnit.SECONDS).entity().bodyText();
        ch.close().get(5, TimeUnit.SECONDS);
        return reply;
    }
}
