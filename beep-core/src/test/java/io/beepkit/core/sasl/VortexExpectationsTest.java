package io.beepkit.core.sasl;

import io.beepkit.api.StartDecision;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.SaslMechanism;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The message shapes the Vortex Library (gsasl underneath) sends and expects, replayed against our state machines:
 * challenges without a status attribute, {@code <blob status='complete' />}, failures as an {@code <error>} inside an
 * RPY, no piggyback when the initial response is empty, and the credentials of INTEROP.md.
 */
class VortexExpectationsTest {

    private static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    private static String decoded(String blobXml) {
        return new String(BlobCodec.parseBlob(blobXml, 8192).data(), StandardCharsets.UTF_8);
    }

    @Test
    void ourPlainListenerAnswersVortexsPiggybackedInitialResponseWithCompleteInOneRoundTrip() {
        SessionSecurity session = new SessionSecurity();
        SaslListenerExchange server = new SaslListenerExchange(SaslMechanism.PLAIN,
                SaslExchangeTest.config(SaslMechanism.PLAIN), session);
        StartDecision d = server.onStart("<blob>" + b64("\0bob\0secret") + "</blob>", "localhost");
        assertTrue(d.accepted());
        assertEquals("<blob status='complete' />", d.replyData());
        assertEquals(new SaslIdentity(SaslMechanism.PLAIN, "bob", "bob"), session.identity().orElseThrow());
    }

    @Test
    void vortexsAnonymousTokenAndItsEmptyStartAreAccepted() {
        SessionSecurity session = new SessionSecurity();
        StartDecision d = new SaslListenerExchange(SaslMechanism.ANONYMOUS,
                SaslExchangeTest.config(SaslMechanism.ANONYMOUS), session)
                .onStart("<blob>" + b64("test@aspl.es") + "</blob>", null);
        assertEquals("<blob status='complete' />", d.replyData());
        assertEquals("test@aspl.es", session.identity().orElseThrow().authenticationId());

        // Vortex piggybacks nothing when the initial response is empty: that is the empty message.
        SessionSecurity other = new SessionSecurity();
        StartDecision empty = new SaslListenerExchange(SaslMechanism.ANONYMOUS,
                SaslExchangeTest.config(SaslMechanism.ANONYMOUS), other).onStart(null, null);
        assertEquals("<blob status='complete' />", empty.replyData());
        assertEquals("", other.identity().orElseThrow().authenticationId());
    }

    @Test
    void ourCramListenerSendsTheChallengeWithoutStatusAsVortexsClientExpects() {
        SaslListenerExchange server = new SaslListenerExchange(SaslMechanism.CRAM_MD5,
                SaslExchangeTest.config(SaslMechanism.CRAM_MD5), new SessionSecurity());
        StartDecision d = server.onStart(null, "localhost");
        assertTrue(d.replyData().startsWith("<blob>"), d.replyData());
    }

    @Test
    void ourDigestListenerPutsRspauthInTheCompleteBlobBecauseVortexStopsAtComplete() throws Exception {
        SaslHarness h = SaslHarness.create();
        SaslStep step = h.run(SaslInitiatorExchange.create(SaslMechanism.DIGEST_MD5, SaslExchangeTest.bob(),
                        "localhost", new SessionSecurity(), true),
                new SaslListenerExchange(SaslMechanism.DIGEST_MD5, SaslExchangeTest.config(SaslMechanism.DIGEST_MD5),
                        new SessionSecurity()), null);
        assertEquals(SaslStep.Kind.SUCCEEDED, step.kind(), step.diagnostic());
        assertTrue(h.wire.get(0).equals("start: null"), h.wire.toString());
        assertTrue(decoded(h.wire.get(1).substring("start reply: ".length())).contains("realm=\"aspl.es\""),
                h.wire.toString());
        String last = h.wire.get(h.wire.size() - 1);
        assertTrue(last.startsWith("RPY: <blob status='complete'>"), last);
        assertTrue(decoded(last.substring(5)).startsWith("rspauth="), last);
        assertEquals(4, h.wire.size(), "start, challenge, response, complete: " + h.wire);
    }

    @Test
    void ourCramClientComputesRfc2195sExampleResponse() throws Exception {
        SaslInitiatorExchange client = SaslInitiatorExchange.create(SaslMechanism.CRAM_MD5,
                SaslCredentials.password("tim", "tanstaaftanstaaf".toCharArray()), "localhost",
                new SessionSecurity(), true);
        assertNull(client.startContent());
        // The start reply as Vortex writes it: a blob without status attribute, possibly wrapped in whitespace.
        SaslStep step = client.onStartReply("\n <blob>" + b64("<1896.697170952@postoffice.reston.mci.net>")
                + "</blob>\n");
        assertEquals(SaslStep.Kind.SEND, step.kind());
        assertEquals("tim b913a602c7eda7a495b4e6e7334d3890", decoded(step.message()));
        SaslStep done = client.onReply("<blob status='complete' />".getBytes(StandardCharsets.UTF_8));
        assertEquals(SaslStep.Kind.SUCCEEDED, done.kind());
    }

