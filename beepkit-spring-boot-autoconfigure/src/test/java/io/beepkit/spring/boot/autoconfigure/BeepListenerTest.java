package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.spring.BeepListener;
import io.beepkit.spring.BeepProfile;
import io.beepkit.spring.BeepTemplate;
import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.Message;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Responder;
import io.beepkit.netty.BeepServer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.handler.annotation.Headers;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link BeepListener} methods served by the auto-configured listener and called through a {@link BeepTemplate} of
 * another context, over real sessions on 127.0.0.1: conversion both ways, parameters, asynchronous and empty replies,
 * the ERR codes of failures, and a URI served twice.
 */
class BeepListenerTest {
    static final String ORDERS = "urn:test:orders";
    static final String TEXT = "urn:test:text";
    static final String BYTES = "urn:test:bytes";
    static final String LATER = "urn:test:later";
    static final String NOTE = "urn:test:note";
    static final String ECHO_CONTEXT = "urn:test:context";
    static final String FAIL = "urn:test:fail";
    static final String THREAD = "urn:test:thread";
    static final String NOT_AN_ERROR = "urn:test:not-an-error";

    static final ApplicationContextRunner SERVER = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class,
                    BeepMessagingAutoConfiguration.class))
            .withPropertyValues("beep.server.port=0");

    static final ApplicationContextRunner CLIENT = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class,
                    BeepMessagingAutoConfiguration.class))
            .withPropertyValues("beep.server.enabled=false", "beep.clients.default.host=127.0.0.1",
                    "beep.clients.default.timeout=20s");

    record Order(String item, int quantity) {
    }

    record Confirmation(String item, int quantity, long total) {
    }

    /** The listener methods under test. */
    static class Listeners {
        final BlockingQueue<String> notes = new LinkedBlockingQueue<>();

        @BeepListener(profile = ORDERS)
        Confirmation place(Order order) {
            if (order.quantity() <= 0) {
                throw new BeepErrorException(553, "quantity must be positive, was " + order.quantity());
            }
            return new Confirmation(order.item(), order.quantity(), order.quantity() * 7L);
        }

        @BeepListener(profile = TEXT)
        public String upper(String text) {
            return text.toUpperCase(java.util.Locale.ROOT);
        }

        @BeepListener(profile = BYTES)
        byte[] reverse(byte[] data) {
            byte[] r = new byte[data.length];
            for (int i = 0; i < data.length; i++) {
                r[i] = data[data.length - 1 - i];
            }
            return r;
        }

        @BeepListener(profile = LATER)
        CompletionStage<String> later(String text) {
            return CompletableFuture.supplyAsync(() -> "later:" + text);
        }

        @BeepListener(profile = NOTE)
        void note(String text) {
            notes.add(text);
        }

        @BeepListener(profile = ECHO_CONTEXT)
        String context(String text, BeepChannel channel, BeepSession session, @Headers Map<String, String> headers) {
            return text + "|" + channel.profile() + "|" + session.role() + "|" + headers.get("X-Test");
        }

        @BeepListener(profile = THREAD)
        String thread(String ignored) {
            return Thread.currentThread().getName();
        }

        @BeepListener(profile = NOT_AN_ERROR)
        String notAnError(String ignored) {
            throw new BeepErrorException(200, "an ERR cannot carry a success code");
        }

        @BeepListener(profile = FAIL)
        String fail(String text) {
            throw new IllegalStateException("internal detail " + text);
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class ListenerConfig {
        @Bean
        Listeners listeners() {
            return new Listeners();
        }
    }

    /** Runs a listener context with {@link Listeners}, then a client context whose default client points at it. */
    static void withTemplate(EndsTest test) {
        SERVER.withUserConfiguration(ListenerConfig.class).run(server -> {
            assertThat(server).hasNotFailed();
            int port = server.getBean(BeepServer.class).localAddress().getPort();
            CLIENT.withPropertyValues("beep.clients.default.port=" + port).run(client -> {
                assertThat(client).hasNotFailed();
                test.accept(new TemplateEnds(server, client.getBean(BeepTemplate.class)));
            });
        });
    }

    record TemplateEnds(AssertableApplicationContext server, BeepTemplate template) {
    }

    /** A test of both ends. */
    @FunctionalInterface
    interface EndsTest {
        void accept(TemplateEnds ends) throws Exception;
    }

    @Test
    void jsonRecordRoundTrip() {
        withTemplate(ends -> {
            Confirmation c = ends.template().sendAndReceive(ORDERS, new Order("tea", 3), Confirmation.class);
            assertThat(c).isEqualTo(new Confirmation("tea", 3, 21));
            MimeEntity raw = ends.template().sendAndReceive(ORDERS, new Order("cup", 2), MimeEntity.class);
            assertThat(raw.contentType()).startsWith("application/json");
            assertThat(raw.bodyText()).contains("\"total\":14");
            Confirmation async = ends.template()
                    .sendAndReceiveAsync(ORDERS, new Order("pot", 5), Confirmation.class).get(20, TimeUnit.SECONDS);
            assertThat(async).isEqualTo(new Confirmation("pot", 5, 35));
        });
    }

    @Test
    void stringsAndBytes() {
        withTemplate(ends -> {
            assertThat(ends.template().sendAndReceive(TEXT, "grüße", String.class)).isEqualTo("GRÜSSE");
            // A String parameter takes the text of any entity, a JSON document too.
            MimeEntity json = MimeEntity.of("application/json", "{\"a\":\"b\"}".getBytes(StandardCharsets.UTF_8));
            assertThat(ends.template().sendAndReceive(TEXT, json, String.class)).isEqualTo("{\"A\":\"B\"}");
            MimeEntity latin1 = MimeEntity.of("text/plain; charset=ISO-8859-1",
                    "çà".getBytes(StandardCharsets.ISO_8859_1));
            assertThat(ends.template().sendAndReceive(TEXT, latin1, String.class)).isEqualTo("ÇÀ");
            MimeEntity text = ends.template().sendAndReceive(TEXT, "abc", MimeEntity.class);
            assertThat(text.contentType()).startsWith("text/plain");
            byte[] data = {1, 2, 3, (byte) 0xff};
            assertThat(ends.template().sendAndReceive(BYTES, data, byte[].class))
                    .containsExactly((byte) 0xff, 3, 2, 1);
            assertThat(ends.template().sendAndReceive(BYTES, data, MimeEntity.class).contentType())
                    .isEqualTo("application/octet-stream");
        });
    }

    @Test
    void completionStagesAndVoid() {
        withTemplate(ends -> {
            assertThat(ends.template().sendAndReceive(LATER, "x", String.class)).isEqualTo("later:x");
            MimeEntity empty = ends.template().sendAndReceive(NOTE, "remember me", MimeEntity.class);
            assertThat(empty.body()).isEmpty();
            assertThat(ends.template().sendAndReceive(NOTE, "and me", Void.class)).isNull();
            Listeners listeners = ends.server().getBean(Listeners.class);
            assertThat(List.of(listeners.notes.poll(20, TimeUnit.SECONDS), listeners.notes.poll(20, TimeUnit.SECONDS)))
                    .containsExactly("remember me", "and me");
        });
    }

    @Test
    void methodsRunOnTheCallbackExecutorNotOnAnIoThread() {
        withTemplate(ends -> assertThat(ends.template().sendAndReceive(THREAD, "", String.class))
                .startsWith("beep-callback").doesNotStartWith("beep-io"));
    }

    @Test
    void channelSessionAndHeadersAsParameters() {
        withTemplate(ends -> {
            MimeEntity request = MimeEntity.builder().header("Content-Type", "text/plain; charset=UTF-8")
                    .header("X-Test", "marked").body("hi").build();
            assertThat(ends.template().sendAndReceive(ECHO_CONTEXT, request, String.class))
                    .isEqualTo("hi|" + ECHO_CONTEXT + "|LISTENER|marked");
        });
    }

    @Test
    void errorsBecomeErrRepliesWithCodes() {
        withTemplate(ends -> {
            BeepTemplate template = ends.template();
            assertThatThrownBy(() -> template.sendAndReceive(ORDERS, new Order("tea", 0), Confirmation.class))
                    .isInstanceOfSatisfying(BeepErrorException.class, e -> {
                        assertThat(e.code()).isEqualTo(553);
                        assertThat(e.diagnostic()).isEqualTo("quantity must be positive, was 0");
                    });
            // An unexpected exception: 550, and nothing of the exception reaches the peer.
            assertThatThrownBy(() -> template.sendAndReceive(FAIL, "secret", String.class))
                    .isInstanceOfSatisfying(BeepErrorException.class, e -> {
                        assertThat(e.code()).isEqualTo(550);
                        assertThat(e.diagnostic()).doesNotContain("secret").doesNotContain("IllegalState");
                    });
            // A body that is not the JSON of an Order: 501.
            MimeEntity notJson = MimeEntity.of("application/json", "{not json".getBytes(StandardCharsets.UTF_8));
            assertThatThrownBy(() -> template.sendAndReceive(ORDERS, notJson, Confirmation.class))
                    .isInstanceOfSatisfying(BeepErrorException.class, e -> assertThat(e.code()).isEqualTo(501));
            // The same failures complete the future of an asynchronous call.
            assertThatThrownBy(() -> template.sendAndReceiveAsync(ORDERS, new Order("tea", -1), Confirmation.class)
                    .get(20, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOfSatisfying(BeepErrorException.class, e -> assertThat(e.code()).isEqualTo(553));
            // A code that is not an error code (RFC 3080 §8: 4xx, 5xx) is the application's mistake: 550.
            assertThatThrownBy(() -> template.sendAndReceive(NOT_AN_ERROR, "x", String.class))
                    .isInstanceOfSatisfying(BeepErrorException.class, e -> assertThat(e.code()).isEqualTo(550));
            // The channel survives its ERRs.
            assertThat(template.sendAndReceive(ORDERS, new Order("tea", 1), Confirmation.class).total()).isEqualTo(7);
        });
    }

    /** Two methods on one URI. */
    static class Twice {
        @BeepListener(profile = TEXT)
        String one(String s) {
            return s;
        }

        @BeepListener(profile = TEXT)
        String two(String s) {
            return s;
        }
    }

    @Test
    void aUriServedTwiceFailsStartUpNamingBothSources() {
        SERVER.withBean("twice", Twice.class).run(ctx -> {
            assertThat(ctx).hasFailed();
            assertThat(BeepPropertiesTest.messages(ctx.getStartupFailure()))
                    .contains("profile " + TEXT + " is served twice")
                    .contains("Twice.one of bean 'twice'").contains("Twice.two of bean 'twice'");
        });
    }

    /** A handler bean that also claims {@link #TEXT}. */
    @BeepProfile(TEXT)
    static class TextHandler implements io.beepkit.api.MessageHandler {
        @Override
        public void onMessage(Message message, Responder responder) {
            responder.reply(message.entity());
        }
    }

    @Test
    void aMethodAndABeepProfileBeanOnOneUriFailStartUp() {
        SERVER.withUserConfiguration(ListenerConfig.class).withBean("textHandler", TextHandler.class).run(ctx -> {
            assertThat(ctx).hasFailed();
            assertThat(BeepPropertiesTest.messages(ctx.getStartupFailure()))
                    .contains("profile " + TEXT + " is served twice")
                    .contains("@BeepProfile bean 'textHandler'")
                    .contains("@BeepListener method Listeners.upper of bean 'listeners'");
        });
    }

    @Test
    void twoRegistrationsOnOneUriFailStartUp() {
        SERVER.withBean("first", ProfileRegistration.class, () -> new ProfileRegistration(TEXT, new TextHandler()))
                .withBean("second", ProfileRegistration.class, () -> new ProfileRegistration(TEXT, new TextHandler()))
                .run(ctx -> {
                    assertThat(ctx).hasFailed();
                    assertThat(BeepPropertiesTest.messages(ctx.getStartupFailure()))
                            .contains("ProfileRegistration bean 'first'").contains("ProfileRegistration bean 'second'");
                });
    }

    /** Two payload parameters. */
    static class TwoPayloads {
        @BeepListener(profile = "urn:test:two")
        String both(String a, Order b) {
            return a;
        }
    }

    @Test
    void twoPayloadParametersFailStartUp() {
        SERVER.withBean("twoPayloads", TwoPayloads.class).run(ctx -> {
            assertThat(ctx).hasFailed();
            assertThat(BeepPropertiesTest.messages(ctx.getStartupFailure()))
                    .contains("TwoPayloads.both of bean 'twoPayloads' has two payload parameters (String and Order)");
        });
    }
}
