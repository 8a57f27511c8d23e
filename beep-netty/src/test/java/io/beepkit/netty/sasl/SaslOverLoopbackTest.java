package io.beepkit.netty.sasl;

import io.beepkit.api.BeepSession;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.core.sasl.SaslProfileHandler;
import io.beepkit.core.sasl.SaslStep;
import io.beepkit.core.sasl.SessionSecurity;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.EnumSet;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Both SASL state machines across a real BEEP session on 127.0.0.1: the listener's exchanges registered as ordinary
 * profile handlers ({@link SaslProfileHandler}), the initiator's driven over the public session API. The session
 * security state is kept beside each session here, as the engine will keep it inside.
 */
class SaslOverLoopbackTest {
    @RegisterExtension
    static final TeardownExtension TEARDOWN = new TeardownExtension();

    static final Map<BeepSession, SessionSecurity> LISTENER_STATE = new ConcurrentHashMap<>();
    static BeepServer server;
    static BeepClient client;

    @BeforeAll
    static void start() throws Exception {
        SaslAuthenticator auth = new SaslAuthenticator() {
            @Override
            public char[] password(String user, String realm) {
                return "bob".equals(user) ? "secret".toCharArray() : null;
            }

            @Override
            public boolean acceptAnonymous(String trace) {
                return "test@aspl.es".equals(trace);
            }
        };
        SaslListenerConfig config = SaslListenerConfig.builder(auth).realm("aspl.es")
                .mechanisms(EnumSet.of(SaslMechanism.ANONYMOUS, SaslMechanism.PLAIN, SaslMechanism.CRAM_MD5,
                        SaslMechanism.DIGEST_MD5))
                .build();
        ProfileRegistry registry = SaslProfileHandler.registerAll(new ProfileRegistry(), config,
                s -> LISTENER_STATE.computeIfAbsent(s, k -> new SessionSecurity()));
        server = TEARDOWN.add(BeepServer.builder().bind("127.0.0.1", 0).profiles(registry).build().start()
                .get(5, TimeUnit.SECONDS));
        client = TEARDOWN.add(BeepClient.builder().build());
    }

    private static BeepSession connect() throws Exception {
        return client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
    }

    private static SessionSecurity listenerStateOf(BeepSession initiatorSide) {
        // the listener's session for this connection: the one whose remote address is our local one
        return server.sessions().stream().filter(s -> s.remoteAddress().equals(initiatorSide.localAddress()))
                .findFirst().map(s -> LISTENER_STATE.computeIfAbsent(s, k -> new SessionSecurity())).orElseThrow();
    }

    static SaslCredentials bob(String password) {
        return SaslCredentials.password("bob", password.toCharArray()).withRealm("aspl.es");
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class, names = {"CRAM_MD5", "DIGEST_MD5"})
    void challengeMechanismsAuthenticateBothSides(SaslMechanism m) throws Exception {
        BeepSession session = connect();
        SessionSecurity mine = new SessionSecurity();
        SaslStep step = SaslOverSession.authenticate(session, m, bob("secret"), mine);
        assertEquals(SaslStep.Kind.SUCCEEDED, step.kind(), step.diagnostic());
        assertEquals(new SaslIdentity(m, "bob", "bob"), mine.identity().orElseThrow());
        assertEquals(new SaslIdentity(m, "bob", "bob"), listenerStateOf(session).identity().orElseThrow());
        session.close().get(5, TimeUnit.SECONDS);
    }

    @Test
    void anonymousWithTheVortexToken() throws Exception {
        BeepSession session = connect();
        SaslStep step = SaslOverSession.authenticate(session, SaslMechanism.ANONYMOUS,
                SaslCredentials.anonymous("test@aspl.es"), new SessionSecurity());
        assertEquals(SaslStep.Kind.SUCCEEDED, step.kind(), step.diagnostic());
        session.close().get(5, TimeUnit.SECONDS);
    }

    @Test
    void plainIsRefusedWith538OnThisClearSession() throws Exception {
        BeepSession session = connect();
        SaslStep step = SaslOverSession.authenticate(session, SaslMechanism.PLAIN, bob("secret"),
                new SessionSecurity());
        assertEquals(SaslStep.Kind.FAILED, step.kind());
        assertEquals(538, step.code());
        session.close().get(5, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class, names = {"CRAM_MD5", "DIGEST_MD5"})
    void wrongPasswordGets535AndTheSessionGoesOn(SaslMechanism m) throws Exception {
        BeepSession session = connect();
        SaslStep step = SaslOverSession.authenticate(session, m, bob("guess"), new SessionSecurity());
        assertEquals(SaslStep.Kind.FAILED, step.kind());
        assertEquals(535, step.code());
        assertTrue(listenerStateOf(session).identity().isEmpty());
        SaslStep retry = SaslOverSession.authenticate(session, m, bob("secret"), new SessionSecurity());
        assertEquals(SaslStep.Kind.SUCCEEDED, retry.kind(), "a failed attempt allows another: " + retry.diagnostic());
        session.close().get(5, TimeUnit.SECONDS);
    }

    @Test
    void secondSaslAfterSuccessIsRefusedWith550() throws Exception {
        BeepSession session = connect();
        assertEquals(SaslStep.Kind.SUCCEEDED, SaslOverSession.authenticate(session, SaslMechanism.CRAM_MD5,
                bob("secret"), new SessionSecurity()).kind());
        // a fresh initiator state, so only the listener's rule can stop it
        SaslStep again = SaslOverSession.authenticate(session, SaslMechanism.DIGEST_MD5, bob("secret"),
                new SessionSecurity());
        assertEquals(SaslStep.Kind.FAILED, again.kind());
        assertEquals(550, again.code());
        session.close().get(5, TimeUnit.SECONDS);
    }
}
