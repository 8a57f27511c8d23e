package io.beepkit.api.security;

import org.jspecify.annotations.Nullable;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How a listener checks SASL credentials: the application's callback. beepkit never stores passwords; it asks here
 * for each attempt. Methods may be called on the session's callback executor and may block briefly (a directory
 * lookup). Every default refuses, so an application enables exactly what it implements.
 *
 * <ul>
 *   <li>PLAIN calls {@link #verifyPassword}; its default compares against {@link #password}.</li>
 *   <li>SCRAM-SHA-256 and SCRAM-SHA-1 call {@link #scramCredentials}: salted keys, never the password.</li>
 *   <li>CRAM-MD5 and DIGEST-MD5 need the password itself, as both mechanisms define their proof over it:
 *       {@link #password}.</li>
 *   <li>ANONYMOUS calls {@link #acceptAnonymous}; EXTERNAL calls {@link #externalIdentity}.</li>
 *   <li>Whenever a client asks to act as another identity, {@link #authorize} decides.</li>
 * </ul>
 */
public interface SaslAuthenticator {

    /**
     * The password of {@code user}, or null when the user is unknown. beepkit clears the returned array after use,
     * so return a fresh copy.
     *
     * @param realm the DIGEST-MD5 realm the client chose, or null for the other mechanisms
     */
    default char @Nullable [] password(String user, @Nullable String realm) {
        return null;
    }

    /**
     * SCRAM: the stored credentials of {@code user} for {@code mechanism} (SCRAM-SHA-1 or SCRAM-SHA-256, whose keys
     * differ), or null when the user is unknown; the exchange then runs on made-up credentials and fails as a wrong
     * password does, so that neither its messages nor its timing tell a stranger which users exist. The default
     * returns null. {@link ScramCredentials#fromPassword} derives credentials from a password.
     */
    default @Nullable ScramCredentials scramCredentials(String user, SaslMechanism mechanism) {
        return null;
    }

    /**
     * PLAIN: true if {@code password} is right for {@code user}. The array is cleared after the call. The default
     * compares, in constant time, against {@link #password(String, String)}.
     */
    default boolean verifyPassword(String user, char[] password) {
        char[] expected = password(user, null);
        if (expected == null) {
            return false;
        }
        byte[] a = utf8(expected);
        byte[] b = utf8(password);
        try {
            return MessageDigest.isEqual(a, b);
        } finally {
            Arrays.fill(expected, '\0');
            Arrays.fill(a, (byte) 0);
            Arrays.fill(b, (byte) 0);
        }
    }

    /** True if {@code authenticationId} may act as the different {@code authorizationId}. The default refuses. */
    default boolean authorize(String authenticationId, String authorizationId) {
        return false;
    }

    /** ANONYMOUS: true to admit an anonymous client that gave {@code trace} (possibly empty). The default refuses. */
    default boolean acceptAnonymous(String trace) {
        return false;
    }

    /**
     * EXTERNAL: the authentication identity for the TLS client certificate chain (leaf first), or null to refuse.
     * The default refuses; {@link #subjectOf(List)} gives the usual choice, the leaf's subject DN.
     */
    default @Nullable String externalIdentity(List<X509Certificate> peerChain) {
        return null;
    }

    /** The RFC 2253 subject name of the leaf certificate of {@code chain}, or null for an empty chain. */
    static @Nullable String subjectOf(List<X509Certificate> chain) {
        return chain.isEmpty() ? null : chain.get(0).getSubjectX500Principal().getName();
    }

    /**
     * An authenticator over a fixed table of users and passwords (for tools and tests; real deployments look users
     * up in their own store). The map is copied; ANONYMOUS and EXTERNAL stay refused. SCRAM credentials are derived
     * from each password on first use (random salt, {@link ScramCredentials#MIN_ITERATIONS}) and kept.
     */
    static SaslAuthenticator ofPasswords(Map<String, String> passwordsByUser) {
        Map<String, String> table = Map.copyOf(passwordsByUser);
        Map<String, ScramCredentials> derived = new ConcurrentHashMap<>();
        return new SaslAuthenticator() {
            @Override
            public char @Nullable [] password(String user, @Nullable String realm) {
                String p = table.get(user);
                return p == null ? null : p.toCharArray();
            }

            @Override
            public @Nullable ScramCredentials scramCredentials(String user, SaslMechanism mechanism) {
                String p = table.get(user);
                return p == null ? null : derived.computeIfAbsent(mechanism.saslName() + ":" + user,
                        k -> ScramCredentials.fromPassword(mechanism, p.toCharArray()));
            }
        };
    }

    private static byte[] utf8(char[] chars) {
        ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(chars));
        byte[] out = new byte[encoded.remaining()];
        encoded.get(out);
        Arrays.fill(encoded.array(), (byte) 0);
        return out;
    }
}
