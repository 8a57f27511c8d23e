package io.beepkit.netty;

import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.netty.tls.TlsConfig;
import io.beepkit.test.TestPki;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.time.Duration;
import java.util.Map;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server and client builders' shortcuts and groups compose in any order, and a real conflict fails at
 * {@code build()} with a message naming both settings. Nothing here binds or connects.
 */
class BuilderCompositionTest {
    private static TlsConfig serverTls;
    private static TlsConfig otherServerTls;
    private static TlsConfig clientTls;
    private static final SaslListenerConfig SASL =
            SaslListenerConfig.builder(SaslAuthenticator.ofPasswords(Map.of("bob", "secret"))).build();

    @BeforeAll
    static void certificates() throws Exception {
        TestPki ca = TestPki.create("composition CA");
        serverTls = TlsConfig.builder().keyMaterial(ca.server("localhost", "localhost").material()).build();
        otherServerTls = TlsConfig.builder().keyMaterial(ca.server("other", "other").material()).build();
        clientTls = TlsConfig.builder().trust(ca.trust()).build();
    }

    @Test
    @DisplayName("server: tls, tlsRequired, sasl and security(...) give the same result in either order")
    void serverShortcutsAndGroupsComposeInAnyOrder() {
        ListenerSecurity group = ListenerSecurity.builder().sasl(SASL).build();
        ListenerSecurity before = server(b -> b.security(group).tlsRequired().tls(serverTls)).security();
        ListenerSecurity after = server(b -> b.tlsRequired().tls(serverTls).security(group)).security();
        assertEquals(before, after);
        assertSame(serverTls, after.tls());
        assertTrue(after.tlsRequired());
        assertSame(SASL, after.sasl());
        ListenerSecurity shortcuts = server(b -> b.sasl(SASL).security(ListenerSecurity.builder().tls(serverTls)
                .build())).security();
        assertSame(SASL, shortcuts.sasl());
        assertSame(serverTls, shortcuts.tls());
    }

    @Test
    @DisplayName("server: tuning and session(...) compose in either order; limits and proxyProtocol stay")
    void serverTuningAndSessionComposeInAnyOrder() {
        SessionConfig session = SessionConfig.builder()
                .limits(SessionLimits.builder().maxStartsPerSecond(7).build()).features("x").build();
        BeepServer first = server(b -> b.tuning(SocketTuning.BULK).session(session)
                .limits(ListenerLimits.builder().maxSessions(5).build()).proxyProtocol(true));
        BeepServer second = server(b -> b.proxyProtocol(true).limits(ListenerLimits.builder().maxSessions(5).build())
                .session(session).tuning(SocketTuning.BULK));
        assertEquals(first.config(), second.config());
        assertEquals(SocketTuning.BULK.flow(), second.config().flow());
        assertEquals(SocketTuning.BULK.socket(), second.config().socket());
        assertEquals(7, second.config().limits().maxStartsPerSecond());
        assertEquals("x", second.config().features());
        assertEquals(5, second.limits().maxSessions());
    }

    @Test
    @DisplayName("server: conflicts fail at build() naming both settings")
    void serverConflictsNameBothSettings() {
        assertConflict(() -> BeepServer.builder().tls(serverTls)
                        .security(ListenerSecurity.builder().tls(otherServerTls).build()).build(),
                "tls(TlsConfig)", "security(ListenerSecurity).tls");
        assertConflict(() -> BeepServer.builder().tlsRequired().build(),
                "tlsRequired()", "tls(TlsConfig)");
        assertConflict(() -> BeepServer.builder().sasl(SASL).security(ListenerSecurity.builder()
                        .sasl(SaslListenerConfig.builder(SaslAuthenticator.ofPasswords(Map.of())).build()).build())
                        .build(),
                "sasl(SaslListenerConfig)", "security(ListenerSecurity).sasl");
        SessionConfig ownFlow = SessionConfig.builder()
                .flow(FlowSettings.builder().window(8192).build()).build();
        assertConflict(() -> BeepServer.builder().session(ownFlow).tuning(SocketTuning.BULK).build(),
                "tuning(bulk)", "session(...)");
    }

    @Test
    @DisplayName("client: tls, tlsOnConnect, saslOnConnect and security(...) give the same result in either order")
    void clientShortcutsAndGroupsComposeInAnyOrder() {
        SaslCredentials bob = SaslCredentials.password("bob", "secret".toCharArray());
        InitiatorSecurity group = InitiatorSecurity.builder().plainWithoutTls(true).build();
        try (BeepClient a = BeepClient.builder().saslOnConnect(SaslMechanism.PLAIN, bob).security(group)
                .tlsOnConnect().tls(clientTls).build();
             BeepClient b = BeepClient.builder().tls(clientTls).tlsOnConnect().security(group)
                     .saslOnConnect(SaslMechanism.PLAIN, bob).build()) {
            assertEquals(a.security(), b.security());
            assertTrue(b.security().tlsOnConnect());
            assertTrue(b.security().plainWithoutTls());
            assertEquals(SaslMechanism.PLAIN, b.security().saslMechanism());
        }
        SessionConfig session = SessionConfig.builder()
                .socket(SocketTuning.EFFICIENT.socket().toBuilder().connectTimeout(Duration.ofSeconds(3)).build())
                .build();
        try (BeepClient c = BeepClient.builder().session(session).tuning(SocketTuning.EFFICIENT).build()) {
            assertEquals(Duration.ofSeconds(3), c.config().socket().connectTimeout());
            assertEquals(SocketTuning.EFFICIENT.flow(), c.config().flow());
        }
        SessionConfig slowTail = SessionConfig.builder()
                .flow(FlowSettings.builder().tailWait(Duration.ofMillis(100)).build()).build();
        try (BeepClient c = BeepClient.builder().tuning(SocketTuning.BULK).session(slowTail).build()) {
            assertEquals(Duration.ofMillis(100), c.config().flow().tailWait(), "the session's tail wait stays");
            assertEquals(SocketTuning.BULK.flow().maxWindow(), c.config().flow().maxWindow());
        }
    }

    @Test
    @DisplayName("client: conflicts fail at build() naming both settings")
    void clientConflictsNameBothSettings() {
        TlsConfig other = TlsConfig.builder().trust(clientTls.trust()).verifyHostname(false).build();
        assertConflict(() -> BeepClient.builder().security(InitiatorSecurity.builder().tls(other).build())
                .tls(clientTls).build(), "tls(TlsConfig)", "security(InitiatorSecurity).tls");
        assertConflict(() -> BeepClient.builder().tlsOnConnect().build(), "tlsOnConnect()", "tls(TlsConfig)");
        assertConflict(() -> BeepClient.builder()
                        .saslOnConnect(SaslMechanism.ANONYMOUS, SaslCredentials.anonymous("a"))
                        .security(InitiatorSecurity.builder()
                                .sasl(SaslMechanism.ANONYMOUS, SaslCredentials.anonymous("b")).build()).build(),
                "saslOnConnect(mechanism, credentials)", "security(InitiatorSecurity).sasl");
    }

    private static BeepServer server(UnaryOperator<BeepServer.Builder> settings) {
        return settings.apply(BeepServer.builder().bind("127.0.0.1", 0)).build();
    }

    private static void assertConflict(Executable build, String first, String second) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build);
        assertTrue(e.getMessage().contains(first) && e.getMessage().contains(second), e.getMessage());
    }
}
