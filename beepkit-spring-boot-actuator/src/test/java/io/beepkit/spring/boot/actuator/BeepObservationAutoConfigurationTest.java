package io.beepkit.spring.boot.actuator;

import io.beepkit.spring.boot.autoconfigure.BeepAutoConfiguration;
import io.beepkit.spring.boot.autoconfigure.BeepMessagingAutoConfiguration;
import io.beepkit.spring.boot.autoconfigure.BeepServerCustomizer;
import io.beepkit.spring.BeepListener;
import io.beepkit.spring.BeepProfile;
import io.beepkit.spring.BeepTemplate;
import io.beepkit.spring.BeepTemplates;
import io.beepkit.spring.BeepHandlerDecorator;
import io.beepkit.spring.BeepChannelDecorator;
import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Responder;
import io.beepkit.micrometer.observation.BeepServerContext;
import io.beepkit.micrometer.observation.DefaultBeepServerObservationConvention;
import io.beepkit.micrometer.observation.MdcProfileHandler;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Served handlers are observed and run with the MDC when there is an ObservationRegistry, and only then. */
class BeepObservationAutoConfigurationTest {
    static final String PROFILE = "urn:test:observed";
    static final String METHOD_PROFILE = "urn:test:observed-method";
    static final ApplicationContextRunner RUNNER = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class,
                    BeepObservationAutoConfiguration.class))
            .withUserConfiguration(Handler.class)
            .withPropertyValues("beep.server.port=0");

    @Test
    void servedExchangesAreObservedAndRunWithTheMdc() {
        RUNNER.withUserConfiguration(Observations.class).run(ctx -> {
            assertThat(send(ctx, "hello")).isEqualTo("channel 1 profile " + PROFILE);
            List<Observation.Context> stopped = ctx.getBean(Observations.class).stopped;
            awaitSize(stopped, 1);
            BeepServerContext observed = (BeepServerContext) stopped.get(0);
            assertThat(observed.getName()).isEqualTo(DefaultBeepServerObservationConvention.NAME);
            assertThat(observed.getLowCardinalityKeyValue("beep.profile").getValue()).isEqualTo(PROFILE);
            assertThat(observed.getLowCardinalityKeyValue("beep.reply").getValue()).isEqualTo("rpy");
            assertThat(observed.getHighCardinalityKeyValue("beep.channel").getValue()).isEqualTo("1");
        });
    }

    @Test
    void theApplicationsDecoratorsApplyInOrderAroundOurs() {
        RUNNER.withUserConfiguration(Observations.class, Tagging.class).run(ctx -> {
            // Tagging's decorator is ordered after the MDC one: it wraps both, so it sees no MDC of its own call.
            assertThat(send(ctx, "hello")).isEqualTo("[outside MDC] channel 1 profile " + PROFILE);
        });
    }

    @Test
    void beepListenerMethodsAreObservedToo() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class,
                        BeepMessagingAutoConfiguration.class, BeepObservationAutoConfiguration.class))
                .withUserConfiguration(Observations.class, ListenerMethod.class)
                .withPropertyValues("beep.server.port=0")
                .run(ctx -> {
                    BeepSession session = ctx.getBean(BeepClient.class)
                            .connect("127.0.0.1", ctx.getBean(BeepServer.class).port()).get(10, TimeUnit.SECONDS);
                    BeepChannel channel = session.startChannel(METHOD_PROFILE).get(10, TimeUnit.SECONDS);
                    assertThat(channel.send(MimeEntity.of(new byte[] {1, 2})).get(10, TimeUnit.SECONDS)
                            .entity().body()).containsExactly(1, 2);
                    List<Observation.Context> stopped = ctx.getBean(Observations.class).stopped;
                    awaitSize(stopped, 1);
                    assertThat(stopped.get(0).getLowCardinalityKeyValue("beep.profile").getValue())
                            .isEqualTo(METHOD_PROFILE);
                    session.close().get(10, TimeUnit.SECONDS);
                });
    }

    /** A profile a BeepServerCustomizer adds is decorated as every other: observed, with the MDC. */
    @Test
    void profilesACustomizerAddsAreObservedToo() {
        RUNNER.withUserConfiguration(Observations.class)
                .withBean(BeepServerCustomizer.class, () -> server -> server.profile("urn:test:customized",
                        (MessageHandler) (m, r) -> r.reply(MimeEntity.of(String.valueOf(
                                MDC.get(MdcProfileHandler.PROFILE))))))
                .run(ctx -> {
                    BeepSession session = ctx.getBean(BeepClient.class)
                            .connect("127.0.0.1", ctx.getBean(BeepServer.class).port()).get(10, TimeUnit.SECONDS);
                    BeepChannel channel = session.startChannel("urn:test:customized").get(10, TimeUnit.SECONDS);
                    assertThat(channel.send(MimeEntity.of("x")).get(10, TimeUnit.SECONDS).entity().bodyText())
                            .isEqualTo("urn:test:customized");
                    List<Observation.Context> stopped = ctx.getBean(Observations.class).stopped;
                    awaitSize(stopped, 1);
                    assertThat(stopped.get(0).getLowCardinalityKeyValue("beep.profile").getValue())
                            .isEqualTo("urn:test:customized");
                    session.close().get(10, TimeUnit.SECONDS);
                });
    }

    /** A BeepTemplate's calls are observed on the initiator's side, beside the listener's observation. */
    @Test
    void beepTemplateCallsAreObserved() throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort();
        }
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class,
                        BeepMessagingAutoConfiguration.class, BeepObservationAutoConfiguration.class))
                .withUserConfiguration(Observations.class, Handler.class)
                .withPropertyValues("beep.server.port=" + port, "beep.clients.self.host=127.0.0.1",
                        "beep.clients.self.port=" + port, "beep.clients.self.profile=" + PROFILE)
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed().hasBean("beepObservationChannelDecorator");
                    BeepTemplate template = ctx.getBean(BeepTemplates.class).template("self");
                    assertThat(template.sendAndReceive("hello", String.class))
                            .isEqualTo("channel 1 profile " + PROFILE);
                    List<Observation.Context> stopped = ctx.getBean(Observations.class).stopped;
                    awaitSize(stopped, 2);
                    Observation.Context client = stopped.stream()
                            .filter(c -> c instanceof io.beepkit.micrometer.observation.BeepClientContext)
                            .findFirst().orElseThrow(() -> new AssertionError("no client observation: " + stopped));
                    assertThat(client.getLowCardinalityKeyValue("beep.profile").getValue()).isEqualTo(PROFILE);
                    assertThat(client.getLowCardinalityKeyValue("beep.reply").getValue()).isEqualTo("rpy");
                    assertThat(stopped).anyMatch(c -> c instanceof BeepServerContext);
                });
    }

    @Test
    void propertyTurnsObservationsOff() {
        RUNNER.withUserConfiguration(Observations.class).withPropertyValues("beep.observations.enabled=false")
                .run(ctx -> {
                    assertThat(ctx).doesNotHaveBean(BeepHandlerDecorator.class)
                            .doesNotHaveBean(BeepChannelDecorator.class);
                    assertThat(send(ctx, "hello")).isEqualTo("channel null profile null");
                    assertThat(ctx.getBean(Observations.class).stopped).isEmpty();
                });
    }

    @Test
    void withoutAnObservationRegistryNothingIsDecorated() {
        RUNNER.run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(ctx).doesNotHaveBean(BeepHandlerDecorator.class);
            assertThat(send(ctx, "hello")).isEqualTo("channel null profile null");
        });
    }

    private static String send(ApplicationContext ctx, String text) throws Exception {
        BeepSession session = ctx.getBean(BeepClient.class)
                .connect("127.0.0.1", ctx.getBean(BeepServer.class).port()).get(10, TimeUnit.SECONDS);
        try {
            BeepChannel channel = session.startChannel(PROFILE).get(10, TimeUnit.SECONDS);
            return channel.send(MimeEntity.of(text)).get(10, TimeUnit.SECONDS).entity().bodyText();
        } finally {
            session.close().get(10, TimeUnit.SECONDS);
        }
    }

    private static void awaitSize(List<?> list, int size) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (list.size() < size && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(list).hasSize(size);
    }

    @Configuration(proxyBeanMethods = false)
    static class Handler {
        /** Replies with the MDC it sees. */
        @Bean
        @BeepProfile(PROFILE)
        MessageHandler observedHandler() {
            return (message, responder) -> responder.reply(MimeEntity.of("channel "
                    + MDC.get(MdcProfileHandler.CHANNEL) + " profile " + MDC.get(MdcProfileHandler.PROFILE)));
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class ListenerMethod {
        @BeepListener(profile = METHOD_PROFILE)
        byte[] echo(byte[] data) {
            return data;
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Observations {
        final List<Observation.Context> stopped = new CopyOnWriteArrayList<>();

        @Bean
        ObservationRegistry observationRegistry() {
            ObservationRegistry registry = ObservationRegistry.create();
            registry.observationConfig().observationHandler(new ObservationHandler<>() {
                @Override
                public void onStop(Observation.Context context) {
                    stopped.add(context);
                }

                @Override
                public boolean supportsContext(Observation.Context context) {
                    return true;
                }
            });
            return registry;
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Tagging {
        @Bean
        @Order(BeepObservationAutoConfiguration.MDC_ORDER + 1)
        BeepHandlerDecorator tagging() {
            return (uri, handler) -> (MessageHandler) (message, responder) -> {
                String mark = MDC.get(MdcProfileHandler.CHANNEL) == null ? "[outside MDC] " : "[inside MDC] ";
                ((MessageHandler) handler).onMessage(message, new Prefixing(responder, mark));
            };
        }
    }

    /** Prefixes a reply's text. */
    private record Prefixing(Responder delegate, String prefix) implements Responder {
        @Override
        public void reply(MimeEntity entity) {
            delegate.reply(MimeEntity.of(prefix + entity.bodyText()));
        }

        @Override
        public void refuse(int code, String diagnostic) {
            delegate.refuse(code, diagnostic);
        }

        @Override
        public void answer(MimeEntity entity) {
            delegate.answer(entity);
        }

        @Override
        public void endAnswers() {
            delegate.endAnswers();
        }

        @Override
        public int msgno() {
            return delegate.msgno();
        }
    }
}
