package io.beepkit.api.security;

import java.util.Objects;

/**
 * The outcome of a successful SASL exchange, kept for the rest of the session (RFC 3080 §4).
 *
 * @param mechanism        the mechanism that succeeded
 * @param authenticationId the identity whose credentials were checked: the user name (PLAIN, CRAM-MD5,
 *                         DIGEST-MD5), the identity derived from the client certificate (EXTERNAL), or the trace
 *                         string the client gave (ANONYMOUS, possibly empty)
 * @param authorizationId  the identity to act as: the one the client asked for and the authenticator allowed, else
 *                         the authentication identity ({@code anonymous} for ANONYMOUS)
 */
public record SaslIdentity(SaslMechanism mechanism, String authenticationId, String authorizationId) {
    /** Checks that every part is present. */
    public SaslIdentity {
        Objects.requireNonNull(mechanism, "mechanism");
        Objects.requireNonNull(authenticationId, "authenticationId");
        Objects.requireNonNull(authorizationId, "authorizationId");
    }
}
