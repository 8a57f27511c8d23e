package io.beepkit.spring.boot.example;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.micrometer.BeepMetrics;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The example application as a user would run it: application.yml, the handler, meters and health. */
class ExampleApplicationTest {
    @Test
    void servesTheProfileWithMetersAndHealth() throws Exception {
        try (ConfigurableApplicationContext ctx = new SpringApplicationBuilder(ExampleApplication.class)
                .run("--beep.server.port=0", "--spring.main.banner-mode=off")) {
            BeepServer server = ctx.getBean(BeepServer.class);
            assertThat(server.config().limits().maxMessageSize()).isEqualTo(1024 * 1024); // from application.yml
            assertThat(server.config().limits().maxChannels()).isEqualTo(64);
            BeepSession session = ctx.getBean(BeepClient.class).connect("127.0.0.1", server.port())
                    .get(5, TimeUnit.SECONDS);
            BeepChannel channel = session.startChannel(UpperCaseHandler.URI).get(5, TimeUnit.SECONDS);
            assertThat(channel.send(MimeEntity.of("hello")).get(5, TimeUnit.SECONDS).entity().bodyText())
                    .isEqualTo("HELLO");

            MeterRegistry registry = ctx.getBean(MeterRegistry.class);
            assertThat(registry.get(BeepMetrics.ROUND_TRIP).tag("profile", UpperCaseHandler.URI).timer().count())
                    .isEqualTo(1);
            HealthIndicator health = ctx.getBean("beepHealthIndicator", HealthIndicator.class);
            assertThat(health.health(true).getStatus()).isEqualTo(Status.UP);
            assertThat(health.health(true).getDetails()).containsEntry("sessions", 1);
            session.close().get(5, TimeUnit.SECONDS);
        }
    }
}
