package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.spring.BeepProfile;
import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.Responder;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.ListenerLimits;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketTuning;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** The auto-configuration in application contexts: defaults, handlers, lifecycle, back-off. */
class BeepAutoConfigurationTest {
    static final ApplicationContextRunner RUNNER = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class))
            .withPropertyValues("beep.server.port=0");

    @Test
    void defaultsEqualTheLibrarysDefaults() {
        RUNNER.run(ctx -> {
            assertThat(ctx).hasNotFailed();
            BeepServer server = ctx.getBean(BeepServer.class);
            assertThat(server.config()).isEqualTo(SessionConfig.defaults());
            assertThat(SocketTuning.nameOf(server.config().socket(), server.config().flow()))
                    .isEqualTo(SocketTuning.DEFAULT.name());
            assertThat(ctx.getBean(BeepClient.class).config()).isEqualTo(SessionConfig.defaults());
            assertThat(ctx.getBean(BeepServerLifecycle.class).isRunning()).isTrue();
            assertThat(server.localAddress().getHostString()).isEqualTo("127.0.0.1");
        });
        // Nothing set: every group is the library's own, from its builders' defaults.
        BeepProperties defaults = new BeepProperties();
        assertThat(defaults.serverSession()).isEqualTo(SessionConfig.defaults());
        assertThat(defaults.clientSession("default")).isEqualTo(SessionConfig.defaults());
        assertThat(defaults.getServer().getLimits().build()).isEqualTo(ListenerLimits.defaults());
    }

    @Test
    void limitsReachTheSessionSettings() {
        RUNNER.withPropertyValues("beep.session.limits.max-message-size=1MB", "beep.session.limits.max-channels=8",
                "beep.session.limits.max-outstanding=16", "beep.session.flow.tail-wait=5ms",
                "beep.clients.default.session.limits.max-channels=4",
                "beep.clients.default.session.tuning=bounded").run(ctx -> {
            SessionConfig server = ctx.getBean(BeepServer.class).config();
            assertThat(server.limits().maxMessageSize()).isEqualTo(1024 * 1024);
            assertThat(server.limits().maxChannels()).isEqualTo(8);
            assertThat(server.limits().maxOutstanding()).isEqualTo(16);
            assertThat(server.flow().tailWait()).hasMillis(5);
            SessionConfig client = ctx.getBean(BeepClient.class).config();
            assertThat(client.limits().maxChannels()).isEqualTo(4);
            assertThat(client.limits().maxOutstanding()).isEqualTo(16);
            assertThat(client.socket()).isEqualTo(SocketTuning.BOUNDED.socket());
            assertThat(client.flow().initialWindow()).isEqualTo(SocketTuning.BOUNDED.flow().initialWindow());
        });
    }

    @Test
    void handlersAnswerOverARealConnection() {
        RUNNER.withUserConfiguration(Handlers.class).run(ctx -> {
            BeepServer server = ctx.getBean(BeepServer.class);
            BeepSession session = ctx.getBean(BeepClient.class).connect("127.0.0.1", server.port())
                    .get(5, TimeUnit.SECONDS);
            assertThat(session.peerProfiles()).contains("urn:test:upper", "urn:test:lambda", "urn:test:method");
            assertThat(call(session, "urn:test:upper", "abc")).isEqualTo("ABC");
            assertThat(call(session, "urn:test:lambda", "abc")).isEqualTo("lambda:abc");
            assertThat(call(session, "urn:test:method", "abc")).isEqualTo("method:abc");
            session.close().get(5, TimeUnit.SECONDS);
        });
    }

    /** Only @BeepProfile beans and registrations are served: another ProfileHandler bean is the application's. */
    @Test
    void aHandlerBeanWithoutBeepProfileIsLeftAlone() {
        RUNNER.withBean("anonymousHandler", MessageHandler.class, () -> (m, r) -> r.reply(m.entity())).run(ctx -> {
            assertThat(ctx).hasNotFailed();
            BeepSession session = ctx.getBean(BeepClient.class)
                    .connect("127.0.0.1", ctx.getBean(BeepServer.class).port()).get(5, TimeUnit.SECONDS);
            // Only the default profiles: nothing the unannotated bean could have been registered under.
            assertThat(session.peerProfiles()).allMatch(uri -> uri.startsWith("http://xml.resource.org/profiles/")
                    || uri.startsWith("urn:aspl.es:beep:profiles:"));
            session.close().get(5, TimeUnit.SECONDS);
        });
    }

    @Test
    void beepProfileOnABeanThatIsNoHandlerFailsStartUpNamingIt() {
        RUNNER.withUserConfiguration(NotAHandler.class).run(ctx ->
                assertThat(ctx).hasFailed().getFailure().rootCause().hasMessageContaining("notAHandler")
                        .hasMessageContaining("not a ProfileHandler"));
    }

    @Configuration(proxyBeanMethods = false)
    static class NotAHandler {
        @Bean
        @BeepProfile("urn:test:nothing")
        String notAHandler() {
            return "text";
        }
    }

    @Test
    void contextCloseReleasesSessionsAndThePort() throws Exception {
        AtomicInteger port = new AtomicInteger();
        AtomicReference<BeepSession> session = new AtomicReference<>();
        try (BeepClient client = BeepClient.builder().build()) {
            RUNNER.run(ctx -> {
                port.set(ctx.getBean(BeepServer.class).port());
                session.set(client.connect("127.0.0.1", port.get()).get(5, TimeUnit.SECONDS));
            });
            session.get().closeFuture().get(5, TimeUnit.SECONDS);
            assertThat(session.get().isOpen()).isFalse();
        }
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress("127.0.0.1", port.get()));
            assertThat(s.getLocalPort()).isEqualTo(port.get());
        }
    }

    @Test
    void theListenerCanBeTurnedOff() {
        RUNNER.withPropertyValues("beep.server.enabled=false").run(ctx -> {
            assertThat(ctx).doesNotHaveBean(BeepServer.class).doesNotHaveBean(BeepServerLifecycle.class)
                    .hasSingleBean(BeepClient.class);
        });
    }

    @Test
    void applicationBeansWin() {
        BeepServer own = BeepServer.builder().bind("127.0.0.1", 0).build();
        RUNNER.withBean(BeepServer.class, () -> own).run(ctx -> {
            assertThat(ctx.getBean(BeepServer.class)).isSameAs(own);
            assertThat(ctx.getBean(BeepServerLifecycle.class).server()).isSameAs(own);
        });
    }

    @Test
    void customizersAdjustWhatPropertiesDoNotCover() {
        RUNNER.withUserConfiguration(Customizers.class).run(ctx -> {
            assertThat(ctx.getBean(BeepServer.class).config().features()).isEqualTo("x-server");
            assertThat(ctx.getBean(BeepClient.class).config().features()).isEqualTo("x-client");
        });
    }

    static String call(BeepSession session, String profile, String text) throws Exception {
        BeepChannel ch = session.startChannel(profile).get(5, TimeUnit.SECONDS);
        String reply = ch.send(MimeEntity.of(text)).get(5, TimeUnit.SECONDS).entity().bodyText();
        ch.close().get(5, TimeUnit.SECONDS);
        return reply;
    }

    /** A handler class, a lambda registration and an annotated {@code @Bean} method. */
    @Configuration(proxyBeanMethods = false)
    static class Handlers {
        @Bean
        UpperHandler upperHandler() {
            return new UpperHandler();
        }

        @Bean
        ProfileRegistration lambda() {
            return new ProfileRegistration("urn:test:lambda",
                    (m, r) -> r.reply(MimeEntity.of("lambda:" + m.entity().bodyText())));
        }

        @Bean
        @BeepProfile("urn:test:method")
        MessageHandler methodHandler() {
            return (m, r) -> r.reply(MimeEntity.of("method:" + m.entity().bodyText()));
        }
    }

    @BeepProfile("urn:test:upper")
    static class UpperHandler implements MessageHandler {
        @Override
        public void onMessage(Message message, Responder responder) {
            responder.reply(MimeEntity.of(message.entity().bodyText().toUpperCase(java.util.Locale.ROOT)));
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Customizers {
        @Bean
        BeepServerCustomizer serverCustomizer() {
            return new BeepServerCustomizer() {
                @Override
                public void customize(BeepServer.Builder server) {
                }

                @Override
                public void customizeSession(SessionConfig.Builder session) {
                    session.features("x-server");
                }
            };
        }

        @Bean
        BeepClientCustomizer clientCustomizer() {
            return new BeepClientCustomizer() {
                @Override
                public void customize(BeepClient.Builder client) {
                }

                @Override
                public void customizeSession(SessionConfig.Builder session) {
                    session.features("x-client");
                }
            };
        }
    }
}
