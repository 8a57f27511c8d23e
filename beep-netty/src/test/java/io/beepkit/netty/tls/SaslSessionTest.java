package io.beepkit.netty.tls;

import io.beepkit.netty.SessionConfig;
import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.SessionClosedException;
import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.api.security.ScramCredentials;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.core.tls.TlsMessage;
import io.beepkit.core.tls.TlsTuning;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.test.TeardownExtension;
import io.beepkit.test.TestPki;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.security.cert.X509Certificate;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SASL in real sessions over 127.0.0.1 through the public API: every mechanism (EXTERNAL over TLS with a client
 * certificate made at test time), the identity on both sides, wrong passwords (535), abort, SASL after SASL and TLS
 * after SASL refused, PLAIN only over TLS, SASL on connect.
 */
class SaslSessionTest {
    @RegisterExtension
    static final TeardownExtension TEARDOWN = new TeardownExtension();

    static TestPki ca;
    static TestPki.Issued serverCert;
    static TestPki.Issued clientCert;
    static BeepServer server;
    static BeepClient client;
    static BeepClient clientWithCertificate;

    static final SaslAuthenticator AUTH = new SaslAuthenticator() {
        private final SaslAuthenticator table = SaslAuthenticator.ofPasswords(java.util.Map.of("bob", "secret"));

        @Override
        public char[] password(String user, String realm) {
            return "bob".equals(user) ? "secret".toCharArray() : null;
        }

        @Override
        public ScramCredentials scramCredentials(String user, SaslMechanism mechanism) {
            return table.scramCredentials(user, mechanism);
        }

        @Override
        public boolean acceptAnonymous(String trace) {
            return true;
        }

        @Override
        public String externalIdentity(List<X509Certificate> peerChain) {
            return SaslAuthenticator.subjectOf(peerChain);
        }
    };

    @BeforeAll
    static void start() throws Exception {
        ca = TestPki.create("beepkit test CA");
        serverCert = ca.server("localhost", "localhost", "127.0.0.1");
        clientCert = ca.client("acinom");
        server = TEARDOWN.add(BeepServer.builder().bind("127.0.0.1", 0)
                .tls(TlsConfig.builder().keyMaterial(serverCert.material()).clientAuth(ClientAuthentication.OPTIONAL)
                        .trust(ca.trust()).build())
                .sasl(SaslListenerConfig.builder(AUTH).realm("beepkit").mechanisms(EnumSet.allOf(SaslMechanism.class))
                        .build())
                .build().start().get(5, TimeUnit.SECONDS));
        client = TEARDOWN.add(BeepClient.builder().tls(TlsConfig.builder().trust(ca.trust()).build()).build());
        clientWithCertificate = TEARDOWN.add(BeepClient.builder().tls(TlsConfig.builder().trust(ca.trust())
                .keyMaterial(clientCert.material()).build()).build());
    }

    static BeepSession connect(BeepClient c) throws Exception {
        return c.connect("localhost", server.port()).get(5, TimeUnit.SECONDS);
    }

    static BeepSession listenerSideOf(BeepSession initiator) {
        return server.sessions().stream().filter(x -> x.remoteAddress().equals(initiator.localAddress()))
                .findFirst().orElseThrow();
    }

    static SaslCredentials bob(String password) {
        return SaslCredentials.password("bob", password.toCharArray());
    }

    static SaslCredentials credentialsFor(SaslMechanism m) {
        return switch (m) {
            case ANONYMOUS -> SaslCredentials.anonymous("test@beepkit");
            case EXTERNAL -> SaslCredentials.external();
            default -> bob("secret");
        };
    }

    static int errorCode(ExecutionException e) {
        return assertInstanceOf(BeepErrorException.class, e.getCause(), String.valueOf(e.getCause())).code();
    }

    @ParameterizedTest
    @EnumSource(SaslMechanism.class)
    void everyMechanismAuthenticatesOverTlsAndBothSidesKnowTheIdentity(SaslMechanism m) throws Exception {
        BeepSession session = connect(m == SaslMechanism.EXTERNAL ? clientWithCertificate : client);
        session.startTls().get(10, TimeUnit.SECONDS);
        SaslIdentity id = session.authenticate(m, credentialsFor(m)).get(10, TimeUnit.SECONDS);
        assertEquals(m, id.mechanism());
        assertEquals(id, session.identity().orElseThrow());
        SaslIdentity theirs = listenerSideOf(session).identity().orElseThrow();
        assertEquals(m, theirs.mechanism());
        String expected = switch (m) {
            case ANONYMOUS -> "anonymous";
            case EXTERNAL -> clientCert.certificate().getSubjectX500Principal().getName();
            default -> "bob";
        };
        assertEquals(expected, theirs.authorizationId());
        assertTrue(session.channels().isEmpty(), "the SASL channel is closed afterwards");
        session.close().get(5, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class, names = {"ANONYMOUS", "CRAM_MD5", "DIGEST_MD5"})
    void mechanismsWithoutClearPasswordsWorkWithoutTls(SaslMechanism m) throws Exception {
        BeepSession session = connect(client);
        SaslIdentity id = session.authenticate(m, credentialsFor(m)).get(10, TimeUnit.SECONDS);
        assertEquals(m, id.mechanism());
        assertEquals(m, listenerSideOf(session).identity().orElseThrow().mechanism());
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class, names = {"PLAIN", "CRAM_MD5", "DIGEST_MD5"})
    void wrongPasswordIs535AndARetrySucceeds(SaslMechanism m) throws Exception {
        BeepSession session = connect(client);
        session.startTls().get(10, TimeUnit.SECONDS);
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> session.authenticate(m, bob("wrong")).get(10, TimeUnit.SECONDS));
        assertEquals(535, errorCode(e));
        assertTrue(session.identity().isEmpty());
        assertTrue(listenerSideOf(session).identity().isEmpty());
        assertEquals("bob", session.authenticate(m, bob("secret")).get(10, TimeUnit.SECONDS).authenticationId());
    }

