package io.beepkit.spring.boot.actuator;

import io.beepkit.spring.boot.autoconfigure.BeepAutoConfiguration;
import io.beepkit.spring.boot.autoconfigure.BeepServerLifecycle;
import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The beep Actuator endpoint over a real loopback session. */
class BeepEndpointTest {
    static final ApplicationContextRunner RUNNER = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class,
                    BeepEndpointAutoConfiguration.class))
            .withPropertyValues("beep.server.port=0", "management.endpoints.web.exposure.include=beep");

    @Test
    void describesTheListenerAndAnOpenSessionWithItsChannels() {
        RUNNER.run(ctx -> {
            BeepServer server = ctx.getBean(BeepServer.class);
            BeepSession session = ctx.getBean(BeepClient.class).connect("127.0.0.1", server.port())
                    .get(10, TimeUnit.SECONDS);
            BeepChannel echo = session.startChannel(StandardProfiles.ECHO).get(10, TimeUnit.SECONDS);
            BeepEndpoint endpoint = ctx.getBean(BeepEndpoint.class);

            BeepEndpoint.BeepDescriptor beep = awaitChannels(endpoint, 1);
            assertThat(beep.listener().running()).isTrue();
            assertThat(beep.listener().host()).isEqualTo("127.0.0.1");
            assertThat(beep.listener().port()).isEqualTo(server.port());
            assertThat(beep.listener().transport()).isEqualTo(server.transport());
            assertThat(beep.sessions()).hasSize(1);
            BeepEndpoint.SessionDescriptor described = beep.sessions().get(0);
            InetSocketAddress clientAddress = (InetSocketAddress) session.localAddress();
            assertThat(described.peerAddress()).isEqualTo("127.0.0.1:" + clientAddress.getPort());
            assertThat(described.localAddress()).isEqualTo("127.0.0.1:" + server.port());
            assertThat(described.role()).isEqualTo("listener");
            assertThat(described.open()).isTrue();
            assertThat(described.tls()).isNull();
            assertThat(described.sasl()).isNull();
            assertThat(described.channels())
                    .containsExactly(new BeepEndpoint.ChannelDescriptor(echo.number(), StandardProfiles.ECHO));

            assertThat(beep.clients()).hasSize(1);
            BeepEndpoint.ClientDescriptor client = beep.clients().get(0);
            assertThat(client.name()).isEqualTo("beepClient");
            assertThat(client.closed()).isFalse();
            assertThat(client.sessions()).hasSize(1);
            assertThat(client.sessions().get(0).role()).isEqualTo("initiator");
            assertThat(client.sessions().get(0).peerAddress()).isEqualTo("127.0.0.1:" + server.port());
            assertThat(client.sessions().get(0).channels())
                    .containsExactly(new BeepEndpoint.ChannelDescriptor(echo.number(), StandardProfiles.ECHO));

            session.close().get(10, TimeUnit.SECONDS);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            // The client forgets a session once it has ended, which may be just after close() completed.
            while ((!endpoint.beep().sessions().isEmpty() || !endpoint.beep().clients().get(0).sessions().isEmpty())
                    && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(endpoint.beep().sessions()).isEmpty();
            assertThat(endpoint.beep().clients().get(0).sessions()).isEmpty();
        });
    }

    @Test
    void aStoppedListenerIsDescribedAsNotRunning() {
        RUNNER.run(ctx -> {
            ctx.getBean(BeepServerLifecycle.class).stop();
            BeepEndpoint.BeepDescriptor beep = ctx.getBean(BeepEndpoint.class).beep();
            assertThat(beep.listener().running()).isFalse();
            assertThat(beep.listener().port()).isNull();
            assertThat(beep.sessions()).isEmpty();
        });
    }

    @Test
    void notWithoutActuatorNorWhenNotExposed() {
        RUNNER.withClassLoader(new FilteredClassLoader(Endpoint.class))
                .run(ctx -> assertThat(ctx).hasNotFailed().doesNotHaveBean(BeepEndpoint.class));
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class,
                        BeepEndpointAutoConfiguration.class))
                .withPropertyValues("beep.server.port=0")
                .run(ctx -> assertThat(ctx).hasNotFailed().doesNotHaveBean(BeepEndpoint.class));
    }

    private static BeepEndpoint.BeepDescriptor awaitChannels(BeepEndpoint endpoint, int channels)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        BeepEndpoint.BeepDescriptor beep = endpoint.beep();
        while (System.nanoTime() < deadline && (beep.sessions().size() != 1
                || beep.sessions().get(0).channels().size() != channels)) {
            Thread.sleep(10);
            beep = endpoint.beep();
        }
        return beep;
    }

    /** The records render as JSON objects of these field names. */
    @Test
    void recordComponentsAreTheJsonFields() {
        assertThat(List.of(BeepEndpoint.SessionDescriptor.class.getRecordComponents()))
                .extracting(c -> c.getName())
                .containsExactly("peerAddress", "localAddress", "role", "open", "serverName", "tls", "sasl",
                        "channels");
    }
}
