package io.beepkit.core.sasl;

import io.beepkit.api.security.SaslAuthenticator;

import javax.security.sasl.AuthenticationException;

/** The authorization rule shared by every server mechanism. */
final class Identities {
    private Identities() {
    }

    /**
     * The authorization identity for {@code authcid} asking for {@code authzid}: the authcid itself when none (or
     * the same) is asked, else {@code authzid} if the authenticator allows it.
     */
    static String authorize(SaslAuthenticator authenticator, String authcid, String authzid)
            throws AuthenticationException {
        if (authzid == null || authzid.isEmpty() || authzid.equals(authcid)) {
            return authcid;
        }
        if (!authenticator.authorize(authcid, authzid)) {
            throw new AuthenticationException("authentication identity may not act as the requested authorization identity");
        }
        return authzid;
    }
}