    @Test
    void vortexsFailureAsAnErrorInsideAnRpyFailsTheClient() throws Exception {
        SaslInitiatorExchange client = SaslInitiatorExchange.create(SaslMechanism.CRAM_MD5,
                SaslExchangeTest.bob(), "localhost", new SessionSecurity(), true);
        client.startContent();
        SaslStep step = client.onStartReply("<blob>" + b64("<1.2@localhost>") + "</blob>");
        SaslStep failed = client.onReply(("<error code='535'>Application level have denied to accept SASL auth. "
                + "Authentication failure.</error>").getBytes(StandardCharsets.UTF_8));
        assertEquals(SaslStep.Kind.SEND, step.kind());
        assertEquals(SaslStep.Kind.FAILED, failed.kind());
        assertEquals(535, failed.code());
        assertNull(failed.message(), "nothing to abort: the server ended it");
    }

    @Test
    void vortexsPlainAndAnonymousCompleteInTheStartReply() throws Exception {
        SessionSecurity session = new SessionSecurity();
        SaslInitiatorExchange client = SaslInitiatorExchange.create(SaslMechanism.ANONYMOUS,
                SaslCredentials.anonymous("test@aspl.es"), "localhost", session, true);
        assertEquals("test@aspl.es", decoded(client.startContent()));
        assertEquals(SaslStep.Kind.SUCCEEDED, client.onStartReply("<blob status='complete' />").kind());
        assertEquals("anonymous", session.identity().orElseThrow().authorizationId());

        SaslInitiatorExchange plain = SaslInitiatorExchange.create(SaslMechanism.PLAIN, SaslExchangeTest.bob(),
                "localhost", new SessionSecurity(), true);
        assertEquals("\0bob\0secret", decoded(plain.startContent()));
        assertEquals(SaslStep.Kind.SUCCEEDED, plain.onStartReply("<blob status='complete'/>").kind());
    }

    @Test
    void aServerClaimingDigestSuccessWithoutRspauthIsNotBelieved() throws Exception {
        SaslInitiatorExchange client = SaslInitiatorExchange.create(SaslMechanism.DIGEST_MD5, SaslExchangeTest.bob(),
                "localhost", new SessionSecurity(), true);
        client.startContent();
        String challenge = "realm=\"aspl.es\",nonce=\"OA6MG9tEQGm2hh\",qop=\"auth\",charset=utf-8,algorithm=md5-sess";
        SaslStep response = client.onStartReply("<blob>" + b64(challenge) + "</blob>");
        assertEquals(SaslStep.Kind.SEND, response.kind());
        assertTrue(decoded(response.message()).contains("username=\"bob\""));
        SaslStep step = client.onReply("<blob status='complete' />".getBytes(StandardCharsets.UTF_8));
        assertEquals(SaslStep.Kind.FAILED, step.kind());
        assertTrue(step.diagnostic().contains("did not prove itself"), step.diagnostic());
    }

    @Test
    void aForgedRspauthAbortsTheExchange() throws Exception {
        SaslInitiatorExchange client = SaslInitiatorExchange.create(SaslMechanism.DIGEST_MD5, SaslExchangeTest.bob(),
                "localhost", new SessionSecurity(), true);
        client.startContent();
        client.onStartReply("<blob>" + b64("realm=\"aspl.es\",nonce=\"abc\",qop=\"auth\",algorithm=md5-sess") + "</blob>");
        SaslStep step = client.onReply(("<blob status='complete'>" + b64("rspauth=00000000000000000000000000000000")
                + "</blob>").getBytes(StandardCharsets.UTF_8));
        assertEquals(SaslStep.Kind.FAILED, step.kind());
        assertEquals("<blob status='abort' />", step.message());
    }

    @Test
    void failuresAreLoggedWithoutThePassword() throws Exception {
        List<LogRecord> records = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                records.add(r);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger listenerLog = Logger.getLogger(SaslListenerExchange.class.getName());
        Logger initiatorLog = Logger.getLogger(SaslInitiatorExchange.class.getName());
        listenerLog.addHandler(capture);
        initiatorLog.addHandler(capture);
        try {
            String secret = "Zq9-unguessable";
            for (SaslMechanism m : List.of(SaslMechanism.PLAIN, SaslMechanism.CRAM_MD5, SaslMechanism.DIGEST_MD5)) {
                SaslStep step = SaslHarness.create().run(SaslInitiatorExchange.create(m,
                                SaslCredentials.password("bob\u0007\n", secret.toCharArray()), "localhost",
                                new SessionSecurity(), true),
                        new SaslListenerExchange(m, SaslExchangeTest.config(m), new SessionSecurity()), null);
                assertEquals(SaslStep.Kind.FAILED, step.kind());
            }
        } finally {
            listenerLog.removeHandler(capture);
            initiatorLog.removeHandler(capture);
        }
        assertFalse(records.isEmpty());
        for (LogRecord r : records) {
            assertFalse(r.getMessage().contains("Zq9"), r.getMessage());
            assertFalse(r.getMessage().contains("\n"), "one line per failure: " + r.getMessage());
        }
    }
}
