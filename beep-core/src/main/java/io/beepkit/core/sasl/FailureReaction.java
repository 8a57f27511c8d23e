package io.beepkit.core.sasl;

import io.beepkit.api.BeepSession;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.core.LogText;

import java.lang.System.Logger.Level;
import java.util.concurrent.TimeUnit;

/**
 * What a listener does about failed authentications: counts them per session (the session is closed after
 * {@link SaslListenerConfig#maxFailuresPerSession()}, its last failure answered first) and per remote address
 * ({@link FailureBound}: SASL starts from an address over its bound are refused with 454). Each bound reached writes
 * one log line naming the address, the mechanism and the user name tried (escaped), never a credential. One per
 * listener, shared by its SASL profile handlers.
 */
public final class FailureReaction {
    private static final System.Logger LOG = System.getLogger(FailureReaction.class.getName());
    /** How long a graceful release may take before the session is cut. */
    private static final long CLOSE_TIMEOUT_SECONDS = 5;

    private final SaslListenerConfig config;
    private final FailureBound addresses;

    /** The reaction {@code config} asks for. */
    public FailureReaction(SaslListenerConfig config) {
        this(config, new FailureBound(config));
    }

    FailureReaction(SaslListenerConfig config, FailureBound addresses) {
        this.config = config;
        this.addresses = addresses;
    }

    /** Why a SASL start on {@code session} is refused (454) before any credential is looked at, or null. */
    public String startRefusal(BeepSession session) {
        if (addresses.exhausted(session.remoteAddress())) {
            return "too many failed authentications from this address; try again later";
        }
        return null;
    }

    /**
     * After each step of {@code exchange}: if it has just failed as an attempt, counts it, and closes the session
     * when it reaches its bound. Call after the answer to the step was handed to the session, so that it leaves first.
     */
    public void afterStep(BeepSession session, SessionSecurity security, SaslListenerExchange exchange) {
        if (!exchange.attemptFailed()) {
            return;
        }
        if (addresses.failed(session.remoteAddress())) {
            LOG.log(Level.WARNING, "SASL: " + LogText.escape(session.remoteAddress()) + " reached "
                    + config.maxFailuresPerAddress() + " failed authentications within " + config.failureWindow()
                    + "; its SASL starts are refused until the allowance grows back (last: "
                    + describe(exchange) + ")");
        }
        int failures = security.authenticationFailed();
        if (failures == config.maxFailuresPerSession()) {
            LOG.log(Level.WARNING, "SASL: closing the session with " + LogText.escape(session.remoteAddress())
                    + " after " + failures + " failed authentications (last: " + describe(exchange) + ")");
            session.close().orTimeout(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS).whenComplete((v, e) -> {
                if (e != null) {
                    session.terminate();
                }
            });
        }
    }

    private static String describe(SaslListenerExchange exchange) {
        String user = exchange.attemptedUser();
        return exchange.mechanism().saslName() + (user == null ? "" : " as user \"" + LogText.escape(user, 64) + "\"");
    }
}
