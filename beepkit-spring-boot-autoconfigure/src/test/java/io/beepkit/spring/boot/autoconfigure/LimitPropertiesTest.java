package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.ListenerLimits;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.LivenessProbe;
import io.beepkit.netty.TcpKeepAlive;
import io.netty.util.concurrent.FastThreadLocalThread;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code beep.session.*} and {@code beep.server.limits.*} settings reach the
 * {@link SessionConfig} of the listener and, where they apply to one, of the client; the timeouts and connection limits
 * are then seen at work over real connections on 127.0.0.1.
 */
class LimitPropertiesTest {
    static final ApplicationContextRunner RUNNER = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class))
            .withPropertyValues("beep.server.port=0");
    /** How long a raw socket waits for the listener to close it: far below every default timeout. */
    private static final int WAIT_MILLIS = 5_000;
    private static final String GREETING = frame("RPY 0 0 . 0",
            "Content-Type: application/beep+xml\r\n\r\n<greeting />");

    @Test
    void eachSettingReachesTheListenerAndTheClient() {
        RUNNER.withPropertyValues("beep.session.limits.greeting-timeout=3s",
                "beep.session.limits.max-greeting-size=4KB", "beep.session.limits.idle-timeout=10m",
                "beep.server.limits.max-sessions=50",
                "beep.server.limits.max-sessions-per-address=7", "beep.session.flow.seq-delay=0ms",
                "beep.resources.direct-callbacks=true", "beep.session.limits.memory-budget=1MB",
                "beep.session.limits.memory-budget-timeout=7s", "beep.server.limits.memory-budget=3GB",
                "beep.session.limits.channel-request-timeout=4s", "beep.session.limits.max-starts-per-second=9",
                "beep.server.proxy-protocol=true").run(ctx -> {
            SessionConfig server = ctx.getBean(BeepServer.class).config();
            assertThat(server.limits().greetingTimeout()).isEqualTo(Duration.ofSeconds(3));
            assertThat(server.limits().maxGreetingSize()).isEqualTo(4096);
            assertThat(server.limits().idleTimeout()).isEqualTo(Duration.ofMinutes(10));
            assertThat(ctx.getBean(BeepServer.class).limits().maxSessions()).isEqualTo(50);
            assertThat(ctx.getBean(BeepServer.class).limits().maxSessionsPerAddress()).isEqualTo(7);
            assertThat(server.flow().seqDelay()).isZero();
            assertThat(ctx.getBean(BeepResources.class).directCallbacks()).isTrue();
            assertThat(server.limits().memoryBudget()).isEqualTo(1024 * 1024);
            assertThat(server.limits().memoryBudgetTimeout()).isEqualTo(Duration.ofSeconds(7));
            assertThat(ctx.getBean(BeepServer.class).limits().memoryBudget()).isEqualTo(3L * 1024 * 1024 * 1024);
            assertThat(server.limits().channelRequestTimeout()).isEqualTo(Duration.ofSeconds(4));
            assertThat(server.limits().maxStartsPerSecond()).isEqualTo(9);
            assertThat(ctx.getBean(BeepServer.class).proxyProtocol()).isTrue();
            SessionConfig client = ctx.getBean(BeepClient.class).config();
            assertThat(client.limits().greetingTimeout()).isEqualTo(Duration.ofSeconds(3));
            assertThat(client.limits().maxGreetingSize()).isEqualTo(4096);
            assertThat(client.limits().idleTimeout()).isEqualTo(Duration.ofMinutes(10));
            assertThat(client.flow().seqDelay()).isZero();
            assertThat(ctx.getBean(BeepResources.class).directCallbacks()).isTrue();
            assertThat(client.limits().memoryBudget()).isEqualTo(1024 * 1024);
            assertThat(client.limits().channelRequestTimeout()).isEqualTo(Duration.ofSeconds(4));
            assertThat(client.limits().maxStartsPerSecond()).isEqualTo(9);
        });
        RUNNER.run(ctx -> assertThat(ctx.getBean(BeepServer.class))
                .as("unset: no per-address limit, no PROXY protocol")
                .matches(s -> s.limits().maxSessionsPerAddress() == 0 && !s.proxyProtocol()));
        RUNNER.run(ctx -> assertThat(ctx.getBean(BeepServer.class).limits().memoryBudget())
                .as("unset: a quarter of the heap").isEqualTo(ListenerLimits.defaultMemoryBudget()));
        RUNNER.withPropertyValues("beep.session.flow.seq-delay=200ms").run(ctx -> {
            assertThat(ctx.getBean(BeepServer.class).config().flow().seqDelay()).hasMillis(200);
            assertThat(ctx.getBean(BeepClient.class).config().flow().seqDelay()).hasMillis(200);
        });
    }

    @Test
    void replyDeadlineKeepAliveAndProbeReachBothEnds() {
        RUNNER.run(ctx -> assertThat(ctx.getBean(BeepClient.class).config())
                .as("unset: none of them").matches(c -> c.defaultDeadline() == null && c.socket().keepAlive() == null
                        && c.livenessProbe() == null));
        RUNNER.withPropertyValues("beep.session.default-deadline=3s", "beep.session.socket.keep-alive.idle=30s",
                "beep.session.socket.keep-alive.interval=2s", "beep.session.socket.keep-alive.count=4",
                "beep.session.liveness-probe.interval=20s", "beep.session.liveness-probe.timeout=5s").run(ctx -> {
                    for (SessionConfig c : new SessionConfig[] {ctx.getBean(BeepServer.class).config(),
                            ctx.getBean(BeepClient.class).config()}) {
                        assertThat(c.defaultDeadline()).hasSeconds(3);
                        assertThat(c.socket().keepAlive()).isEqualTo(TcpKeepAlive.of(Duration.ofSeconds(30),
                                Duration.ofSeconds(2), 4));
                        assertThat(c.livenessProbe()).isEqualTo(LivenessProbe.of(Duration.ofSeconds(20),
                                Duration.ofSeconds(5)));
                    }
                });
        RUNNER.withPropertyValues("beep.session.socket.keep-alive.idle=30s", "beep.session.socket.keep-alive.count=0")
                .run(ctx -> assertThat(ctx).getFailure().rootCause()
                        .hasMessageContaining("beep.session.socket: keep-alive count must be >= 1: 0"));
        RUNNER.withPropertyValues("beep.session.liveness-probe.interval=-1s")
                .run(ctx -> assertThat(ctx).getFailure().rootCause()
                        .hasMessageContaining("beep.session: probe interval and timeout must be positive"));
        RUNNER.withPropertyValues("beep.clients.x.host=h", "beep.clients.x.session.default-deadline=0s")
                .run(ctx -> assertThat(ctx).getFailure().rootCause()
                        .hasMessageContaining("beep.clients.x.session: defaultDeadline"));
    }

    @Test
    void theClientOverridesTheLimitsThatApplyToIt() {
        RUNNER.withPropertyValues("beep.session.limits.greeting-timeout=3s",
                "beep.clients.default.session.limits.greeting-timeout=2s",
                "beep.clients.default.session.limits.max-greeting-size=2KB",
                "beep.clients.default.session.limits.idle-timeout=1m").run(ctx -> {
            SessionConfig client = ctx.getBean(BeepClient.class).config();
            assertThat(client.limits().greetingTimeout()).isEqualTo(Duration.ofSeconds(2));
            assertThat(client.limits().maxGreetingSize()).isEqualTo(2048);
            assertThat(client.limits().idleTimeout()).isEqualTo(Duration.ofMinutes(1));
            SessionConfig server = ctx.getBean(BeepServer.class).config();
            assertThat(server.limits().greetingTimeout()).isEqualTo(Duration.ofSeconds(3));
            assertThat(server.limits().maxGreetingSize()).isEqualTo(SessionLimits.DEFAULT_MAX_GREETING_SIZE);
            assertThat(server.limits().idleTimeout()).isEqualTo(SessionLimits.DEFAULT_IDLE_TIMEOUT);
        });
    }

    @Test
    void aSilentConnectionIsClosedAfterTheGreetingTimeout() {
        RUNNER.withPropertyValues("beep.session.limits.greeting-timeout=300ms").run(ctx -> {
            try (Socket s = connect(ctx.getBean(BeepServer.class).port())) {
                long t0 = System.nanoTime();
                assertThat(readUntilClosed(s)).as("our greeting is sent first").isPositive();
                long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
                assertThat(ms).as("closed after ms").isBetween(250L, 3_000L);
            }
        });
    }

    @Test
    void aGreetingLongerThanMaxGreetingSizeIsCut() {
        RUNNER.withPropertyValues("beep.session.limits.max-greeting-size=1KB").run(ctx -> {
            try (Socket s = connect(ctx.getBean(BeepServer.class).port())) {
                StringBuilder frames = new StringBuilder();
                for (int i = 0; i < 10; i++) {
                    frames.append(frame("RPY 0 0 * " + i * 200, "x".repeat(200)));
                }
                long t0 = System.nanoTime();
                s.getOutputStream().write(frames.toString().getBytes(StandardCharsets.ISO_8859_1));
                readUntilClosed(s);
                // Long before the 15 s greeting timeout: the octet limit closed it.
                assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)).isLessThan(3_000L);
            }
        });
    }

    @Test
    void theListenerRefusesConnectionsOverThePerAddressLimit() {
        RUNNER.withPropertyValues("beep.server.limits.max-sessions-per-address=2").run(ctx -> {
            int port = ctx.getBean(BeepServer.class).port();
            try (Socket first = greeted(port); Socket second = greeted(port); Socket third = connect(port)) {
                assertThat(readUntilClosed(third)).as("octets before the close").isZero();
            }
        });
    }

    @Test
    void theListenerRefusesConnectionsOverItsLimit() {
        RUNNER.withPropertyValues("beep.server.limits.max-sessions=1").run(ctx -> {
            int port = ctx.getBean(BeepServer.class).port();
            try (Socket first = greeted(port); Socket second = connect(port)) {
                assertThat(readUntilClosed(second)).as("octets before the close").isZero();
            }
        });
    }

    @Test
    void anIdleSessionIsClosed() {
        RUNNER.withPropertyValues("beep.clients.default.session.limits.idle-timeout=300ms").run(ctx -> {
            BeepSession session = ctx.getBean(BeepClient.class)
                    .connect("127.0.0.1", ctx.getBean(BeepServer.class).port()).get(5, TimeUnit.SECONDS);
            long t0 = System.nanoTime();
            session.closeFuture().get(5, TimeUnit.SECONDS);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)).isLessThan(3_000L);
            assertThat(session.isOpen()).isFalse();
        });
    }

    @Test
    void directCallbacksRunHandlersOnTheEventLoop() {
        CompletableFuture<Thread> direct = new CompletableFuture<>();
        RUNNER.withPropertyValues("beep.resources.direct-callbacks=true")
                .withBean(ProfileRegistration.class, () -> threadNoting(direct))
                .run(ctx -> callThreadNoting(ctx.getBean(BeepClient.class), ctx.getBean(BeepServer.class)));
        assertThat(direct.join()).isInstanceOf(FastThreadLocalThread.class);
        assertThat(direct.join().getName()).startsWith("beep-io-");
        CompletableFuture<Thread> pooled = new CompletableFuture<>();
        RUNNER.withBean(ProfileRegistration.class, () -> threadNoting(pooled))
                .run(ctx -> callThreadNoting(ctx.getBean(BeepClient.class), ctx.getBean(BeepServer.class)));
        assertThat(pooled.join().getName()).doesNotStartWith("beep-io-");
    }

    private static ProfileRegistration threadNoting(CompletableFuture<Thread> thread) {
        return new ProfileRegistration("urn:test:thread", (m, r) -> {
            thread.complete(Thread.currentThread());
            r.reply(m.entity());
        });
    }

    private static void callThreadNoting(BeepClient client, BeepServer server) throws Exception {
        BeepSession session = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        session.startChannel("urn:test:thread").get(5, TimeUnit.SECONDS)
                .send(MimeEntity.of("where")).get(5, TimeUnit.SECONDS);
        session.close().get(5, TimeUnit.SECONDS);
    }

    private static String frame(String header, String payload) {
        return header + " " + payload.length() + "\r\n" + payload + "END\r\n";
    }

    private static Socket connect(int port) throws IOException {
        Socket s = new Socket("127.0.0.1", port);
        s.setSoTimeout(WAIT_MILLIS);
        return s;
    }

    /** A raw connection that sent its greeting and was greeted: admitted by the listener. */
    private static Socket greeted(int port) throws IOException {
        Socket s = connect(port);
        s.getOutputStream().write(GREETING.getBytes(StandardCharsets.ISO_8859_1));
        assertThat(s.getInputStream().read()).as("the listener's greeting").isNotNegative();
        return s;
    }

    /** Reads until the listener closes the connection; returns the octets that came; fails if it stays open. */
    private static int readUntilClosed(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        byte[] buf = new byte[8192];
        int total = 0;
        try {
            for (int n; (n = in.read(buf)) >= 0; ) {
                total += n;
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("the listener kept the connection open for " + WAIT_MILLIS + " ms");
        } catch (IOException reset) {
            // a reset is a close too
        }
        return total;
    }
}
