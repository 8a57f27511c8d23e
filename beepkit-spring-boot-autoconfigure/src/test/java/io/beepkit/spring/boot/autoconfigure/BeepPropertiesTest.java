package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.netty.FlowSettings;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.BeepSessions;
import io.beepkit.netty.EffectiveSocketOptions;
import io.beepkit.netty.SocketTuning;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each {@code beep.*} property reaches what it sets, read back from real sockets where it is a socket option; each
 * invalid value fails start-up naming the property; the configuration metadata lists every property.
 */
class BeepPropertiesTest {
    static final ApplicationContextRunner RUNNER = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class))
            .withPropertyValues("beep.server.port=0");

    /** Connects the context's client to its listener and hands both ends' effective options to {@code check}. */
    static void withSession(ApplicationContext ctx, Consumer<Ends> check) throws Exception {
        BeepServer server = ctx.getBean(BeepServer.class);
        BeepSession client = ctx.getBean(BeepClient.class).connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (server.sessions().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        check.accept(new Ends(client, BeepSessions.socketOptions(server.sessions().get(0)),
                BeepSessions.socketOptions(client)));
        client.close().get(5, TimeUnit.SECONDS);
    }

    record Ends(BeepSession client, EffectiveSocketOptions listener, EffectiveSocketOptions initiator) {
    }

    @Test
    void tcpNoDelay() {
        RUNNER.withPropertyValues("beep.socket.tcp-no-delay=false").run(ctx -> withSession(ctx, e -> {
            assertThat(e.listener().tcpNoDelay()).isFalse();
            assertThat(e.initiator().tcpNoDelay()).isFalse();
        }));
        RUNNER.run(ctx -> withSession(ctx, e -> assertThat(e.listener().tcpNoDelay()).isTrue()));
    }

    @Test
    void receiveAndSendBuffers() {
        // Linux doubles what is asked for (bookkeeping overhead) below net.core.rmem_max / wmem_max.
        RUNNER.withPropertyValues("beep.socket.receive-buffer=40KB", "beep.socket.send-buffer=24KB")
                .run(ctx -> withSession(ctx, e -> {
                    assertThat(e.listener().receiveBuffer()).isBetween(40 * 1024, 80 * 1024);
                    assertThat(e.initiator().receiveBuffer()).isBetween(40 * 1024, 80 * 1024);
                    assertThat(e.listener().sendBuffer()).isBetween(24 * 1024, 48 * 1024);
                    assertThat(e.initiator().sendBuffer()).isBetween(24 * 1024, 48 * 1024);
                }));
    }

    @Test
    void writeBufferWaterMarks() {
        RUNNER.withPropertyValues("beep.socket.write-buffer-low=12KB", "beep.socket.write-buffer-high=40KB")
                .run(ctx -> withSession(ctx, e -> {
                    assertThat(e.listener().writeBufferLow()).isEqualTo(12 * 1024);
                    assertThat(e.listener().writeBufferHigh()).isEqualTo(40 * 1024);
                    assertThat(e.initiator().writeBufferLow()).isEqualTo(12 * 1024);
                    assertThat(e.initiator().writeBufferHigh()).isEqualTo(40 * 1024);
                }));
    }

    @Test
    void aNamedProfileReachesTheSocket() {
        RUNNER.withPropertyValues("beep.socket.profile=BOUNDED").run(ctx -> {
            assertThat(SocketTuning.nameOf(ctx.getBean(BeepServer.class).config()
                    .socket(), ctx.getBean(BeepServer.class).config().flow())).isEqualTo(SocketTuning.BOUNDED.name());
            withSession(ctx, e -> {
                assertThat(e.listener().writeBufferLow()).isEqualTo(SocketTuning.BOUNDED.socket().writeBufferLow());
                assertThat(e.listener().writeBufferHigh()).isEqualTo(SocketTuning.BOUNDED.socket().writeBufferHigh());
                assertThat(e.listener().receiveBuffer()).isBetween(64 * 1024, 128 * 1024);
            });
        });
    }

    @Test
    void windowsReachThePeer() {
        // The listener advertises its initial window on each channel: the initiator sees it as the remote window.
        RUNNER.withPropertyValues("beep.socket.initial-window=8KB", "beep.socket.window-auto-tuning=false")
                .run(ctx -> {
                    FlowSettings p = ctx.getBean(BeepServer.class).config().flow();
                    assertThat(p.initialWindow()).isEqualTo(8192);
                    assertThat(p.maxWindow()).isEqualTo(8192);
                    assertThat(p.autoTuning()).isFalse();
                    withSession(ctx, e -> {
                        try {
                            BeepChannel ch = e.client().startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
                            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                            while (ch.remoteWindow() != 8192 && System.nanoTime() < deadline) {
                                Thread.sleep(5);
                            }
                            assertThat(ch.remoteWindow()).isEqualTo(8192);
                        } catch (Exception x) {
                            throw new AssertionError(x);
                        }
                    });
                });
        RUNNER.withPropertyValues("beep.socket.max-window=2MB", "beep.socket.min-fragment=1KB",
                "beep.socket.max-frame-size=32KB").run(ctx -> {
            FlowSettings p = ctx.getBean(BeepServer.class).config().flow();
            assertThat(p.maxWindow()).isEqualTo(2 * 1024 * 1024);
            assertThat(p.minFragment()).isEqualTo(1024);
            assertThat(p.maxFrameSize()).isEqualTo(32 * 1024);
            assertThat(p.initialWindow()).isEqualTo(SocketTuning.DEFAULT.flow().initialWindow());
            assertThat(ctx.getBean(BeepServer.class).config().socket().tcpNoDelay()).isTrue();
        });
        RUNNER.withPropertyValues("beep.socket.profile=bounded", "beep.socket.window-auto-tuning=true").run(ctx ->
                assertThat(ctx.getBean(BeepServer.class).config().flow().autoTuning()).isTrue());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "beep.socket.initial-window=-1B           | beep.socket.initial-window",
        "beep.socket.initial-window=1B            | beep.socket.initial-window",
        "beep.socket.profile=fast                 | beep.socket.profile",
        "beep.client.socket-profile=fast          | beep.client.socket-profile",
        "beep.socket.receive-buffer=0B            | beep.socket.receive-buffer",
        "beep.socket.send-buffer=0B               | beep.socket.send-buffer",
        "beep.socket.write-buffer-low=0B          | beep.socket.write-buffer-low",
        "beep.socket.min-fragment=0B              | beep.socket.min-fragment",
        "beep.socket.max-frame-size=0B            | beep.socket.max-frame-size",
        "beep.socket.max-window=4GB               | beep.socket.max-window",
        "beep.server.port=70000                   | beep.server.port",
        "beep.server.shutdown-timeout=-1s         | beep.server.shutdown-timeout",
        "beep.limits.max-message-size=0B          | beep.limits.max-message-size",
        "beep.limits.max-channels=0               | beep.limits.max-channels",
        "beep.limits.max-outstanding=-5           | beep.limits.max-outstanding",
        "beep.limits.tail-wait=-1ms               | beep.limits.tail-wait",
        "beep.client.connect-timeout=0s           | beep.client.connect-timeout",
        "beep.client.max-channels=0               | beep.client.max-channels",
        "beep.limits.greeting-timeout=0s          | beep.limits.greeting-timeout",
        "beep.limits.greeting-timeout=-1s         | beep.limits.greeting-timeout",
        "beep.limits.max-greeting-size=0B         | beep.limits.max-greeting-size",
        "beep.limits.max-greeting-size=3GB        | beep.limits.max-greeting-size",
        "beep.limits.idle-timeout=-1ms            | beep.limits.idle-timeout",
        "beep.limits.idle-timeout=30d             | beep.limits.idle-timeout",
        "beep.limits.memory-budget=1KB            | beep.limits.memory-budget",
        "beep.limits.memory-budget-timeout=0s     | beep.limits.memory-budget-timeout",
        "beep.limits.listener-memory-budget=1KB   | beep.limits.listener-memory-budget",
        "beep.limits.channel-request-timeout=0s   | beep.limits.channel-request-timeout",
        "beep.limits.max-starts-per-second=0      | beep.limits.max-starts-per-second",
        "beep.limits.max-sessions=0               | beep.limits.max-sessions",
        "beep.limits.max-sessions-per-address=-1  | beep.limits.max-sessions-per-address",
        "beep.session.seq-delay=201ms             | beep.session.seq-delay",
        "beep.session.seq-delay=-1ms              | beep.session.seq-delay",
        "beep.client.greeting-timeout=0s          | beep.client.greeting-timeout",
        "beep.client.max-greeting-size=0B         | beep.client.max-greeting-size",
        "beep.client.idle-timeout=-5s             | beep.client.idle-timeout",
    })
    void eachInvalidValueFailsNamingTheProperty(String property, String name) {
        RUNNER.withPropertyValues(property).run(ctx -> {
            assertThat(ctx).hasFailed();
            assertThat(messages(ctx.getStartupFailure())).contains(name + " must be");
        });
    }

    @Test
    void rangesAreNamedInTheMessage() {
        assertFailure("beep.session.seq-delay=300ms",
                "beep.session.seq-delay must be between 0ms and 200ms, was PT0.3S");
        assertFailure("beep.limits.greeting-timeout=0s",
                "beep.limits.greeting-timeout must be between 1ms and 2147483647ms, was PT0S");
        assertFailure("beep.limits.idle-timeout=-1s",
                "beep.limits.idle-timeout must be 0 (never) or between 1ms and 2147483647ms, was PT-1S");
    }

    private static void assertFailure(String property, String message) {
        RUNNER.withPropertyValues(property).run(ctx -> assertThat(messages(ctx.getStartupFailure())).contains(message));
    }

    @Test
    void everyBuiltInProfileIsAcceptedByName() {
        RUNNER.withPropertyValues("beep.socket.profile=efficient").run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(SocketTuning.nameOf(ctx.getBean(BeepServer.class).config()
                    .socket(), ctx.getBean(BeepServer.class).config().flow())).isEqualTo(SocketTuning.EFFICIENT.name());
            assertThat(SocketTuning.nameOf(ctx.getBean(BeepClient.class).config()
                    .socket(), ctx.getBean(BeepClient.class).config().flow())).isEqualTo(SocketTuning.EFFICIENT.name());
            withSession(ctx, e -> {
                assertThat(e.listener().tcpNoDelay()).isFalse();
                assertThat(e.initiator().tcpNoDelay()).isFalse();
            });
        });
        RUNNER.withPropertyValues("beep.client.socket-profile=Efficient").run(ctx ->
                assertThat(SocketTuning.nameOf(ctx.getBean(BeepClient.class).config()
                        .socket(), ctx.getBean(BeepClient.class).config().flow()))
                        .isEqualTo(SocketTuning.EFFICIENT.name()));
        for (SocketTuning p : SocketTuning.builtIns()) {
            RUNNER.withPropertyValues("beep.socket.profile=" + p.name()).run(ctx ->
                    assertThat(SocketTuning.nameOf(ctx.getBean(BeepServer.class).config()
                            .socket(), ctx.getBean(BeepServer.class).config().flow())).isEqualTo(p.name()));
        }
    }

    @Test
    void settingsThatDoNotFitTogetherFail() {
        RUNNER.withPropertyValues("beep.socket.write-buffer-low=64KB", "beep.socket.write-buffer-high=32KB")
                .run(ctx -> assertThat(messages(ctx.getStartupFailure())).contains("beep.socket")
                        .contains("low=65536 high=32768"));
        RUNNER.withPropertyValues("beep.socket.initial-window=64KB", "beep.socket.max-window=16KB")
                .run(ctx -> assertThat(messages(ctx.getStartupFailure())).contains("maxWindow must be >= initialWindow 65536: 16384"));
    }

    @Test
    void configurationMetadataListsEveryProperty() throws Exception {
        String json;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).as("generated metadata").isNotNull();
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (String p : new String[] {"beep.server.enabled", "beep.server.host", "beep.server.port",
                "beep.server.shutdown-timeout", "beep.server.proxy-protocol", "beep.socket.profile", "beep.socket.tcp-no-delay",
                "beep.socket.receive-buffer", "beep.socket.send-buffer", "beep.socket.write-buffer-low",
                "beep.socket.write-buffer-high", "beep.socket.initial-window", "beep.socket.max-window",
                "beep.socket.window-auto-tuning", "beep.socket.min-fragment", "beep.limits.max-message-size",
                "beep.limits.max-channels", "beep.limits.max-outstanding", "beep.limits.tail-wait",
                "beep.client.connect-timeout", "beep.client.socket-profile", "beep.client.max-message-size",
                "beep.limits.greeting-timeout", "beep.limits.max-greeting-size", "beep.limits.idle-timeout",
                "beep.limits.max-sessions", "beep.limits.max-sessions-per-address", "beep.session.seq-delay",
                "beep.resources.direct-callbacks", "beep.resources.io-threads", "beep.client.greeting-timeout", "beep.client.max-greeting-size",
                "beep.client.idle-timeout", "beep.server.ssl.bundle", "beep.server.ssl.required",
                "beep.server.sasl.mechanisms", "beep.server.sasl.allow-plain-without-tls", "beep.client.ssl.bundle",
                "beep.client.ssl.on-connect", "beep.client.sasl.mechanism", "beep.client.sasl.user",
                "beep.client.sasl.password"}) {
            assertThat(json).contains("\"name\": \"" + p + "\"");
        }
        assertThat(json).contains("\"defaultValue\": \"16MB\"").contains("\"defaultValue\": 10288")
                .contains("\"defaultValue\": \"15s\"").contains("\"defaultValue\": \"64KB\"")
                .contains("\"defaultValue\": 10000").contains("\"defaultValue\": \"5ms\"");
        // The hints offer every built-in profile and every SASL mechanism.
        for (SaslMechanism m : SaslMechanism.values()) {
            assertThat(json).contains("\"value\": \"" + m.saslName() + "\"");
        }
        for (SocketTuning p : SocketTuning.builtIns()) {
            assertThat(json).contains("\"value\": \"" + p.name() + "\"");
        }
    }

    /** Every message of the failure's cause chain, one per line. */
    static String messages(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            b.append(c.getMessage()).append('\n');
        }
        return b.toString();
    }
}
