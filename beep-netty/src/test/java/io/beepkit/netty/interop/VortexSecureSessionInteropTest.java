package io.beepkit.netty.interop;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.api.security.TlsSessionInfo;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.tls.TlsConfig;
import io.beepkit.netty.tls.TrustMaterial;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Secure sessions against Vortex's regression listener through the public API only: {@code startTls()} (the
 * tuning reset in place, Vortex's new greeting over TLS, trusting Vortex's test certificate read from its test
 * folder) and an echo over the secured session; TLS on connect; SASL with the credentials of the INTEROP notes
 * ({@code bob}/{@code secret}, realm {@code aspl.es}; ANONYMOUS token {@code test@aspl.es}), after TLS and in clear.
 * Skipped unless {@value VortexPeer#ENV} points at a built Vortex.
 */
@Tag("interop")
@EnabledIfEnvironmentVariable(named = VortexPeer.ENV, matches = ".+",
        disabledReason = "Vortex peer absent: set BEEP_VORTEX_TEST_DIR to a built libvortex-1.1/test directory (docs/interop.md)")
class VortexSecureSessionInteropTest {
    @RegisterExtension
    static final TeardownExtension TEARDOWN = new TeardownExtension();

    static final int OFFSET = 410;
    @RegisterExtension
    static final VortexListener VORTEX = new VortexListener(OFFSET);
    static final int PORT = VORTEX.port();
    static final String REGRESSION = "http://iana.org/beep/transient/vortex-regression";

    static TlsConfig tls;
    static BeepClient client;

    @BeforeAll
    static void startClient() throws Exception {
        tls = TlsConfig.builder().trust(TrustMaterial.fromPem(VORTEX.dir().resolve("test-certificate.pem"))).build();
        client = TEARDOWN.add(BeepClient.builder().tls(tls).build());
    }

    static BeepSession connect() throws Exception {
        // "localhost": the name Vortex's test certificate carries, checked like HTTPS does.
        return client.connect("localhost", PORT).get(10, TimeUnit.SECONDS);
    }

    static void echo(BeepSession session, byte[] body) throws Exception {
        BeepChannel ch = session.startChannel(REGRESSION).get(10, TimeUnit.SECONDS);
        Reply r = ch.send(MimeEntity.of(body)).get(10, TimeUnit.SECONDS);
        assertEquals(Reply.Kind.RPY, r.kind());
        assertArrayEquals(body, r.entity().body());
        ch.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void startTlsThenEchoOverTheSecuredSession() throws Exception {
        BeepSession session = connect();
        TlsSessionInfo info = session.startTls().get(15, TimeUnit.SECONDS);
        assertTrue(session.isSecure());
        assertTrue(TlsConfig.ALLOWED_PROTOCOLS.contains(info.protocol()), info.protocol());
        assertTrue(info.peerSubject().orElseThrow().contains("CN=localhost"), info.peerSubject().orElseThrow());
        assertTrue(session.peerProfiles().contains(REGRESSION), session.peerProfiles().toString());
        echo(session, "hello over TLS".getBytes());
        byte[] big = new byte[64 * 1024];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) ('a' + i % 26);
        }
        echo(session, big);
        System.out.println("Vortex TLS via startTls(): " + info.protocol() + " " + info.cipherSuite() + " peer "
                + info.peerSubject().orElseThrow());
        session.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void tlsOnConnect() throws Exception {
        try (BeepClient secured = BeepClient.builder().tls(tls).tlsOnConnect().build()) {
            BeepSession session = secured.connect("localhost", PORT).get(15, TimeUnit.SECONDS);
            assertTrue(session.isSecure());
            echo(session, "secured at once".getBytes());
            session.close().get(10, TimeUnit.SECONDS);
        }
    }

    static SaslCredentials bob(String password) {
        return SaslCredentials.password("bob", password.toCharArray()).withRealm("aspl.es");
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class, names = {"PLAIN", "CRAM_MD5", "DIGEST_MD5"})
    void bobAuthenticatesOverTls(SaslMechanism m) throws Exception {
        BeepSession session = connect();
        session.startTls().get(15, TimeUnit.SECONDS);
        SaslIdentity id = session.authenticate(m, bob("secret")).get(15, TimeUnit.SECONDS);
        assertEquals("bob", id.authenticationId());
        assertEquals(id, session.identity().orElseThrow());
        echo(session, "authenticated".getBytes());
        session.terminate();
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class, names = {"CRAM_MD5", "DIGEST_MD5"})
    void bobAuthenticatesInClear(SaslMechanism m) throws Exception {
        BeepSession session = connect();
        assertEquals("bob", session.authenticate(m, bob("secret")).get(15, TimeUnit.SECONDS).authenticationId());
        session.terminate();
    }

    @Test
    void anonymous() throws Exception {
        BeepSession session = connect();
        SaslIdentity id = session.authenticate(SaslMechanism.ANONYMOUS, SaslCredentials.anonymous("test@aspl.es"))
                .get(15, TimeUnit.SECONDS);
        assertEquals(SaslMechanism.ANONYMOUS, id.mechanism());
        session.terminate();
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class, names = {"PLAIN", "CRAM_MD5", "DIGEST_MD5"})
    void wrongPasswordFails(SaslMechanism m) throws Exception {
        BeepSession session = connect();
        session.startTls().get(15, TimeUnit.SECONDS);
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> session.authenticate(m, bob("wrong")).get(15, TimeUnit.SECONDS));
        assertEquals(535, assertInstanceOf(BeepErrorException.class, e.getCause()).code());
        System.out.println("Vortex " + m.saslName() + " wrong password: " + e.getCause().getMessage());
        assertTrue(session.identity().isEmpty());
        session.terminate();
    }
}
