package io.beepkit.netty.sasl;

import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.core.sasl.FailureReaction;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SCRAM over real sessions on 127.0.0.1 through the public API ({@link BeepServer.Builder#sasl},
 * {@link BeepSession#authenticate}): success with the identity on both sides, a wrong password and an unknown user
 * refused alike with 535, and the listener's bounds on failed authentications: a session closed after its third
 * failure, then the address refused with 454 while it is over its bound, even with the right password.
 */
class ScramSessionTest {
    static final SaslAuthenticator USERS = SaslAuthenticator.ofPasswords(Map.of("bob", "secret"));
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();
    BeepServer server;
    BeepClient client;

    @BeforeEach
    void client() {
        client = teardown.add(BeepClient.builder().build());
    }

    void start(SaslListenerConfig.Builder sasl) throws Exception {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).sasl(sasl.build()).build().start()
                .get(5, TimeUnit.SECONDS));
    }

    BeepSession connect() throws Exception {
        return client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
    }

    BeepSession listenerSideOf(BeepSession initiator) {
        return server.sessions().stream().filter(s -> s.remoteAddress().equals(initiator.localAddress()))
                .findFirst().orElseThrow();
    }

    static SaslCredentials as(String user, String password) {
        return SaslCredentials.password(user, password.toCharArray());
    }

    static int refusal(BeepSession session, SaslMechanism m, SaslCredentials credentials) {
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> session.authenticate(m, credentials).get(10, TimeUnit.SECONDS));
        return assertInstanceOf(BeepErrorException.class, e.getCause(), String.valueOf(e.getCause())).code();
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class, names = {"SCRAM_SHA_1", "SCRAM_SHA_256"})
    void scramAuthenticatesAndBothSidesKnowTheIdentity(SaslMechanism m) throws Exception {
        start(SaslListenerConfig.builder(USERS).mechanisms(EnumSet.of(m)));
        BeepSession session = connect();
        assertTrue(session.peerProfiles().contains(m.profileUri()), session.peerProfiles().toString());
        SaslIdentity id = session.authenticate(m, as("bob", "secret")).get(10, TimeUnit.SECONDS);
        SaslIdentity expected = new SaslIdentity(m, "bob", "bob");
        assertEquals(expected, id);
        assertEquals(expected, session.identity().orElseThrow());
        assertEquals(expected, listenerSideOf(session).identity().orElseThrow());
        session.close().get(5, TimeUnit.SECONDS);
    }

    @Test
    void wrongPasswordAndUnknownUserAreRefusedAlike() throws Exception {
        start(SaslListenerConfig.builder(USERS).mechanisms(EnumSet.of(SaslMechanism.SCRAM_SHA_256)));
        BeepSession session = connect();
        ExecutionException wrong = assertThrows(ExecutionException.class, () -> session
                .authenticate(SaslMechanism.SCRAM_SHA_256, as("bob", "guess")).get(10, TimeUnit.SECONDS));
        ExecutionException unknown = assertThrows(ExecutionException.class, () -> session
                .authenticate(SaslMechanism.SCRAM_SHA_256, as("mallory", "secret")).get(10, TimeUnit.SECONDS));
        BeepErrorException w = assertInstanceOf(BeepErrorException.class, wrong.getCause());
        BeepErrorException u = assertInstanceOf(BeepErrorException.class, unknown.getCause());
        assertEquals(535, w.code());
        assertEquals(w.code(), u.code());
        assertEquals(w.diagnostic(), u.diagnostic());
        assertTrue(session.identity().isEmpty());
        assertTrue(listenerSideOf(session).identity().isEmpty());
        // two failures are under the bound of three: the session stays and the right password still works
        assertEquals("bob", session.authenticate(SaslMechanism.SCRAM_SHA_256, as("bob", "secret"))
                .get(10, TimeUnit.SECONDS).authenticationId());
    }

    @Test
    void failedAttemptsCloseTheSessionThenTheAddressIsRefused() throws Exception {
        start(SaslListenerConfig.builder(USERS).mechanisms(EnumSet.of(SaslMechanism.SCRAM_SHA_256))
                .maxFailuresPerSession(3).maxFailuresPerAddress(5).failureWindow(Duration.ofMinutes(10)));
        SaslMechanism m = SaslMechanism.SCRAM_SHA_256;
        List<String> warnings = new CopyOnWriteArrayList<>();
        Logger log = Logger.getLogger(FailureReaction.class.getName());
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                warnings.add(r.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(capture);
        try {
            BeepSession first = connect();
            for (int i = 0; i < 3; i++) {
                assertEquals(535, refusal(first, m, as("bob", "guess" + i)));
            }
            first.closeFuture().get(10, TimeUnit.SECONDS);
            assertFalse(first.isOpen(), "the listener closed the session after its third failure");
            assertEquals(1, warnings.size(), warnings.toString());
            assertTrue(warnings.get(0).contains("after 3 failed authentications (last: SCRAM-SHA-256 as user \"bob\")"),
                    warnings.get(0));
            assertFalse(warnings.get(0).contains("guess"), "no credential in the log");
        } finally {
            log.removeHandler(capture);
        }

        BeepSession second = connect();
        assertEquals(535, refusal(second, m, as("bob", "guess3")));
        assertEquals(535, refusal(second, m, as("bob", "guess4")));
        // the address has used its five failures: the right password is refused before it is looked at
        assertEquals(454, refusal(second, m, as("bob", "secret")));
        BeepSession third = connect();
        assertEquals(454, refusal(third, m, as("bob", "secret")));
        assertTrue(third.identity().isEmpty());
    }
}
