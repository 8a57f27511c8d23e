package io.beepkit.netty.interop;

import io.beepkit.api.BeepSession;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.core.sasl.SaslStep;
import io.beepkit.core.sasl.SessionSecurity;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.sasl.SaslOverSession;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SASL initiator exchange against Vortex's regression listener (GNU SASL underneath), with the credentials of
 * the INTEROP notes: {@code bob}/{@code secret} in realm {@code aspl.es}, ANONYMOUS token {@code test@aspl.es}.
 * Drives the exchange over today's public session API (start with piggyback, MSG/RPY on the channel), the way the
 * engine will once the profile is wired in. Skipped unless {@value VortexPeer#ENV} points at a built Vortex.
 */
@Tag("interop")
@EnabledIfEnvironmentVariable(named = VortexPeer.ENV, matches = ".+",
        disabledReason = "Vortex peer absent: set BEEP_VORTEX_TEST_DIR to a built libvortex-1.1/test directory (docs/interop.md)")
class VortexSaslInteropTest {
    @RegisterExtension
    static final TeardownExtension TEARDOWN = new TeardownExtension();

    static final int OFFSET = 370;
    @RegisterExtension
    static final VortexListener VORTEX = new VortexListener(OFFSET);
    static final int PORT = VORTEX.port();

    static BeepClient client;

    @BeforeAll
    static void startClient() {
        client = TEARDOWN.add(BeepClient.builder().build());
    }

    /** Runs one exchange on a fresh session. */
    private static SaslStep authenticate(SaslMechanism m, SaslCredentials credentials, SessionSecurity security)
            throws Exception {
        BeepSession session = client.connect("127.0.0.1", PORT).get(10, TimeUnit.SECONDS);
        TEARDOWN.onClose(session::terminate); // ended after the test that opened it
        assertTrue(session.peerProfiles().contains(m.profileUri()), session.peerProfiles().toString());
        return SaslOverSession.authenticate(session, m, credentials, security);
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class, names = {"PLAIN", "CRAM_MD5", "DIGEST_MD5"})
    void bobAuthenticatesWithEveryPasswordMechanism(SaslMechanism m) throws Exception {
        SessionSecurity security = new SessionSecurity();
        SaslStep step = authenticate(m, SaslCredentials.password("bob", "secret".toCharArray()).withRealm("aspl.es"),
                security);
        assertEquals(SaslStep.Kind.SUCCEEDED, step.kind(), step.diagnostic());
        assertEquals("bob", security.identity().orElseThrow().authenticationId());
    }

    @Test
    void anonymousWithVortexsToken() throws Exception {
        SaslStep step = authenticate(SaslMechanism.ANONYMOUS, SaslCredentials.anonymous("test@aspl.es"),
                new SessionSecurity());
        assertEquals(SaslStep.Kind.SUCCEEDED, step.kind(), step.diagnostic());
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class, names = {"PLAIN", "CRAM_MD5", "DIGEST_MD5"})
    void wrongPasswordFails(SaslMechanism m) throws Exception {
        SessionSecurity security = new SessionSecurity();
        SaslStep step = authenticate(m, SaslCredentials.password("bob", "wrong".toCharArray()).withRealm("aspl.es"),
                security);
        assertEquals(SaslStep.Kind.FAILED, step.kind());
        assertTrue(security.identity().isEmpty());
    }
}
