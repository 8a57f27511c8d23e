package io.beepkit.api.security;

import java.util.Objects;

/**
 * The outcome of a successful SASL exchange, kept for the rest of the session (RFC 3080 §4).
 */
public final class SaslIdentity {
    private final SaslMechanism mechanism;
    private final String authenticationId;
    private final String authorizationId;

    /** Checks that every part is present. */
    public SaslIdentity(SaslMechanism mechanism, String authenticationId, String authorizationId) {
        Objects.requireNonNull(mechanism, "mechanism");
        Objects.requireNonNull(authenticationId, "authenticationId");
        Objects.requireNonNull(authorizationId, "authorizationId");
        this.mechanism = mechanism;
        this.authenticationId = authenticationId;
        this.authorizationId = authorizationId;
    }

    /** The mechanism that succeeded. */
    public SaslMechanism mechanism() {
        return mechanism;
    }

    /**
     * The identity whose credentials were checked: the user name (SCRAM, PLAIN, CRAM-MD5, DIGEST-MD5), the identity
     * derived from the client certificate (EXTERNAL), or the trace string the client gave (ANONYMOUS, possibly
     * empty).
     */
    public String authenticationId() {
        return authenticationId;
    }

    /**
     * The identity to act as: the one the client asked for and the authenticator allowed, else the authentication
     * identity ({@code anonymous} for ANONYMOUS).
     */
    public String authorizationId() {
        return authorizationId;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SaslIdentity that
                && Objects.equals(mechanism, that.mechanism)
                && Objects.equals(authenticationId, that.authenticationId)
                && Objects.equals(authorizationId, that.authorizationId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(mechanism, authenticationId, authorizationId);
    }

    @Override
    public String toString() {
        return "SaslIdentity[mechanism=" + mechanism + ", authenticationId=" + authenticationId
                + ", authorizationId=" + authorizationId + "]";
    }
}
