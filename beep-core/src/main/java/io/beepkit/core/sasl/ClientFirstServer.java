package io.beepkit.core.sasl;

import javax.security.sasl.Sasl;
import javax.security.sasl.SaslException;
import javax.security.sasl.SaslServer;

/**
 * Base of the hand-written server mechanisms in which the client speaks once and the server only judges (PLAIN,
 * ANONYMOUS, EXTERNAL). None of them negotiates a security layer.
 */
abstract class ClientFirstServer implements SaslServer {
    private final String mechanism;
    private final boolean emptyMessageAllowed;
    private boolean challenged;
    private boolean complete;
    private boolean failed;
    private String authenticationId;
    private String authorizationId;

    /**
     * @param emptyMessageAllowed true if an absent initial response means an empty message (ANONYMOUS, EXTERNAL);
     *                            false to ask for the response with an empty challenge first (PLAIN)
     */
    ClientFirstServer(String mechanism, boolean emptyMessageAllowed) {
        this.mechanism = mechanism;
        this.emptyMessageAllowed = emptyMessageAllowed;
    }

    /**
     * Judges the client's message.
     *
     * @return the identities {@code [authenticationId, authorizationId]}
     * @throws SaslException when authentication fails; the message names no secret
     */
    abstract String[] judge(byte[] message) throws SaslException;

    @Override
    public String getMechanismName() {
        return mechanism;
    }

    @Override
    public byte[] evaluateResponse(byte[] response) throws SaslException {
        if (complete || failed) {
            throw new IllegalStateException(mechanism + " exchange is already over");
        }
        if (response.length == 0 && !emptyMessageAllowed && !challenged) {
            // RFC 4422 section 5: no initial response, so the server sends an empty challenge to ask for it.
            challenged = true;
            return new byte[0];
        }
        try {
            String[] ids = judge(response);
            authenticationId = ids[0];
            authorizationId = ids[1];
            complete = true;
            return null;
        } catch (SaslException | RuntimeException e) {
            failed = true;
            throw e;
        }
    }

    @Override
    public boolean isComplete() {
        return complete;
    }

    /** The authenticated identity, once complete. */
    String authenticationId() {
        requireComplete();
        return authenticationId;
    }

    @Override
    public String getAuthorizationID() {
        requireComplete();
        return authorizationId;
    }

    @Override
    public byte[] unwrap(byte[] incoming, int offset, int len) {
        throw new IllegalStateException(mechanism + " has no security layer");
    }

    @Override
    public byte[] wrap(byte[] outgoing, int offset, int len) {
        throw new IllegalStateException(mechanism + " has no security layer");
    }

    @Override
    public Object getNegotiatedProperty(String propName) {
        requireComplete();
        return Sasl.QOP.equals(propName) ? "auth" : null;
    }

    @Override
    public void dispose() {
        // nothing held
    }

    private void requireComplete() {
        if (!complete) {
            throw new IllegalStateException(mechanism + " exchange is not complete");
        }
    }
}
