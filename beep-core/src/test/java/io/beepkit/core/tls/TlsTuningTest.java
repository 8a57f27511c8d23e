package io.beepkit.core.tls;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.StartDecision;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.api.security.TlsSessionInfo;
import io.beepkit.core.sasl.SaslListenerExchange;
import io.beepkit.core.sasl.SessionSecurity;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The TLS profile's decisions (RFC 3080 §3.1): the RFC's examples and the session rules. */
class TlsTuningTest {

    @Test
    void piggybackedReadyIsAnsweredWithProceed() {
        StartDecision d = TlsTuning.onStart("\n  <ready />\n", new SessionSecurity());
        assertTrue(d.accepted());
        assertEquals("<proceed />", d.replyData());
        assertTrue(TlsTuning.proceeds(d));
        assertEquals("<ready />", TlsTuning.readyContent());
    }

    @Test
    void malformedReadyIsAcceptedWithAnEncapsulatedError() {
        // RFC 3080 section 3.1.1: the channel is created, the encapsulated operation fails
        StartDecision d = TlsTuning.onStart("<ready version=\"oops\" />", new SessionSecurity());
        assertTrue(d.accepted());
        assertFalse(TlsTuning.proceeds(d));
        TlsMessage.Error e = (TlsMessage.Error) TlsMessageCodec.parse(d.replyData());
        assertEquals(501, e.code());
        assertEquals(501, ((TlsMessage.Error) TlsMessageCodec.parse(
                TlsTuning.onStart("<proceed />", new SessionSecurity()).replyData())).code());
        assertEquals(501, ((TlsMessage.Error) TlsMessageCodec.parse(
                TlsTuning.onStart("<!DOCTYPE x><ready/>", new SessionSecurity()).replyData())).code());
    }

    @Test
    void startWithoutPiggybackWaitsForTheReadyMessage() {
        SessionSecurity s = new SessionSecurity();
        StartDecision d = TlsTuning.onStart(null, s);
        assertTrue(d.accepted());
        assertFalse(TlsTuning.proceeds(d));
        assertInstanceOf(TlsMessage.Proceed.class, TlsTuning.onMessage("<ready/>", s));
        assertEquals(501, ((TlsMessage.Error) TlsTuning.onMessage("<blob/>", s)).code());
    }

    @Test
    void noTlsTwiceAndNoTlsAfterSasl() {
        SessionSecurity secured = new SessionSecurity();
        secured.tlsEstablished(new TlsSessionInfo("TLSv1.3", "TLS_AES_128_GCM_SHA256", List.of(), null));
        assertEquals(550, TlsTuning.onStart("<ready />", secured).code());
        assertEquals(550, ((TlsMessage.Error) TlsTuning.onMessage("<ready />", secured)).code());

        SessionSecurity authenticated = new SessionSecurity();
        SaslListenerExchange anonymous = new SaslListenerExchange(SaslMechanism.ANONYMOUS,
                SaslListenerConfig.builder(new SaslAuthenticator() {
                    @Override
                    public boolean acceptAnonymous(String trace) {
                        return true;
                    }
                }).mechanisms(EnumSet.of(SaslMechanism.ANONYMOUS)).build(), authenticated);
        assertTrue(anonymous.onStart(null, null).accepted());
        StartDecision refused = TlsTuning.onStart("<ready />", authenticated);
        assertFalse(refused.accepted());
        assertEquals(550, refused.code());
        assertTrue(refused.diagnostic().contains("after SASL"), refused.diagnostic());
    }

    @Test
    void theInitiatorReadsProceedOrErrorAndNothingElse() {
        assertInstanceOf(TlsMessage.Proceed.class, TlsTuning.onAnswer("<proceed />"));
        TlsMessage.Error e = (TlsMessage.Error) TlsTuning.onAnswer(
                "<error code='421'>application level have reject to negotiate TLS transport layer</error>");
        assertEquals(421, e.code());
        assertThrows(BeepProtocolException.class, () -> TlsTuning.onAnswer(null));
        assertThrows(BeepProtocolException.class, () -> TlsTuning.onAnswer("<ready />"));
        assertThrows(BeepProtocolException.class, () -> TlsTuning.onAnswer("<proceed>now</proceed>"));
    }
}
