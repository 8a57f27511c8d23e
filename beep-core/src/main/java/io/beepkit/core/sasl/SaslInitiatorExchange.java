package io.beepkit.core.sasl;

import io.beepkit.core.LogText;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.core.sasl.SaslMessage.Blob;
import io.beepkit.core.sasl.SaslMessage.Status;

import javax.security.sasl.SaslClient;
import javax.security.sasl.SaslException;
import java.lang.System.Logger.Level;
import java.util.Optional;

/**
 * The initiator's side of one SASL exchange (RFC 3080 §4.1), without transport. The engine asks for the start's
 * piggybacked content ({@link #startContent}), starts a channel on {@link SaslMechanism#profileUri()} with it, then
 * feeds the outcome ({@link #onStartReply} or {@link #onStartRefused}) and every later reply ({@link #onReply},
 * {@link #onError}); each returns a {@link SaslStep}: a MSG to send, success, or failure. Accepts what Vortex sends:
 * challenges without a status attribute, {@code status='complete'} with final data (DIGEST-MD5's rspauth, checked),
 * and an {@code <error>} inside an RPY. Not thread-safe: feed replies one at a time.
 */
public final class SaslInitiatorExchange {
    private static final System.Logger LOG = System.getLogger(SaslInitiatorExchange.class.getName());
    /** Bound on server messages in one exchange and on each one's size. */
    private static final int MAX_STEPS = 8;
    private static final int MAX_CHARS = 16384;
    private static final String ABORT = BlobCodec.write(new Blob(Status.ABORT, null));
    private static final String EMPTY = BlobCodec.write(Blob.of(null));

    private final SaslMechanism mechanism;
    private final SaslCredentials credentials;
    private final SessionSecurity security;
    private final SaslClient client;
    private boolean started;
    private boolean over;
    private int steps;
    private SaslIdentity identity;

    private SaslInitiatorExchange(SaslMechanism mechanism, SaslCredentials credentials, SessionSecurity security,
                                  SaslClient client) {
        this.mechanism = mechanism;
        this.credentials = credentials;
        this.security = security;
        this.client = client;
    }

    /**
     * Prepares an exchange.
     *
     * @param serverName     the host name the client connects to (DIGEST-MD5's digest-uri), or null
     * @param plainWithoutTls true to allow PLAIN on a session without TLS (the password then crosses in clear)
     * @throws IllegalStateException if the session rules forbid SASL now, or PLAIN without TLS is not allowed
     * @throws SaslException         if the JVM cannot create the mechanism or the credentials do not fit it
     */
    public static SaslInitiatorExchange create(SaslMechanism mechanism, SaslCredentials credentials, String serverName,
                                               SessionSecurity security, boolean plainWithoutTls)
            throws SaslException {
        Optional<String> refusal = security.saslStartRefusal();
        if (refusal.isPresent()) {
            throw new IllegalStateException(refusal.get());
        }
        if (mechanism == SaslMechanism.PLAIN && !security.tlsActive() && !plainWithoutTls) {
            throw new IllegalStateException("PLAIN would send the password in clear: start TLS first or allow it");
        }
        return new SaslInitiatorExchange(mechanism, credentials, security,
                ClientMechanism.create(mechanism, credentials, serverName));
    }

    /** The profile URI to start. */
    public String profileUri() {
        return mechanism.profileUri();
    }

    /** The {@code <blob>} to piggyback in the start's {@code <profile>}, or null when the mechanism has none. */
    public String startContent() throws SaslException {
        if (started) {
            throw new IllegalStateException("startContent called twice");
        }
        started = true;
        if (!client.hasInitialResponse()) {
            return null;
        }
        steps++;
        return BlobCodec.write(Blob.of(client.evaluateChallenge(new byte[0])));
    }

    /** The start was accepted; {@code peerInitData} is the reply's piggybacked content, or null. */
    public SaslStep onStartReply(String peerInitData) {
        requireRunning();
        if (peerInitData == null || peerInitData.isBlank()) {
            // The server sent nothing yet: an empty blob asks it for its challenge or verdict.
            return SaslStep.send(EMPTY);
        }
        return onServerMessage(peerInitData);
    }

