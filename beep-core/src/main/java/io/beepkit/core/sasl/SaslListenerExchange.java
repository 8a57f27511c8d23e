package io.beepkit.core.sasl;

import io.beepkit.core.LogText;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.StartDecision;
import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.core.sasl.SaslMessage.Blob;
import io.beepkit.core.sasl.SaslMessage.Status;

import javax.security.sasl.SaslException;
import java.lang.System.Logger.Level;
import java.util.Optional;

/**
 * The listener's side of one SASL exchange on one channel (RFC 3080 §4.1), without transport. The engine creates
 * one per accepted SASL start, hands it the start's piggybacked content ({@link #onStart}) and then each MSG body on
 * the channel ({@link #onMessage}), and sends what they return. Challenges travel as {@code <blob>} RPYs, success as
 * {@code <blob status='complete'>} (carrying the mechanism's final data, such as DIGEST-MD5's rspauth), failure as
 * ERR 535 or, at the start, a refused start with code 535. On success the identity is recorded in the session's
 * {@link SessionSecurity}, which then refuses further SASL and any TLS. Failures are logged at INFO without secrets;
 * peer text is escaped. Not thread-safe: the engine calls it one message at a time, as it does profile handlers.
 */
public final class SaslListenerExchange {
    private static final System.Logger LOG = System.getLogger(SaslListenerExchange.class.getName());
    private static final FailureLog FAILURES = new FailureLog(line -> LOG.log(Level.INFO, line), System::nanoTime);

    /** Where the exchange stands. */
    public enum State {
        /** Created; {@link #onStart} not yet called. */
        NEW,
        /** Waiting for the client's next blob. */
        IN_PROGRESS,
        /** Authenticated; the identity is in {@link #identity()} and the session's {@link SessionSecurity}. */
        SUCCEEDED,
        /** Failed, refused or aborted; further messages get ERR. */
        FAILED
    }

    private final SaslMechanism mechanism;
    private final SaslListenerConfig config;
    private final SessionSecurity security;
    private ServerMechanism server;
    private State state = State.NEW;
    private int steps;
    private SaslIdentity identity;
    private boolean attemptFailed;

    /**
     * An exchange of {@code mechanism} on a session whose security state is {@code security}.
     *
     * @param mechanism the mechanism of the started profile ({@link SaslMechanism#forProfileUri})
     */
    public SaslListenerExchange(SaslMechanism mechanism, SaslListenerConfig config, SessionSecurity security) {
        this.mechanism = mechanism;
        this.config = config;
        this.security = security;
    }

    /**
     * The peer starts the channel: checks the session rules and runs the first step on the piggybacked initial
     * response, if any.
     *
     * @param initData   the start's piggybacked {@code <profile>} content, or null
     * @param serverName the start's serverName, or null
     * @return accept with the reply's piggybacked {@code <blob>}, or a refusal: 550 for SASL after SASL or an
     *         unoffered mechanism, 538 for PLAIN without TLS, 501 for a malformed blob, 535 for failed authentication
     */
    public StartDecision onStart(String initData, String serverName) {
        if (state != State.NEW) {
            throw new IllegalStateException("onStart called twice");
        }
        state = State.FAILED;
        if (!config.mechanisms().contains(mechanism)) {
            return refuse(550, mechanism.saslName() + " is not offered");
        }
        Optional<String> refusal = security.saslStartRefusal();
        if (refusal.isPresent()) {
            return refuse(550, refusal.get());
        }
        if (mechanism == SaslMechanism.PLAIN && !security.tlsActive() && !config.plainWithoutTls()) {
            return refuse(538, "PLAIN requires TLS on this listener");
        }
        Blob initial;
        try {
            initial = initData == null || initData.isBlank() ? Blob.of(new byte[0])
                    : BlobCodec.parseBlob(initData, config.maxBlobChars());
        } catch (BeepProtocolException e) {
            return refuse(501, e.getMessage());
        }
        if (initial.status() == Status.ABORT) {
            attemptFailed = true;
            return refuse(535, "authentication aborted by the client");
        }
        try {
            server = ServerMechanism.create(mechanism, config, security.tls(), serverName);
        } catch (SaslException e) {
            return refuse(454, "cannot start " + mechanism.saslName() + ": " + e.getMessage());
        }
        state = State.IN_PROGRESS;
        SaslAnswer first = step(initial.data());
        // step() has already logged and recorded a failure
        return first.positive() ? StartDecision.accept(first.blob())
                : StartDecision.refuse(first.code(), first.diagnostic());
    }

