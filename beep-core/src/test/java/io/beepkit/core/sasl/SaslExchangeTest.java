package io.beepkit.core.sasl;

import io.beepkit.api.StartDecision;
import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.api.security.ScramCredentials;
import io.beepkit.api.security.TlsSessionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SASL exchanges (RFC 3080 §4.1) client against server through the two state machines, with the credentials the
 * Vortex regression listener uses (INTEROP: {@code bob}/{@code secret}, realm {@code aspl.es}, ANONYMOUS token
 * {@code test@aspl.es}).
 */
class SaslExchangeTest {
    static final String USER = "bob";
    static final String PASSWORD = "secret";
    static final String REALM = "aspl.es";

    /** Bob's password from a table; anonymous accepted; EXTERNAL maps the certificate's CN; bob may act as alice. */
    static final SaslAuthenticator AUTH = new SaslAuthenticator() {
        private final SaslAuthenticator table = SaslAuthenticator.ofPasswords(Map.of(USER, PASSWORD));

        @Override
        public char[] password(String user, String realm) {
            return table.password(user, realm);
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
        public String externalIdentity(List<X509Certificate> chain) {
            String dn = SaslAuthenticator.subjectOf(chain);
            return dn == null ? null : dn.replaceFirst("^CN=([^,]+),.*$", "$1");
        }

        @Override
        public boolean authorize(String authcid, String authzid) {
            return USER.equals(authcid) && "alice".equals(authzid);
        }
    };

    static SaslListenerConfig config(SaslMechanism... offered) {
        return SaslListenerConfig.builder(AUTH).mechanisms(EnumSet.of(offered[0], offered)).realm(REALM)
                .plainWithoutTls(true).build();
    }

    static SaslCredentials bob() {
        return SaslCredentials.password(USER, PASSWORD.toCharArray()).withRealm(REALM);
    }

    private static SaslStep exchange(SaslMechanism m, SaslCredentials creds, SessionSecurity serverSide,
                                     SessionSecurity clientSide, SaslListenerConfig config) throws Exception {
        SaslInitiatorExchange client = SaslInitiatorExchange.create(m, creds, "localhost", clientSide, true);
        SaslListenerExchange server = new SaslListenerExchange(m, config, serverSide);
        return SaslHarness.create().run(client, server, null);
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class,
            names = {"PLAIN", "CRAM_MD5", "DIGEST_MD5", "SCRAM_SHA_1", "SCRAM_SHA_256"})
    void passwordMechanismsAuthenticateBob(SaslMechanism m) throws Exception {
        SessionSecurity listener = new SessionSecurity();
        SessionSecurity initiator = new SessionSecurity();
        SaslStep step = exchange(m, bob(), listener, initiator, config(m));
        assertEquals(SaslStep.Kind.SUCCEEDED, step.kind(), step.diagnostic());
        SaslIdentity expected = new SaslIdentity(m, USER, USER);
        assertEquals(expected, step.identity());
        assertEquals(expected, listener.identity().orElseThrow());
        assertEquals(expected, initiator.identity().orElseThrow());
    }

    @Test
    void anonymousCarriesTheTrace() throws Exception {
        SessionSecurity listener = new SessionSecurity();
        SaslStep step = exchange(SaslMechanism.ANONYMOUS, SaslCredentials.anonymous("test@aspl.es"), listener,
                new SessionSecurity(), config(SaslMechanism.ANONYMOUS));
        assertEquals(SaslStep.Kind.SUCCEEDED, step.kind(), step.diagnostic());
        assertEquals(new SaslIdentity(SaslMechanism.ANONYMOUS, "test@aspl.es", "anonymous"),
                listener.identity().orElseThrow());
    }

    @Test
    void anonymousIsRefusedByDefault() throws Exception {
        SaslListenerConfig cfg = SaslListenerConfig.builder(SaslAuthenticator.ofPasswords(Map.of()))
                .mechanisms(EnumSet.of(SaslMechanism.ANONYMOUS)).build();
        SaslStep step = exchange(SaslMechanism.ANONYMOUS, SaslCredentials.anonymous(""), new SessionSecurity(),
                new SessionSecurity(), cfg);
        assertEquals(SaslStep.Kind.FAILED, step.kind());
        assertEquals(535, step.code());
    }

    @Test
    void externalUsesTheTlsClientCertificateAndAnAuthorizedAuthzid() throws Exception {
        SessionSecurity listener = new SessionSecurity();
        listener.tlsEstablished(SaslHarness.tlsWithClientCertificate());
        SaslStep step = exchange(SaslMechanism.EXTERNAL, SaslCredentials.external(), listener, new SessionSecurity(),
                config(SaslMechanism.EXTERNAL));
        assertEquals(SaslStep.Kind.SUCCEEDED, step.kind(), step.diagnostic());
        assertEquals(new SaslIdentity(SaslMechanism.EXTERNAL, "acinom", "acinom"), listener.identity().orElseThrow());
    }

    @Test
    void externalRefusesAnAuthzidTheAuthenticatorDoesNotAllow() throws Exception {
        SessionSecurity listener = new SessionSecurity();
        listener.tlsEstablished(SaslHarness.tlsWithClientCertificate());
        SaslStep step = exchange(SaslMechanism.EXTERNAL, SaslCredentials.external().withAuthorizationId("root"),
                listener, new SessionSecurity(), config(SaslMechanism.EXTERNAL));
        assertEquals(SaslStep.Kind.FAILED, step.kind());
        assertEquals(535, step.code());
        assertTrue(listener.identity().isEmpty());
    }

    @Test
    void externalFailsWithoutTlsOrWithoutClientCertificate() throws Exception {
        SaslStep clear = exchange(SaslMechanism.EXTERNAL, SaslCredentials.external(), new SessionSecurity(),
                new SessionSecurity(), config(SaslMechanism.EXTERNAL));
        assertEquals(535, clear.code());
        SessionSecurity noCert = new SessionSecurity();
        noCert.tlsEstablished(SaslHarness.tlsWithoutClientCertificate());
        SaslStep anonymousTls = exchange(SaslMechanism.EXTERNAL, SaslCredentials.external(), noCert,
                new SessionSecurity(), config(SaslMechanism.EXTERNAL));
        assertEquals(535, anonymousTls.code());
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class, names = {"PLAIN", "DIGEST_MD5", "SCRAM_SHA_1", "SCRAM_SHA_256"})
    void authorizationIdentityNeedsTheAuthenticatorsConsent(SaslMechanism m) throws Exception {
        SessionSecurity listener = new SessionSecurity();
        SaslStep ok = exchange(m, bob().withAuthorizationId("alice"), listener, new SessionSecurity(), config(m));
        assertEquals(SaslStep.Kind.SUCCEEDED, ok.kind(), ok.diagnostic());
        assertEquals(new SaslIdentity(m, USER, "alice"), listener.identity().orElseThrow());

        SaslStep refused = exchange(m, bob().withAuthorizationId("root"), new SessionSecurity(),
                new SessionSecurity(), config(m));
        assertEquals(SaslStep.Kind.FAILED, refused.kind());
        assertEquals(535, refused.code());
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class,
            names = {"PLAIN", "CRAM_MD5", "DIGEST_MD5", "SCRAM_SHA_1", "SCRAM_SHA_256"})
    void wrongPasswordFailsWith535AndLeavesTheSessionUnauthenticated(SaslMechanism m) throws Exception {
        SessionSecurity listener = new SessionSecurity();
        SessionSecurity initiator = new SessionSecurity();
        SaslStep step = exchange(m, SaslCredentials.password(USER, "guess".toCharArray()).withRealm(REALM), listener,
                initiator, config(m));
        assertEquals(SaslStep.Kind.FAILED, step.kind());
        assertEquals(535, step.code());
        assertTrue(listener.identity().isEmpty());
        assertTrue(initiator.identity().isEmpty());
        assertTrue(listener.saslStartRefusal().isEmpty(), "a failed attempt does not forbid another");
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class,
            names = {"PLAIN", "CRAM_MD5", "DIGEST_MD5", "SCRAM_SHA_1", "SCRAM_SHA_256"})
    void unknownUserFailsLikeAWrongPassword(SaslMechanism m) throws Exception {
        SaslStep step = exchange(m, SaslCredentials.password("mallory", PASSWORD.toCharArray()).withRealm(REALM),
                new SessionSecurity(), new SessionSecurity(), config(m));
        assertEquals(535, step.code());
    }

    @Test
    void plainIsRefusedWithoutTlsUnlessAllowed() throws Exception {
        SaslListenerConfig strict = SaslListenerConfig.builder(AUTH).build();
        SaslListenerExchange server = new SaslListenerExchange(SaslMechanism.PLAIN, strict, new SessionSecurity());
        StartDecision d = server.onStart("<blob>AGJvYgBzZWNyZXQ=</blob>", null);
        assertFalse(d.accepted());
        assertEquals(538, d.code());
        assertEquals(SaslListenerExchange.State.FAILED, server.state());

        SessionSecurity listenerSide = new SessionSecurity();
        listenerSide.tlsEstablished(SaslHarness.tlsWithoutClientCertificate());
        SessionSecurity initiatorSide = new SessionSecurity();
        initiatorSide.tlsEstablished(SaslHarness.tlsWithoutClientCertificate());
        SaslStep overTls = SaslHarness.create().run(
                SaslInitiatorExchange.create(SaslMechanism.PLAIN, bob(), "localhost", initiatorSide, false),
                new SaslListenerExchange(SaslMechanism.PLAIN, strict, listenerSide), null);
        assertEquals(SaslStep.Kind.SUCCEEDED, overTls.kind(), overTls.diagnostic());
    }

    @Test
    void theInitiatorWillNotSendAPlainPasswordInClearUnlessAllowed() {
        assertThrows(IllegalStateException.class, () -> SaslInitiatorExchange.create(SaslMechanism.PLAIN, bob(),
                "localhost", new SessionSecurity(), false));
    }

    @Test
    void unofferedMechanismIsRefused() {
        SaslListenerExchange server = new SaslListenerExchange(SaslMechanism.ANONYMOUS,
                SaslListenerConfig.builder(AUTH).build(), new SessionSecurity());
        assertEquals(550, server.onStart(null, null).code());
    }

    @Test
    void noSecondSaslAfterSuccessAndNoTlsAfterSasl() throws Exception {
        SessionSecurity listener = new SessionSecurity();
        SessionSecurity initiator = new SessionSecurity();
        assertTrue(listener.tlsStartRefusal().isEmpty());
        exchange(SaslMechanism.CRAM_MD5, bob(), listener, initiator, config(SaslMechanism.CRAM_MD5));

        SaslListenerExchange again = new SaslListenerExchange(SaslMechanism.PLAIN, config(SaslMechanism.PLAIN),
                listener);
        StartDecision d = again.onStart("<blob>AGJvYgBzZWNyZXQ=</blob>", null);
        assertEquals(550, d.code());
        assertTrue(listener.saslStartRefusal().isPresent());
        assertThrows(IllegalStateException.class, () -> SaslInitiatorExchange.create(SaslMechanism.PLAIN, bob(),
                "localhost", initiator, true));

        assertTrue(listener.tlsStartRefusal().orElseThrow().contains("after SASL"));
        assertTrue(initiator.tlsStartRefusal().isPresent());
    }

    @Test
    void tlsOnceOnly() throws Exception {
        SessionSecurity s = new SessionSecurity();
        s.tlsEstablished(SaslHarness.tlsWithoutClientCertificate());
        assertTrue(s.tlsStartRefusal().orElseThrow().contains("already active"));
        assertThrows(IllegalStateException.class, () -> s.tlsEstablished(SaslHarness.tlsWithoutClientCertificate()));
        assertTrue(s.saslStartRefusal().isEmpty(), "SASL may follow TLS");
    }

    @Test
    void twoConcurrentExchangesCannotBothAuthenticate() throws Exception {
        SessionSecurity listener = new SessionSecurity();
        SaslListenerConfig cfg = config(SaslMechanism.CRAM_MD5);
        SaslListenerExchange first = new SaslListenerExchange(SaslMechanism.CRAM_MD5, cfg, listener);
        SaslListenerExchange second = new SaslListenerExchange(SaslMechanism.CRAM_MD5, cfg, listener);
        SaslInitiatorExchange c1 = SaslInitiatorExchange.create(SaslMechanism.CRAM_MD5, bob(), "h", new SessionSecurity(), true);
        SaslInitiatorExchange c2 = SaslInitiatorExchange.create(SaslMechanism.CRAM_MD5, bob(), "h", new SessionSecurity(), true);
        assertNull(c1.startContent());
        assertNull(c2.startContent());
        SaslStep s1 = c1.onStartReply(first.onStart(null, null).replyData());
        SaslStep s2 = c2.onStartReply(second.onStart(null, null).replyData());
        assertTrue(first.onMessage(s1.message()).positive());
        SaslAnswer late = second.onMessage(s2.message());
        assertFalse(late.positive());
        assertEquals(550, late.code());
        assertEquals(SaslListenerExchange.State.FAILED, second.state());
    }

    @Test
    void clientAbortEndsTheExchangeWith535() throws Exception {
        SaslListenerExchange server = new SaslListenerExchange(SaslMechanism.DIGEST_MD5,
                config(SaslMechanism.DIGEST_MD5), new SessionSecurity());
        SaslInitiatorExchange client = SaslInitiatorExchange.create(SaslMechanism.DIGEST_MD5, bob(), "localhost",
                new SessionSecurity(), true);
        assertNull(client.startContent(), "DIGEST-MD5 has no initial response");
        StartDecision d = server.onStart(null, null);
        assertTrue(d.accepted());
        assertEquals(SaslStep.Kind.SEND, client.onStartReply(d.replyData()).kind());
        String abort = client.abort();
        assertEquals("<blob status='abort' />", abort);
        assertTrue(client.isOver());
        SaslAnswer answer = server.onMessage(abort);
        assertEquals(535, answer.code());
        assertEquals(SaslListenerExchange.State.FAILED, server.state());
        assertEquals(550, server.onMessage("<blob>AA==</blob>").code(), "the exchange stays over");
    }

    @Test
    void abortPiggybackedOnTheStartIsRefused() {
        SaslListenerExchange server = new SaslListenerExchange(SaslMechanism.PLAIN, config(SaslMechanism.PLAIN),
                new SessionSecurity());
        assertEquals(535, server.onStart("<blob status='abort'/>", null).code());
    }

    @ParameterizedTest
    @ValueSource(strings = {"<blob>%%%</blob>", "<blob status='maybe'/>", "<ready/>",
            "<!DOCTYPE blob [<!ENTITY e 'x'>]><blob>&e;</blob>", "<blob"})
    void malformedPiggybackIsRefusedWith501(String content) {
        SaslListenerExchange server = new SaslListenerExchange(SaslMechanism.PLAIN, config(SaslMechanism.PLAIN),
                new SessionSecurity());
        StartDecision d = server.onStart(content, null);
        assertEquals(501, d.code());
    }

    @ParameterizedTest
    @ValueSource(strings = {"<blob>%%%</blob>", "<blob status='complete'/>", "<error code='535'/>", "", "<blob><x/></blob>"})
    void malformedMessageGets501AndEndsTheExchange(String body) {
        SaslListenerExchange server = new SaslListenerExchange(SaslMechanism.CRAM_MD5, config(SaslMechanism.CRAM_MD5),
                new SessionSecurity());
        assertTrue(server.onStart(null, null).accepted());
        SaslAnswer answer = server.onMessage(body.getBytes(StandardCharsets.UTF_8));
        assertEquals(501, answer.code());
        assertEquals(SaslListenerExchange.State.FAILED, server.state());
    }

    @Test
    void oversizedBlobIsRefusedBeforeParsing() {
        SaslListenerConfig cfg = SaslListenerConfig.builder(AUTH).mechanisms(EnumSet.of(SaslMechanism.CRAM_MD5))
                .maxBlobChars(1024).build();
        SaslListenerExchange server = new SaslListenerExchange(SaslMechanism.CRAM_MD5, cfg, new SessionSecurity());
        assertTrue(server.onStart(null, null).accepted());
        SaslAnswer answer = server.onMessage("<blob>" + "A".repeat(2000) + "</blob>");
        assertEquals(501, answer.code());
        assertTrue(answer.diagnostic().contains("exceeds the limit"), answer.diagnostic());
    }

    @Test
    void aClientThatNeverFinishesRunsOutOfSteps() {
        SaslListenerConfig cfg = SaslListenerConfig.builder(AUTH).mechanisms(EnumSet.of(SaslMechanism.PLAIN))
                .plainWithoutTls(true).maxSteps(3).build();
        SaslListenerExchange server = new SaslListenerExchange(SaslMechanism.PLAIN, cfg, new SessionSecurity());
        StartDecision d = server.onStart(null, null);
        assertTrue(d.accepted(), "no initial response: the server asks for it with an empty challenge");
        assertEquals("<blob />", d.replyData());
        // An empty response again is judged (and fails) rather than looping.
        assertEquals(535, server.onMessage("<blob />").code());
    }

    @Test
    void startWithoutPiggybackForServerFirstMechanismsCarriesTheChallenge() throws Exception {
        SaslListenerExchange server = new SaslListenerExchange(SaslMechanism.CRAM_MD5, config(SaslMechanism.CRAM_MD5),
                new SessionSecurity());
        StartDecision d = server.onStart(null, "beep.example");
        assertTrue(d.accepted());
        String challenge = new String(BlobCodec.parseBlob(d.replyData(), 8192).data(), StandardCharsets.US_ASCII);
        assertTrue(challenge.matches("<[^>]+@beep\\.example>"), challenge);
    }

    @Test
    void theWireCarriesNoPassword() throws Exception {
        for (SaslMechanism m : List.of(SaslMechanism.CRAM_MD5, SaslMechanism.DIGEST_MD5)) {
            SaslHarness h = SaslHarness.create();
            SaslStep step = h.run(SaslInitiatorExchange.create(m, bob(), "localhost", new SessionSecurity(), true),
                    new SaslListenerExchange(m, config(m), new SessionSecurity()), null);
            assertEquals(SaslStep.Kind.SUCCEEDED, step.kind());
            for (String line : h.wire) {
                assertFalse(decodedText(line).contains(PASSWORD), line);
            }
        }
    }

    private static String decodedText(String wireLine) {
        int start = wireLine.indexOf('>');
        int end = wireLine.indexOf("</blob>");
        if (start < 0 || end < start) {
            return wireLine;
        }
        return new String(java.util.Base64.getDecoder().decode(wireLine.substring(start + 1, end)),
                StandardCharsets.ISO_8859_1);
    }

    @Test
    void tlsSessionInfoReportsThePeerSubject() throws Exception {
        TlsSessionInfo info = SaslHarness.tlsWithClientCertificate();
        assertEquals("CN=acinom,O=beepkit test", info.peerSubject().orElseThrow());
        assertTrue(SaslHarness.tlsWithoutClientCertificate().peerCertificate().isEmpty());
    }
}