    /** The start was refused with {@code code} (535: the initial response failed to authenticate). */
    public SaslStep onStartRefused(int code, String diagnostic) {
        return onError(code, diagnostic);
    }

    /** An RPY arrived for the last MSG; {@code body} is its entity body (MIME headers removed). */
    public SaslStep onReply(byte[] body) {
        requireRunning();
        return onServerMessage(BlobCodec.text(body));
    }

    /** An ERR arrived for the last MSG (535: authentication failed). */
    public SaslStep onError(int code, String diagnostic) {
        requireRunning();
        return fail(code, "server refused: " + code + " " + LogText.escape(diagnostic, 200), null);
    }

    /** Gives up: the abort blob to send as a MSG, after which the exchange is over. */
    public String abort() {
        over = true;
        dispose();
        return ABORT;
    }

    /** True once the exchange succeeded or failed. */
    public boolean isOver() {
        return over;
    }

    /** The identity, once succeeded. */
    public Optional<SaslIdentity> identity() {
        return Optional.ofNullable(identity);
    }

    private SaslStep onServerMessage(String xml) {
        if (++steps > MAX_STEPS) {
            return fail(0, "more than " + MAX_STEPS + " server messages", ABORT);
        }
        SaslMessage message;
        try {
            message = BlobCodec.parse(xml, MAX_CHARS);
        } catch (BeepProtocolException e) {
            return fail(0, "malformed server message: " + e.getMessage(), ABORT);
        }
        if (message instanceof SaslMessage.Error err) {
            return fail(err.code(), "server refused: " + err.code() + " " + LogText.escape(err.diagnostic(), 200),
                    null);
        }
        Blob blob = (Blob) message;
        byte[] data = blob.data();
        try {
            switch (blob.status()) {
                case ABORT:
                    return fail(0, "server sent status='abort'", null);
                case COMPLETE:
                    if (data.length > 0) {
                        byte[] more = client.evaluateChallenge(data);
                        if (more != null && more.length > 0) {
                            return fail(0, "server reported success but the mechanism has more to say", ABORT);
                        }
                    }
                    if (!client.isComplete()) {
                        return fail(0, "server reported success before " + mechanism.saslName()
                                + " completed (the server did not prove itself)", null);
                    }
                    return succeed();
                default:
                    if (client.isComplete()) {
                        if (data.length > 0) {
                            return fail(0, "server sent a challenge after the mechanism completed", ABORT);
                        }
                        return SaslStep.send(EMPTY);
                    }
                    return SaslStep.send(BlobCodec.write(Blob.of(client.evaluateChallenge(data))));
            }
        } catch (SaslException | RuntimeException e) {
            return fail(0, mechanism.saslName() + " failed: " + LogText.escape(String.valueOf(e.getMessage()), 200),
                    ABORT);
        }
    }

    private SaslStep succeed() {
        String authcid = switch (mechanism) {
            case ANONYMOUS -> credentials.trace();
            case EXTERNAL -> credentials.authorizationId() == null ? "" : credentials.authorizationId();
            default -> credentials.user();
        };
        String authzid = mechanism == SaslMechanism.ANONYMOUS ? "anonymous"
                : credentials.authorizationId() != null ? credentials.authorizationId() : authcid;
        SaslIdentity id = new SaslIdentity(mechanism, authcid, authzid);
        if (!security.authenticated(id)) {
            return fail(0, "another exchange authenticated the session first", null);
        }
        identity = id;
        over = true;
        dispose();
        return SaslStep.succeeded(id);
    }

    private SaslStep fail(int code, String diagnostic, String abortBlob) {
        over = true;
        dispose();
        LOG.log(Level.INFO, "SASL " + mechanism.saslName() + " authentication failed: " + diagnostic);
        return SaslStep.failed(code, diagnostic, abortBlob);
    }

    private void dispose() {
        try {
            client.dispose();
        } catch (SaslException ignored) {
            // nothing more to release
        }
    }

    private void requireRunning() {
        if (!started) {
            throw new IllegalStateException("startContent must be called first");
        }
        if (over) {
            throw new IllegalStateException("the exchange is over");
        }
    }
}
