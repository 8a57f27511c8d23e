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
 * value the library's builders refuse fails start-up naming the properties' prefix and the library's reason; the
 * configuration metadata lists every property.
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
        RUNNER.withPropertyValues("beep.session.socket.tcp-no-delay=false").run(ctx -> withSession(ctx, e -> {
            assertThat(e.listener().tcpNoDelay()).isFalse();
            assertThat(e.initiator().tcpNoDelay()).isFalse();
        }));
        RUNNER.run(ctx -> withSession(ctx, e -> assertThat(e.listener().tcpNoDelay()).isTrue()));
    }

    @Test
    void receiveAndSendBuffers() {
        // Linux doubles what is asked for (bookkeeping overhead) below net.core.rmem_max / wmem_max.
        RUNNER.withPropertyValues("beep.session.socket.receive-buffer=40KB", "beep.session.socket.send-buffer=24KB")
                .run(ctx -> withSession(ctx, e -> {
                    assertThat(e.listener().receiveBuffer()).isBetween(40 * 1024, 80 * 1024);
                    assertThat(e.initiator().receiveBuffer()).isBetween(40 * 1024, 80 * 1024);
                    assertThat(e.listener().sendBuffer()).isBetween(24 * 1024, 48 * 1024);
                    assertThat(e.initiator().sendBuffer()).isBetween(24 * 1024, 48 * 1024);
                }));
    }

    @Test
    void writeBufferWaterMarks() {
        RUNNER.withPropertyValues("beep.session.socket.write-buffer-low=12KB",
                "beep.session.socket.write-buffer-high=40KB")
                .run(ctx -> withSession(ctx, e -> {
                    assertThat(e.listener().writeBufferLow()).isEqualTo(12 * 1024);
                    assertThat(e.listener().writeBufferHigh()).isEqualTo(40 * 1024);
                    assertThat(e.initiator().writeBufferLow()).isEqualTo(12 * 1024);
                    assertThat(e.initiator().writeBufferHigh()).isEqualTo(40 * 1024);
                }));
    }

    @Test
    void aNamedProfileReachesTheSocket() {
        RUNNER.withPropertyValues("beep.session.tuning=BOUNDED").run(ctx -> {
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
        RUNNER.withPropertyValues("beep.session.flow.initial-window=8KB", "beep.session.flow.max-window=8KB")
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
        RUNNER.withPropertyValues("beep.session.flow.max-window=2MB", "beep.session.flow.min-fragment=1KB",
                "beep.session.flow.max-frame-size=32KB").run(ctx -> {
            FlowSettings p = ctx.getBean(BeepServer.class).config().flow();
            assertThat(p.maxWindow()).isEqualTo(2 * 1024 * 1024);
            assertThat(p.minFragment()).isEqualTo(1024);
            assertThat(p.maxFrameSize()).isEqualTo(32 * 1024);
            assertThat(p.initialWindow()).isEqualTo(SocketTuning.DEFAULT.flow().initialWindow());
            assertThat(ctx.getBean(BeepServer.class).config().socket().tcpNoDelay()).isTrue();
        });
        RUNNER.withPropertyValues("beep.session.tuning=bounded", "beep.session.flow.max-window=1MB").run(ctx ->
                assertThat(ctx.getBean(BeepServer.class).config().flow().autoTuning()).isTrue());
    }

    /** The library's builders refuse the value; start-up fails naming the group's prefix and the setting. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "beep.session.flow.initial-window=1B               | beep.session.flow: initialWindow must be >= 2: 1",
        "beep.session.tuning=fast                          | beep.session: unknown socket tuning 'fast'",
        "beep.clients.x.session.tuning=fast                | beep.clients.x.session: unknown socket tuning 'fast'",
        "beep.server.session.tuning=fast                   | beep.server.session: unknown socket tuning 'fast'",
        "beep.session.socket.receive-buffer=-1B            | beep.session.socket: receiveBuffer",
        "beep.session.socket.write-buffer-low=0B           | beep.session.socket: writeBufferWaterMarks",
        "beep.session.flow.min-fragment=0B                 | beep.session.flow: minFragment must be >= 1: 0",
        "beep.session.flow.max-frame-size=0B               | beep.session.flow: maxFrameSize must be >= 1: 0",
        "beep.session.flow.max-window=4GB                  | beep.session.flow: 4294967296B is more than",
        "beep.session.flow.tail-wait=-1ms                  | beep.session.flow: tailWait",
        "beep.session.flow.seq-delay=201ms                 | beep.session.flow: seqDelay must be between 0 and 200 ms",
        "beep.session.limits.max-message-size=0B           | beep.session.limits: maxMessageSize must be >= 1: 0",
        "beep.session.limits.max-channels=0                | beep.session.limits: maxChannels must be >= 1: 0",
        "beep.session.limits.max-outstanding=-5            | beep.session.limits: maxOutstanding must be >= 1: -5",
        "beep.session.limits.greeting-timeout=0s           | beep.session.limits: greetingTimeout must be a positive",
        "beep.session.limits.idle-timeout=-1ms             | beep.session.limits: idleTimeout must be zero or",
        "beep.session.limits.memory-budget=1KB             | beep.session.limits: memoryBudget must be >= 65536: 1024",
        "beep.session.limits.max-starts-per-second=0       | beep.session.limits: maxStartsPerSecond must be >= 1: 0",
        "beep.session.limits.max-frames-per-turn=0         | beep.session.limits: maxFramesPerTurn must be >= 1: 0",
        "beep.session.socket.connect-timeout=0s            | beep.session.socket: connectTimeout",
        "beep.clients.default.session.limits.max-channels=0 | beep.clients.default.session.limits: maxChannels must be",
        "beep.server.limits.max-sessions=0                 | beep.server.limits: maxSessions must be >= 1: 0",
        "beep.server.limits.max-sessions-per-address=-1    | beep.server.limits: maxSessionsPerAddress must be",
        "beep.server.limits.memory-budget=1KB              | beep.server.limits: memoryBudget must be >= 65536",
        "beep.resources.io-threads=-1                      | beep.resources: ioThreads must be >= 0: -1",
    })
    void eachInvalidValueFailsNamingTheProperty(String property, String message) {
        RUNNER.withPropertyValues(property).run(ctx -> {
            assertThat(ctx).hasFailed();
            assertThat(messages(ctx.getStartupFailure())).contains(message);
        });
    }

    private static void assertFailure(String property, String message) {
        RUNNER.withPropertyValues(property).run(ctx -> assertThat(messages(ctx.getStartupFailure())).contains(message));
    }

    @Test
    void everyBuiltInProfileIsAcceptedByName() {
        RUNNER.withPropertyValues("beep.session.tuning=efficient").run(ctx -> {
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
        RUNNER.withPropertyValues("beep.clients.default.session.tuning=Efficient").run(ctx ->
                assertThat(SocketTuning.nameOf(ctx.getBean(BeepClient.class).config()
                        .socket(), ctx.getBean(BeepClient.class).config().flow()))
                        .isEqualTo(SocketTuning.EFFICIENT.name()));
        for (SocketTuning p : SocketTuning.builtIns()) {
            RUNNER.withPropertyValues("beep.session.tuning=" + p.name()).run(ctx ->
                    assertThat(SocketTuning.nameOf(ctx.getBean(BeepServer.class).config()
                            .socket(), ctx.getBean(BeepServer.class).config().flow())).isEqualTo(p.name()));
        }
    }

    @Test
    void settingsThatDoNotFitTogetherFail() {
        RUNNER.withPropertyValues("beep.session.socket.write-buffer-low=64KB",
                "beep.session.socket.write-buffer-high=32KB")
                .run(ctx -> assertThat(messages(ctx.getStartupFailure())).contains("beep.session.socket: ")
                        .contains("low=65536 high=32768"));
        RUNNER.withPropertyValues("beep.session.flow.initial-window=64KB", "beep.session.flow.max-window=16KB")
                .run(ctx -> assertThat(messages(ctx.getStartupFailure()))
                        .contains("beep.session.flow: maxWindow must be >= initialWindow 65536: 16384"));
    }

    @Test
    void configurationMetadataListsEveryProperty() throws Exception {
        String json;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).as("generated metadata").isNotNull();
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (String p : new String[] {"beep.server.enabled", "beep.server.host", "beep.server.port",
                "beep.server.shutdown-timeout", "beep.server.proxy-protocol", "beep.server.limits.max-sessions",
                "beep.server.session.tuning", "beep.session.tuning", "beep.session.default-deadline",
                "beep.session.features", "beep.session.socket.tcp-no-delay", "beep.session.socket.not-sent-lowat",
                "beep.session.socket.connect-timeout", "beep.session.socket.keep-alive.idle",
                "beep.session.flow.naive-splitting", "beep.session.flow.seq-delay",
                "beep.session.limits.max-starts-per-turn", "beep.session.liveness-probe.interval",
                "beep.resources.direct-callbacks", "beep.resources.io-threads", "beep.server.ssl.bundle",
                "beep.resources.reply-futures-on-event-loop",
                "beep.server.sasl.mechanisms", "beep.server.sasl.allow-plain-without-tls"}) {
            assertThat(json).contains("\"name\": \"" + p + "\"");
        }
        assertThat(json).doesNotContain("\"beep.client.").doesNotContain("\"beep.limits.")
                .doesNotContain("\"beep.socket.");
        // The hints offer every built-in tuning and every SASL mechanism.
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
