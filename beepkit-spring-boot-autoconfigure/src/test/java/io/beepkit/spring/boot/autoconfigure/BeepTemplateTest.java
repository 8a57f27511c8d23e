package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.spring.BeepListener;
import io.beepkit.spring.BeepTemplate;
import io.beepkit.spring.BeepTemplates;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepException;
import io.beepkit.api.BeepObserver;
import io.beepkit.api.BeepSession;
import io.beepkit.api.RequestTimeoutException;
import io.beepkit.api.SessionOutcome;
import io.beepkit.api.SessionRole;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.ReconnectPolicy;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.net.InetAddress;
import java.time.Duration;
import java.net.ServerSocket;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link BeepTemplates} and the named clients ({@code beep.clients.<name>.*}) against a real listener on 127.0.0.1:
 * the configured profile, the default template bean, reconnecting, timeouts, refusals, closing with the context, and
 * the validation of the properties.
 */
class BeepTemplateTest {
    static final String UPPER = "urn:test:upper";
    static final String SLOW = "urn:test:slow";

    static final ApplicationContextRunner SERVER = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class,
                    BeepMessagingAutoConfiguration.class))
            .withPropertyValues("beep.server.port=0");

    static final ApplicationContextRunner CLIENT = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class,
                    BeepMessagingAutoConfiguration.class))
            .withPropertyValues("beep.server.enabled=false");

    /** What the listener serves. */
    static class Listeners {
        final CountDownLatch release = new CountDownLatch(1);

        @BeepListener(profile = UPPER)
        String upper(String text) {
            return text.toUpperCase(Locale.ROOT);
        }

        @BeepListener(profile = SLOW)
        String slow(String text) throws InterruptedException {
            release.await(30, TimeUnit.SECONDS); // blocks a callback thread, never an I/O thread
            return text;
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class ListenerConfig {
        @Bean
        Listeners listeners() {
            return new Listeners();
        }
    }

    /** Counts the client's sessions as they open and close. */
    static class SessionCounter implements BeepObserver {
        final AtomicInteger opened = new AtomicInteger();
        final Semaphore closed = new Semaphore(0);

        @Override
        public void sessionOpened(SessionRole role) {
            opened.incrementAndGet();
        }

        @Override
        public void sessionClosed(SessionRole role, SessionOutcome outcome) {
            closed.release();
        }
    }

    interface Ends {
        void accept(AssertableApplicationContext server, AssertableApplicationContext client) throws Exception;
    }

    /** A listener context, and a client context whose client {@code orders} points at it. */
    static void withClient(Ends test, String... clientProperties) {
        SERVER.withUserConfiguration(ListenerConfig.class).run(server -> {
            int port = server.getBean(BeepServer.class).localAddress().getPort();
            CLIENT.withPropertyValues("beep.clients.orders.host=127.0.0.1", "beep.clients.orders.port=" + port)
                    .withPropertyValues(clientProperties)
                    .withBean(SessionCounter.class)
                    .run(client -> {
                        assertThat(client).hasNotFailed();
                        test.accept(server, client);
                    });
        });
    }

    @Test
    void aNamedClientUsesItsProfileAndNoDefaultTemplateExists() {
        withClient((server, client) -> {
            assertThat(client).doesNotHaveBean(BeepTemplate.class);
            BeepTemplates templates = client.getBean(BeepTemplates.class);
            assertThat(templates.names()).containsExactly("orders");
            BeepTemplate orders = templates.template("orders");
            assertThat(templates.template("orders")).isSameAs(orders);
            assertThat(orders.clientName()).isEqualTo("orders");
            assertThat(orders.sendAndReceive("configured profile", String.class)).isEqualTo("CONFIGURED PROFILE");
            assertThat(orders.sendAndReceive(UPPER, "named profile", String.class)).isEqualTo("NAMED PROFILE");
            // One session for both calls.
            assertThat(client.getBean(SessionCounter.class).opened).hasValue(1);
            assertThatThrownBy(() -> templates.template("billing"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("no client named 'billing': set beep.clients.billing.host (configured: orders)");
        }, "beep.clients.orders.profile=" + UPPER);
    }

    @Test
    void aCallWithoutProfileNeedsTheConfiguredOne() {
        withClient((server, client) -> assertThatThrownBy(() ->
                client.getBean(BeepTemplates.class).template("orders").sendAndReceive("x", String.class))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the call names no profile and client 'orders' has no default profile"
                        + " (beep.clients.orders.profile)"));
    }

    @Test
    void theClientNamedDefaultIsABean() {
        SERVER.withUserConfiguration(ListenerConfig.class).run(server -> {
            int port = server.getBean(BeepServer.class).localAddress().getPort();
            CLIENT.withPropertyValues("beep.clients.default.host=127.0.0.1", "beep.clients.default.port=" + port)
                    .run(client -> assertThat(client.getBean(BeepTemplate.class).sendAndReceive(UPPER, "bean",
                            String.class)).isEqualTo("BEAN"));
        });
    }

    @Test
    void aSessionThatEndedIsReplacedOnTheNextCall() {
        withClient((server, client) -> {
            BeepTemplate orders = client.getBean(BeepTemplates.class).template("orders");
            SessionCounter counter = client.getBean(SessionCounter.class);
            assertThat(orders.sendAndReceive(UPPER, "one", String.class)).isEqualTo("ONE");
            server.getBean(BeepServer.class).sessions().forEach(BeepSession::terminate);
            assertThat(counter.closed.tryAcquire(20, TimeUnit.SECONDS)).as("client session closed").isTrue();
            assertThat(orders.sendAndReceive(UPPER, "two", String.class)).isEqualTo("TWO");
            assertThat(counter.opened).hasValue(2);
        });
    }

    @Test
    void aFailedConnectIsTriedAgainOnTheNextCall() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort(); // free once closed: nothing listens there yet
        }
        CLIENT.withPropertyValues("beep.clients.default.host=127.0.0.1", "beep.clients.default.port=" + port)
                .run(client -> {
                    BeepTemplate template = client.getBean(BeepTemplate.class);
                    assertThatThrownBy(() -> template.sendAndReceive(UPPER, "early", String.class))
                            .isInstanceOf(BeepException.class)
                            .hasMessageContaining("cannot connect to 127.0.0.1:" + port);
                    SERVER.withUserConfiguration(ListenerConfig.class).withPropertyValues("beep.server.port=" + port)
                            .run(server -> assertThat(template.sendAndReceive(UPPER, "late", String.class))
                                    .isEqualTo("LATE"));
                });
    }

    @Test
    void noReplyInTimeIsATimeout() {
        withClient((server, client) -> {
            BeepTemplate orders = client.getBean(BeepTemplates.class).template("orders");
            try {
                assertThatThrownBy(() -> orders.sendAndReceive(SLOW, "wait", String.class))
                        .isInstanceOf(RequestTimeoutException.class)
                        .hasMessageStartingWith("no reply from client 'orders' (127.0.0.1:")
                        .hasMessageEndingWith(") on " + SLOW + " within PT0.5S");
            } finally {
                server.getBean(Listeners.class).release.countDown();
            }
        }, "beep.clients.orders.timeout=500ms");
    }

    @Test
    void aProfileTheListenerDoesNotOfferIsAnError() {
        withClient((server, client) -> assertThatThrownBy(() -> client.getBean(BeepTemplates.class)
                .template("orders").sendAndReceive("urn:test:absent", "x", String.class))
                .isInstanceOfSatisfying(BeepErrorException.class, e -> assertThat(e.code()).isEqualTo(550)));
    }

    @Test
    void closingTheContextClosesTheSessionAndLaterCallsFail() {
        SERVER.withUserConfiguration(ListenerConfig.class).run(server -> {
            BeepServer listener = server.getBean(BeepServer.class);
            int port = listener.localAddress().getPort();
            ConfigurableApplicationContext[] closed = new ConfigurableApplicationContext[1];
            BeepTemplate[] kept = new BeepTemplate[1];
            CLIENT.withPropertyValues("beep.clients.default.host=127.0.0.1", "beep.clients.default.port=" + port)
                    .run(client -> {
                        kept[0] = client.getBean(BeepTemplate.class);
                        assertThat(kept[0].sendAndReceive(UPPER, "x", String.class)).isEqualTo("X");
                        assertThat(listener.sessions()).hasSize(1);
                        closed[0] = client.getSourceApplicationContext();
                    });
            assertThat(closed[0].isActive()).isFalse();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!listener.sessions().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(listener.sessions()).as("the listener's sessions after the client context closed").isEmpty();
            assertThatThrownBy(() -> kept[0].sendAndReceive(UPPER, "y", String.class))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("is closed");
        });
    }

    /** The port names a value published only once the listener runs: resolved at the template's first call. */
    @Test
    void aClientsPortMayNameTheListenersPublishedPort() {
        SERVER.withUserConfiguration(ListenerConfig.class).withPropertyValues("beep.clients.self.host=127.0.0.1",
                "beep.clients.self.port=${local.beep.server.port}", "beep.clients.self.profile=" + UPPER).run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    assertThat(ctx.getBean(BeepTemplates.class).template("self").sendAndReceive("own", String.class))
                            .isEqualTo("OWN");
                });
    }

    @Test
    void invalidClientPropertiesAreNamed() {
        CLIENT.withPropertyValues("beep.clients.x.port=1").run(ctx -> assertThat(BeepPropertiesTest.messages(
                ctx.getStartupFailure())).contains("beep.clients.x.host is required for a BeepTemplate"));
        invalid("beep.clients.x.host=", "beep.clients.x: host must not be blank");
        invalid("beep.clients.x.port=0", "beep.clients.x: port must be 1..65535, was 0");
        invalid("beep.clients.x.port=65536", "beep.clients.x: port must be 1..65535, was 65536");
        invalid("beep.clients.x.port=http", "beep.clients.x: For input string: \"http\"");
        invalid("beep.clients.x.timeout=0s", "beep.clients.x: timeout must be positive, was PT0S");
        invalid("beep.clients.x.ssl.on-connect=true", "beep.clients.x: tlsOnConnect=true needs tls");
        invalid("beep.clients.x.sasl.mechanism=FOO", "beep.clients.x.sasl.mechanism: unknown SASL mechanism 'FOO'");
        invalid("beep.clients.x.sasl.mechanism=EXTERNAL", "beep.clients.x: sasl=EXTERNAL needs tlsOnConnect");
        invalid("beep.clients.x.sasl.mechanism=CRAM-MD5", "beep.clients.x.sasl.mechanism=CRAM-MD5 needs "
                + "beep.clients.x.sasl.user and beep.clients.x.sasl.password");
        invalid("beep.clients.x.session.limits.max-channels=0",
                "beep.clients.x.session.limits: maxChannels must be >= 1");
        // A complete client starts.
        CLIENT.withPropertyValues("beep.clients.x.host=example.invalid", "beep.clients.x.sasl.mechanism=CRAM-MD5",
                        "beep.clients.x.sasl.user=u", "beep.clients.x.sasl.password=p")
                .run(ctx -> assertThat(ctx).hasNotFailed());
    }

    @Test
    void reconnectPropertiesMapOntoTheLibrarysPolicyAndItsChecks() {
        CLIENT.withPropertyValues("beep.clients.x.host=127.0.0.1", "beep.clients.x.reconnect.initial-delay=20ms",
                "beep.clients.x.reconnect.max-delay=2s", "beep.clients.x.reconnect.multiplier=3",
                "beep.clients.x.reconnect.max-attempts=4").run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    ReconnectPolicy policy = ctx.getBean(BeepProperties.class).getClients().get("x")
                            .target("x", ctx.getEnvironment()).reconnect();
                    assertThat(policy.initialDelay()).isEqualTo(Duration.ofMillis(20));
                    assertThat(policy.maxDelay()).isEqualTo(Duration.ofSeconds(2));
                    assertThat(policy.multiplier()).isEqualTo(3.0);
                    assertThat(policy.maxAttempts()).isEqualTo(4);
                });
        CLIENT.withPropertyValues("beep.clients.x.host=127.0.0.1").run(ctx -> assertThat(ctx.getBean(
                BeepProperties.class).getClients().get("x").target("x", ctx.getEnvironment()).reconnect().toString())
                .isEqualTo(ReconnectPolicy.defaults().toString()));
        invalid("beep.clients.x.reconnect.multiplier=0.5",
                "beep.clients.x.reconnect: multiplier must be a finite number >= 1: 0.5");
        invalid("beep.clients.x.reconnect.max-delay=10ms",
                "beep.clients.x.reconnect: maxDelay PT0.01S must be >= initialDelay PT0.1S");
    }

    private static void invalid(String property, String message) {
        CLIENT.withPropertyValues("beep.clients.x.host=127.0.0.1", property).run(ctx -> {
            assertThat(ctx).as(property).hasFailed();
            assertThat(BeepPropertiesTest.messages(ctx.getStartupFailure())).as(property).contains(message);
        });
    }
}
