package io.beepkit.api.security;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * A listener's SASL settings: which mechanisms it offers, the authenticator that checks credentials, and the
 * limits every exchange obeys. Immutable; build with {@link #builder(SaslAuthenticator)}.
 */
public final class SaslListenerConfig {
    /** Default bound on one blob message, in characters of XML (base64 included). */
    public static final int DEFAULT_MAX_BLOB_CHARS = 8192;
    /** Default bound on the number of client messages in one exchange. */
    public static final int DEFAULT_MAX_STEPS = 8;
    /** Default number of failed authentications after which a session is closed. */
    public static final int DEFAULT_MAX_FAILURES_PER_SESSION = 3;
    /** Default number of failed authentications one remote address may have within {@link #DEFAULT_FAILURE_WINDOW}. */
    public static final int DEFAULT_MAX_FAILURES_PER_ADDRESS = 10;
    /** Default time over which an address's allowance of failed authentications grows back in full. */
    public static final Duration DEFAULT_FAILURE_WINDOW = Duration.ofMinutes(1);

    private final SaslAuthenticator authenticator;
    private final Set<SaslMechanism> mechanisms;
    private final boolean plainWithoutTls;
    private final @Nullable String realm;
    private final @Nullable String serverName;
    private final int maxBlobChars;
    private final int maxSteps;
    private final int maxFailuresPerSession;
    private final int maxFailuresPerAddress;
    private final Duration failureWindow;

    private SaslListenerConfig(Builder b) {
        this.authenticator = b.authenticator;
        this.mechanisms = Set.copyOf(b.mechanisms);
        this.plainWithoutTls = b.plainWithoutTls;
        this.realm = b.realm;
        this.serverName = b.serverName;
        this.maxBlobChars = b.maxBlobChars;
        this.maxSteps = b.maxSteps;
        this.maxFailuresPerSession = b.maxFailuresPerSession;
        this.maxFailuresPerAddress = b.maxFailuresPerAddress;
        this.failureWindow = b.failureWindow;
    }

    /**
     * A builder checking credentials with {@code authenticator}; PLAIN, CRAM-MD5 and DIGEST-MD5 offered (add SCRAM
     * with {@link Builder#mechanisms}).
     */
    public static Builder builder(SaslAuthenticator authenticator) {
        return new Builder(authenticator);
    }

    /** The application's credential check. */
    public SaslAuthenticator authenticator() {
        return authenticator;
    }

    /** The mechanisms offered. */
    public Set<SaslMechanism> mechanisms() {
        return mechanisms;
    }

    /** True if PLAIN may run on a session without TLS (default false: the password would cross in clear). */
    public boolean plainWithoutTls() {
        return plainWithoutTls;
    }

    /** The DIGEST-MD5 realm offered, or null to offer the server name. */
    public @Nullable String realm() {
        return realm;
    }

    /**
     * The host name used in CRAM-MD5 challenges and DIGEST-MD5 when the start names no serverName; null means
     * {@code localhost}, and DIGEST-MD5 then accepts any host in the client's digest-uri.
     */
    public @Nullable String serverName() {
        return serverName;
    }

    /** The largest blob message accepted, in characters. */
    public int maxBlobChars() {
        return maxBlobChars;
    }

    /** The most client messages one exchange may take. */
    public int maxSteps() {
        return maxSteps;
    }

    /**
     * The failed authentications after which the listener closes the session (after answering the last one with
     * ERR 535), one log line saying so.
     */
    public int maxFailuresPerSession() {
        return maxFailuresPerSession;
    }

    /**
     * The failed authentications one remote address may have within {@link #failureWindow()} (a token bucket that
     * refills evenly over the window); beyond it, SASL starts from that address are refused with 454 until the
     * allowance grows back. 0 for no bound per address.
     */
    public int maxFailuresPerAddress() {
        return maxFailuresPerAddress;
    }

    /** The time over which an address's allowance of failed authentications grows back in full. */
    public Duration failureWindow() {
        return failureWindow;
    }

    /** Builds a {@link SaslListenerConfig}. */
    public static final class Builder {
        private final SaslAuthenticator authenticator;
        private Set<SaslMechanism> mechanisms = EnumSet.of(SaslMechanism.PLAIN, SaslMechanism.CRAM_MD5,
                SaslMechanism.DIGEST_MD5);
        private boolean plainWithoutTls;
        private @Nullable String realm;
        private @Nullable String serverName;
        private int maxBlobChars = DEFAULT_MAX_BLOB_CHARS;
        private int maxSteps = DEFAULT_MAX_STEPS;
        private int maxFailuresPerSession = DEFAULT_MAX_FAILURES_PER_SESSION;
        private int maxFailuresPerAddress = DEFAULT_MAX_FAILURES_PER_ADDRESS;
        private Duration failureWindow = DEFAULT_FAILURE_WINDOW;

        private Builder(SaslAuthenticator authenticator) {
            this.authenticator = Objects.requireNonNull(authenticator, "authenticator");
        }

        /** Offers exactly {@code offered}. */
        public Builder mechanisms(Set<SaslMechanism> offered) {
            if (offered.isEmpty()) {
                throw new IllegalArgumentException("at least one SASL mechanism must be offered");
            }
            this.mechanisms = EnumSet.copyOf(offered);
            return this;
        }

        /** Allows PLAIN on sessions without TLS (for closed networks and tests only). */
        public Builder plainWithoutTls(boolean allowed) {
            this.plainWithoutTls = allowed;
            return this;
        }

        /** The DIGEST-MD5 realm to offer; null (the default) offers the server name. */
        public Builder realm(@Nullable String realm) {
            this.realm = realm;
            return this;
        }

        /** The host name for challenges when the start carries no serverName; null (the default) for localhost. */
        public Builder serverName(@Nullable String serverName) {
            this.serverName = serverName;
            return this;
        }

        /** The largest blob message accepted, at least 512 characters. */
        public Builder maxBlobChars(int chars) {
            if (chars < 512) {
                throw new IllegalArgumentException("maxBlobChars must be at least 512: " + chars);
            }
            this.maxBlobChars = chars;
            return this;
        }

        /** The most client messages per exchange, at least 2. */
        public Builder maxSteps(int steps) {
            if (steps < 2) {
                throw new IllegalArgumentException("maxSteps must be at least 2: " + steps);
            }
            this.maxSteps = steps;
            return this;
        }

        /** The failed authentications after which a session is closed, at least 1. */
        public Builder maxFailuresPerSession(int failures) {
            if (failures < 1) {
                throw new IllegalArgumentException("maxFailuresPerSession must be at least 1: " + failures);
            }
            this.maxFailuresPerSession = failures;
            return this;
        }

        /** The failed authentications per remote address within the window; 0 for no bound per address. */
        public Builder maxFailuresPerAddress(int failures) {
            if (failures < 0) {
                throw new IllegalArgumentException("maxFailuresPerAddress must not be negative: " + failures);
            }
            this.maxFailuresPerAddress = failures;
            return this;
        }

        /** The time over which an address's allowance grows back in full, at least one second. */
        public Builder failureWindow(Duration window) {
            if (window.compareTo(Duration.ofSeconds(1)) < 0) {
                throw new IllegalArgumentException("failureWindow must be at least 1 s: " + window);
            }
            this.failureWindow = window;
            return this;
        }

        /** The configuration. */
        public SaslListenerConfig build() {
            return new SaslListenerConfig(this);
        }
    }
}
