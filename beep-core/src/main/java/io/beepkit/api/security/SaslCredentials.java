package io.beepkit.api.security;

import org.jspecify.annotations.Nullable;

import java.util.Arrays;

/**
 * What an initiator authenticates with. Which parts a mechanism uses: SCRAM, PLAIN, CRAM-MD5 and DIGEST-MD5 the user
 * name and password (DIGEST-MD5 also the realm), ANONYMOUS the trace, EXTERNAL nothing but an optional authorization
 * identity (the TLS client certificate does the rest). The password is copied in and handed out as copies.
 */
public final class SaslCredentials {
    private final @Nullable String user;
    private final char @Nullable [] password;
    private final @Nullable String authorizationId;
    private final @Nullable String realm;
    private final @Nullable String trace;

    private SaslCredentials(@Nullable String user, char @Nullable [] password, @Nullable String authorizationId,
                            @Nullable String realm, @Nullable String trace) {
        this.user = user;
        this.password = password;
        this.authorizationId = authorizationId;
        this.realm = realm;
        this.trace = trace;
    }

    /** A user name and password, for SCRAM, PLAIN, CRAM-MD5 and DIGEST-MD5. */
    public static SaslCredentials password(String user, char[] password) {
        if (user == null || user.isEmpty()) {
            throw new IllegalArgumentException("user must not be empty");
        }
        if (password == null) {
            throw new IllegalArgumentException("password must not be null");
        }
        return new SaslCredentials(user, password.clone(), null, null, null);
    }

    /** ANONYMOUS with a trace string (RFC 4505: an e-mail address or an opaque token; may be empty, null for empty). */
    public static SaslCredentials anonymous(@Nullable String trace) {
        return new SaslCredentials(null, null, null, null, trace == null ? "" : trace);
    }

    /** EXTERNAL: the identity comes from the TLS client certificate. */
    public static SaslCredentials external() {
        return new SaslCredentials(null, null, null, null, null);
    }

    /** The same credentials asking to act as {@code authorizationId} (null or empty for the authenticated one). */
    public SaslCredentials withAuthorizationId(@Nullable String authorizationId) {
        return new SaslCredentials(user, password == null ? null : password.clone(),
                authorizationId == null || authorizationId.isEmpty() ? null : authorizationId, realm, trace);
    }

    /**
     * The same credentials choosing the DIGEST-MD5 realm {@code realm} among those the server offers (null for the
     * server's first).
     */
    public SaslCredentials withRealm(@Nullable String realm) {
        return new SaslCredentials(user, password == null ? null : password.clone(), authorizationId, realm, trace);
    }

    /** The user name, or null for ANONYMOUS and EXTERNAL. */
    public @Nullable String user() {
        return user;
    }

    /** A copy of the password (the caller clears it), or null when none was given. */
    public char @Nullable [] password() {
        return password == null ? null : password.clone();
    }

    /** The requested authorization identity, or null. */
    public @Nullable String authorizationId() {
        return authorizationId;
    }

    /** The DIGEST-MD5 realm to choose, or null for the server's first (or none). */
    public @Nullable String realm() {
        return realm;
    }

    /** The ANONYMOUS trace, or null when these are not anonymous credentials. */
    public @Nullable String trace() {
        return trace;
    }

    /** Overwrites the stored password; the credentials cannot authenticate by password afterwards. */
    public void destroy() {
        if (password != null) {
            Arrays.fill(password, '\0');
        }
    }

    /** Names the user, never the password. */
    @Override
    public String toString() {
        return "SaslCredentials[user=" + user + ", authorizationId=" + authorizationId + ", realm=" + realm + "]";
    }
}
