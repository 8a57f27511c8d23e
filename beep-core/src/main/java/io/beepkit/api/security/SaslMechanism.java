package io.beepkit.api.security;

import org.jspecify.annotations.Nullable;

import java.util.Optional;

/** The SASL mechanisms beepkit speaks, each a BEEP profile {@code http://iana.org/beep/SASL/<NAME>} (RFC 3080 §4.1.1). */
public enum SaslMechanism {
    /** RFC 4505: no credentials, an optional trace string. */
    ANONYMOUS("ANONYMOUS"),
    /** RFC 4616: user name and password in clear; refused without TLS unless explicitly allowed. */
    PLAIN("PLAIN"),
    /** RFC 4422 appendix A: the identity established by TLS client authentication. */
    EXTERNAL("EXTERNAL"),
    /** RFC 2195: challenge-response over a shared password. Legacy: kept for older peers; prefer SCRAM. */
    CRAM_MD5("CRAM-MD5"),
    /**
     * RFC 2831 (Historic since RFC 6331): digest challenge-response with realm; authentication only (no security
     * layer). Legacy: kept for older peers; prefer SCRAM.
     */
    DIGEST_MD5("DIGEST-MD5"),
    /** RFC 5802 with SHA-1: salted challenge-response, both sides proven; for peers without SCRAM-SHA-256. */
    SCRAM_SHA_1("SCRAM-SHA-1"),
    /** RFC 7677: SCRAM with SHA-256, the recommended mechanism; the listener stores no password. */
    SCRAM_SHA_256("SCRAM-SHA-256");

    /** The common prefix of every SASL profile URI. */
    public static final String PROFILE_PREFIX = "http://iana.org/beep/SASL/";

    private final String saslName;

    SaslMechanism(String saslName) {
        this.saslName = saslName;
    }

    /** The IANA mechanism name, for example {@code CRAM-MD5}. */
    public String saslName() {
        return saslName;
    }

    /** The BEEP profile URI, for example {@code http://iana.org/beep/SASL/CRAM-MD5}. */
    public String profileUri() {
        return PROFILE_PREFIX + saslName;
    }

    /** The mechanism whose profile URI is {@code uri}, if any (empty for null). */
    public static Optional<SaslMechanism> forProfileUri(@Nullable String uri) {
        if (uri == null || !uri.startsWith(PROFILE_PREFIX)) {
            return Optional.empty();
        }
        return forName(uri.substring(PROFILE_PREFIX.length()));
    }

    /** The mechanism named {@code name} (IANA spelling, case-insensitive), if any. */
    public static Optional<SaslMechanism> forName(String name) {
        for (SaslMechanism m : values()) {
            if (m.saslName.equalsIgnoreCase(name)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
