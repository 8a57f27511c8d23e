package io.beepkit.netty.reliability;

import io.beepkit.api.BeepSession;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.SocketOptions;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.BeepSessions;
import io.beepkit.netty.EffectiveSocketOptions;
import io.beepkit.netty.TcpKeepAlive;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Liveness over 127.0.0.1: TCP keep-alive settings reach both ends' sockets (read back from the kernel), and the idle
 * timeout closes a session whose peer completed the greeting and then says nothing.
 */
class KeepAliveTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final String GREETING =
            ScriptedPeer.mgmt("<greeting><profile uri='" + StandardProfiles.ECHO + "'/></greeting>");
    private static final TcpKeepAlive KEEP_ALIVE = TcpKeepAlive.of(Duration.ofSeconds(7), Duration.ofMillis(2500), 4);

    BeepServer server;
    BeepClient client;

    private BeepResources resources;

    @ParameterizedTest(name = "native transport {0}")
    @ValueSource(booleans = {true, false})
    @DisplayName("TCP keep-alive idle, interval and count reach the listener's and the initiator's sockets")
    void keepAliveReachesSockets(boolean nativeTransport) throws Exception {
        SessionConfig config = SessionConfig.builder().socket(SocketOptions.builder().keepAlive(KEEP_ALIVE).build())
                .build();
        resources = teardown.add(BeepResources.builder().nativeTransport(nativeTransport).build());
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).session(config).resources(resources)
                .profile(StandardProfiles.ECHO, (m, r) -> r.reply(m.entity())).build().start().join());
        client = teardown.add(BeepClient.builder().session(config).resources(resources).build());
        BeepSession session = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
        EffectiveSocketOptions mine = BeepSessions.socketOptions(session);
        assertEquals(client.transport(), mine.transport());
        if (!nativeTransport) {
            assertEquals("nio", mine.transport());
        }
        assertKeepAlive(mine);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (server.sessions().isEmpty() && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertKeepAlive(BeepSessions.socketOptions(server.sessions().get(0)));
    }

    private static void assertKeepAlive(EffectiveSocketOptions o) {
        assertTrue(o.keepAlive(), o::toString);
        assertEquals(7, o.keepAliveIdle(), o::toString);
        assertEquals(3, o.keepAliveInterval(), o::toString); // 2.5 s rounded up to whole seconds
        assertEquals(4, o.keepAliveCount(), o::toString);
    }

    @Test
    @DisplayName("without tcpKeepAlive, SO_KEEPALIVE stays off")
    void keepAliveOffByDefault() throws Exception {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0)
                .profile(StandardProfiles.ECHO, (m, r) -> r.reply(m.entity())).build().start().join());
        client = teardown.add(BeepClient.builder().build());
        BeepSession session = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
        assertFalse(BeepSessions.socketOptions(session).keepAlive());
    }

    @Test
    @DisplayName("the detection bound is idle + count * interval in whole seconds; bad values are refused")
    void detectionBound() {
        assertEquals(Duration.ofSeconds(7 + 4 * 3), KEEP_ALIVE.detectionBound());
        assertThrows(IllegalArgumentException.class, () -> TcpKeepAlive.of(Duration.ZERO, Duration.ofSeconds(1), 1));
        assertThrows(IllegalArgumentException.class,
                () -> TcpKeepAlive.of(Duration.ofSeconds(1), Duration.ofSeconds(-1), 1));
        assertThrows(IllegalArgumentException.class, () -> TcpKeepAlive.of(Duration.ofSeconds(1), Duration.ofSeconds(1), 0));
    }

    @Test
    @DisplayName("the idle timeout closes an initiator's session whose peer greeted and then fell silent")
    void idleTimeoutClosesSilentListener() throws Exception {
        Duration idle = Duration.ofMillis(500);
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder().limits(SessionLimits.builder().idleTimeout(idle)
                .build()).build()).build());
        try (ScriptedPeer.Listening listening = ScriptedPeer.listen()) {
            CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", listening.port());
            try (ScriptedPeer peer = listening.accept()) {
                peer.sendFrame("RPY", 0, 0, '.', 0, GREETING);
                BeepSession session = connecting.get(10, TimeUnit.SECONDS);
                long t0 = System.nanoTime();
                session.closeFuture().get(idle.toMillis() + 5_000, TimeUnit.MILLISECONDS);
                long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
                assertTrue(ms >= idle.toMillis() - 100, "closed after " + ms + " ms, before the idle timeout");
                peer.readUntilClosed();
            }
        }
    }

    @Test
    @DisplayName("the idle timeout closes a listener's session whose initiator greeted and then fell silent")
    void idleTimeoutClosesSilentInitiator() throws Exception {
        Duration idle = Duration.ofMillis(500);
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).session(SessionConfig.builder()
                .limits(SessionLimits.builder().idleTimeout(idle).build()).build())
                .profile(StandardProfiles.ECHO, (m, r) -> r.reply(m.entity())).build().start().join());
        try (ScriptedPeer peer = ScriptedPeer.connect(server.port())) {
            peer.readDataFrame(); // the listener's greeting
            peer.sendFrame("RPY", 0, 0, '.', 0, ScriptedPeer.mgmt("<greeting/>"));
            long t0 = System.nanoTime();
            peer.readUntilClosed();
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(ms >= idle.toMillis() - 100 && ms < idle.toMillis() + 5_000, "closed after " + ms + " ms");
        }
    }
}