    @Test
    void abortBlobEndsTheExchangeWith535() throws Exception {
        BeepSession session = connect(client);
        BeepChannel ch = session.startChannel(SaslMechanism.CRAM_MD5.profileUri()).get(5, TimeUnit.SECONDS);
        Reply r = ch.send(MimeEntity.of(MimeEntity.BEEP_XML, "<blob status='abort' />".getBytes()))
                .get(5, TimeUnit.SECONDS);
        assertTrue(r.isError(), r.toString());
        assertEquals(535, r.errorCode());
        assertTrue(listenerSideOf(session).identity().isEmpty());
    }

    @Test
    void saslAfterSaslIsRefusedLocallyAndByTheListener() throws Exception {
        BeepSession session = connect(client);
        session.authenticate(SaslMechanism.CRAM_MD5, bob("secret")).get(10, TimeUnit.SECONDS);
        ExecutionException local = assertThrows(ExecutionException.class,
                () -> session.authenticate(SaslMechanism.DIGEST_MD5, bob("secret")).get(10, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, local.getCause());
        // Bypassing the local check: the listener's answer.
        ExecutionException refused = assertThrows(ExecutionException.class,
                () -> session.startChannel(ChannelRequest.builder().profile(SaslMechanism.ANONYMOUS.profileUri(),
                        "<blob>dGVzdA==</blob>", false).build()).get(5, TimeUnit.SECONDS));
        assertEquals(550, errorCode(refused));
    }

    @Test
    void tlsAfterSaslIsRefusedLocallyAndByTheListener() throws Exception {
        BeepSession session = connect(client);
        session.authenticate(SaslMechanism.DIGEST_MD5, bob("secret")).get(10, TimeUnit.SECONDS);
        ExecutionException local = assertThrows(ExecutionException.class,
                () -> session.startTls().get(10, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, local.getCause());
        ExecutionException refused = assertThrows(ExecutionException.class,
                () -> session.startChannel(ChannelRequest.builder().profile(TlsMessage.PROFILE_URI,
                        TlsTuning.readyContent(), false).build()).get(5, TimeUnit.SECONDS));
        assertEquals(550, errorCode(refused));
        assertTrue(session.isOpen());
        assertTrue(!session.isSecure());
    }

    @Test
    void plainInClearIsRefusedLocallyAndWith538ByTheListener() throws Exception {
        BeepSession session = connect(client);
        ExecutionException local = assertThrows(ExecutionException.class,
                () -> session.authenticate(SaslMechanism.PLAIN, bob("secret")).get(10, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, local.getCause());
        try (BeepClient careless = BeepClient.builder()
                .security(io.beepkit.netty.InitiatorSecurity.builder().plainWithoutTls(true).build())
                .build()) {
            BeepSession s2 = careless.connect("localhost", server.port()).get(5, TimeUnit.SECONDS);
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> s2.authenticate(SaslMechanism.PLAIN, bob("secret")).get(10, TimeUnit.SECONDS));
            assertEquals(538, errorCode(e));
        }
    }

    @Test
    void tlsThenSaslOnConnect() throws Exception {
        try (BeepClient c = BeepClient.builder().tls(TlsConfig.builder().trust(ca.trust()).build()).tlsOnConnect()
                .saslOnConnect(SaslMechanism.PLAIN, bob("secret")).build()) {
            BeepSession session = c.connect("localhost", server.port()).get(10, TimeUnit.SECONDS);
            assertTrue(session.isSecure());
            assertEquals("bob", session.identity().orElseThrow().authenticationId());
            BeepChannel echo = session.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
            assertEquals("ok", echo.send(MimeEntity.of("ok")).get(5, TimeUnit.SECONDS).entity().bodyText());
        }
    }

    @Test
    void wrongPasswordOnConnectFailsConnectWith535AsTheCause() throws Exception {
        try (BeepClient c = BeepClient.builder().saslOnConnect(SaslMechanism.CRAM_MD5, bob("wrong")).build()) {
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> c.connect("localhost", server.port()).get(10, TimeUnit.SECONDS));
            SessionClosedException closed = assertInstanceOf(SessionClosedException.class, e.getCause());
            assertEquals(535, assertInstanceOf(BeepErrorException.class, closed.getCause()).code());
        }
    }
}