    /** A MSG arrived on the channel; {@code body} is its entity body (MIME headers removed). */
    public SaslAnswer onMessage(byte[] body) {
        return onMessage(BlobCodec.text(body));
    }

    /** A MSG arrived on the channel, its body as text. */
    public SaslAnswer onMessage(String body) {
        switch (state) {
            case NEW -> throw new IllegalStateException("onMessage before onStart");
            case SUCCEEDED -> {
                return SaslAnswer.error(550, "authentication already complete");
            }
            case FAILED -> {
                return SaslAnswer.error(550, "this SASL exchange has ended; start a new channel");
            }
            default -> {
                // in progress: go on
            }
        }
        Blob blob;
        try {
            blob = BlobCodec.parseBlob(body, config.maxBlobChars());
        } catch (BeepProtocolException e) {
            fail("malformed blob: " + e.getMessage());
            return SaslAnswer.error(501, e.getMessage());
        }
        if (blob.status() == Status.ABORT) {
            attemptFailed = true;
            fail("aborted by the client");
            return SaslAnswer.error(535, "authentication aborted by the client");
        }
        if (blob.status() == Status.COMPLETE) {
            fail("client sent status='complete'");
            return SaslAnswer.error(501, "status='complete' is the server's to send");
        }
        return step(blob.data());
    }

    private SaslAnswer step(byte[] response) {
        if (++steps > config.maxSteps()) {
            attemptFailed = true;
            fail("more than " + config.maxSteps() + " steps");
            return SaslAnswer.error(535, "too many authentication steps");
        }
        byte[] challenge;
        try {
            challenge = server.server().evaluateResponse(response);
        } catch (SaslException | RuntimeException e) {
            // A peer's bytes must never escape as an exception: any mechanism error is a failed authentication.
            attemptFailed = true;
            fail(String.valueOf(e.getMessage()));
            return SaslAnswer.error(535, "authentication failure");
        }
        if (!server.server().isComplete()) {
            return SaslAnswer.reply(BlobCodec.write(Blob.of(challenge)));
        }
        SaslIdentity id = new SaslIdentity(mechanism, server.authenticationId(), server.server().getAuthorizationID());
        dispose();
        if (!security.authenticated(id)) {
            fail("another exchange authenticated the session first");
            return SaslAnswer.error(550, "the session is already authenticated");
        }
        identity = id;
        state = State.SUCCEEDED;
        return SaslAnswer.reply(BlobCodec.write(new Blob(Status.COMPLETE, challenge)));
    }

    private StartDecision refuse(int code, String diagnostic) {
        fail(diagnostic);
        return StartDecision.refuse(code, diagnostic);
    }

    private void fail(String reason) {
        state = State.FAILED;
        dispose();
        FAILURES.failure("SASL " + mechanism.saslName() + " authentication failed: " + LogText.escape(reason, 200));
    }

    private void dispose() {
        if (server != null) {
            try {
                server.server().dispose();
            } catch (SaslException ignored) {
                // nothing more to release
            }
        }
    }

    /** The mechanism. */
    public SaslMechanism mechanism() {
        return mechanism;
    }

    /** Where the exchange stands. */
    public State state() {
        return state;
    }

    /**
     * True once the exchange failed as an authentication attempt (wrong credentials, a malformed mechanism message,
     * an abort, too many steps), which the listener's bounds on failures count; a refusal by the session rules
     * (mechanism not offered, PLAIN without TLS, already authenticated) is not one.
     */
    public boolean attemptFailed() {
        return attemptFailed;
    }

    /** The user name the client gave, for a log line (escape it), or null when the mechanism did not tell. */
    public String attemptedUser() {
        return server == null ? null : server.attemptedUser();
    }

    /** The identity, once {@link State#SUCCEEDED}. */
    public Optional<SaslIdentity> identity() {
        return Optional.ofNullable(identity);
    }
}
