package io.beepkit.spring.boot.actuator;

import io.beepkit.spring.boot.autoconfigure.BeepAutoConfiguration;
import io.beepkit.api.BeepSession;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The health of the BeepClient beans: UP with their sessions while open, DOWN once closed. */
class BeepClientHealthIndicatorTest {
    static final ApplicationContextRunner RUNNER = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class, BeepHealthAutoConfiguration.class))
            .withPropertyValues("beep.server.port=0");

    @Test
    void reportsTheClientsSessionsAndDownOnceClosed() {
        RUNNER.run(ctx -> {
            HealthIndicator indicator = ctx.getBean("beepClientHealthContributor", HealthIndicator.class);
            assertThat(indicator.health(true).getStatus()).isEqualTo(Status.UP);
            assertThat(indicator.health(true).getDetails()).containsEntry("sessions", 0);

            BeepClient client = ctx.getBean(BeepClient.class);
            BeepSession session = client.connect("127.0.0.1", ctx.getBean(BeepServer.class).port())
                    .get(10, TimeUnit.SECONDS);
            Health open = indicator.health(true);
            assertThat(open.getDetails()).containsEntry("sessions", 1)
                    .containsEntry("transport", client.transport());

            client.close();
            assertThat(session.closeFuture()).succeedsWithin(java.time.Duration.ofSeconds(10));
            assertThat(indicator.health(true).getStatus()).isEqualTo(Status.DOWN);
        });
    }

    @Test
    void severalClientsAreReportedByBeanName() {
        RUNNER.withBean("second", BeepClient.class, () -> BeepClient.builder().build())
                .withBean("first", BeepClient.class, () -> BeepClient.builder().build())
                .run(ctx -> {
                    HealthContributor contributor = ctx.getBean("beepClientHealthContributor",
                            HealthContributor.class);
                    assertThat(contributor).isInstanceOf(CompositeHealthContributor.class);
                    CompositeHealthContributor composite = (CompositeHealthContributor) contributor;
                    assertThat(composite.getContributor("first")).isInstanceOf(BeepClientHealthIndicator.class);
                    assertThat(composite.getContributor("second")).isInstanceOf(BeepClientHealthIndicator.class);
                });
    }

    @Test
    void offByProperty() {
        RUNNER.withPropertyValues("management.health.beepclient.enabled=false")
                .run(ctx -> assertThat(ctx).hasNotFailed().doesNotHaveBean("beepClientHealthContributor"));
    }
}
