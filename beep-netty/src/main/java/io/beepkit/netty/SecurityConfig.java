package io.beepkit.netty;

import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.netty.tls.TlsConfig;
import org.jspecify.annotations.Nullable;

import java.util.Objects;

/**
 * TLS and SASL for the sessions of a {@link BeepServer} or {@link BeepClient} (RFC 3080 §3.1 and §4). Immutable;
 * build with {@link #builder()} and hand it to {@link BeepConfig.Builder#security(SecurityConfig)}, or use the
 * shortcuts on the server and client builders. The default, {@link #NONE}, is a session in clear.
 */
public final class SecurityConfig {
    private final @Nullable TlsConfig tls;
    private final boolean tlsRequired;
    private final boolean tlsOnConnect;
    private final @Nullable SaslListenerConfig sasl;
    private final @Nullable SaslMechanism saslMechanism;
    private final @Nullable SaslCredentials saslCredentials;
    private final boolean plainWithoutTls;

    /** Checks that every option has what it needs. */
    private SecurityConfig(Builder b) {
        this.tls = b.tls;
        this.tlsRequired = b.tlsRequired;
        this.tlsOnConnect = b.tlsOnConnect;
        this.sasl = b.sasl;
        this.saslMechanism = b.saslMechanism;
        this.saslCredentials = b.saslCredentials;
        this.plainWithoutTls = b.plainWithoutTls;
        if (tlsRequired && tls == null) {
            throw new IllegalArgumentException("tlsRequired=true needs a TLS configuration (tls is null)");
        }
        if (tlsOnConnect && tls == null) {
            throw new IllegalArgumentException("tlsOnConnect=true needs a TLS configuration (tls is null)");
        }
        if ((saslMechanism == null) != (saslCredentials == null)) {
            throw new IllegalArgumentException("saslMechanism and saslCredentials go together: mechanism="
                    + saslMechanism + ", credentials=" + saslCredentials);
        }
        if (saslMechanism == SaslMechanism.PLAIN && !tlsOnConnect && !plainWithoutTls) {
            throw new IllegalArgumentException("saslMechanism=PLAIN on connect without tlsOnConnect would send the "
                    + "password in clear; set tlsOnConnect or plainWithoutTls");
        }
        if (saslMechanism == SaslMechanism.EXTERNAL && !tlsOnConnect) {
            throw new IllegalArgumentException("saslMechanism=EXTERNAL on connect needs tlsOnConnect (the identity "
                    + "comes from the TLS client certificate)");
        }
    }

    /**
     * The TLS settings: a listener's certificate (it then offers {@code http://iana.org/beep/TLS} and answers {@code
     * <ready />}), an initiator's trust and optional client certificate (it may then start TLS); null for none.
     */
    public @Nullable TlsConfig tls() {
        return tls;
    }

    /**
     * Listener: refuse every other profile's start with 538 until TLS is established, and offer only the TLS profile in
     * the greeting until then.
     */
    public boolean tlsRequired() {
        return tlsRequired;
    }

    /** Initiator: ask for TLS at once; {@code connect()} completes once the secured session's greeting arrived. */
    public boolean tlsOnConnect() {
        return tlsOnConnect;
    }

    /** Listener: the SASL mechanisms offered and the authenticator that checks credentials; null for none. */
    public @Nullable SaslListenerConfig sasl() {
        return sasl;
    }

    /**
     * Initiator: authenticate on connect with this mechanism (after TLS when both are asked); null for no
     * authentication on connect.
     */
    public @Nullable SaslMechanism saslMechanism() {
        return saslMechanism;
    }

    /** Initiator: the credentials for {@code saslMechanism}. */
    public @Nullable SaslCredentials saslCredentials() {
        return saslCredentials;
    }

    /**
     * Initiator: allow SASL PLAIN on a session without TLS (the password then crosses in clear); a listener says so in
     * its {@link SaslListenerConfig}.
     */
    public boolean plainWithoutTls() {
        return plainWithoutTls;
    }

    /** No TLS, no SASL. */
    public static final SecurityConfig NONE = builder().build();

    /** A builder starting from {@link #NONE}. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these settings. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.tls = tls;
        b.tlsRequired = tlsRequired;
        b.tlsOnConnect = tlsOnConnect;
        b.sasl = sasl;
        b.saslMechanism = saslMechanism;
        b.saslCredentials = saslCredentials;
        b.plainWithoutTls = plainWithoutTls;
        return b;
    }

    /** Builds a {@link SecurityConfig}. */
    public static final class Builder {
        private @Nullable TlsConfig tls;
        private boolean tlsRequired;
        private boolean tlsOnConnect;
        private @Nullable SaslListenerConfig sasl;
        private @Nullable SaslMechanism saslMechanism;
        private @Nullable SaslCredentials saslCredentials;
        private boolean plainWithoutTls;

        private Builder() {
        }

        /** The TLS settings (listener: certificate; initiator: trust, optional client certificate); null for none. */
        public Builder tls(@Nullable TlsConfig v) { tls = v; return this; }
        /** Listener: no other profile may start before TLS (refused with 538). Default false. */
        public Builder tlsRequired(boolean v) { tlsRequired = v; return this; }
        /** Initiator: start TLS at once on connect. Default false. */
        public Builder tlsOnConnect(boolean v) { tlsOnConnect = v; return this; }
        /** Listener: the SASL mechanisms offered and their authenticator; null for none. */
        public Builder sasl(@Nullable SaslListenerConfig v) { sasl = v; return this; }

        /** Initiator: authenticate on connect with {@code mechanism} and {@code credentials}; both null for none. */
        public Builder saslOnConnect(@Nullable SaslMechanism mechanism, @Nullable SaslCredentials credentials) {
            saslMechanism = mechanism;
            saslCredentials = credentials;
            return this;
        }

        /** Initiator: allow SASL PLAIN without TLS (default false). */
        public Builder plainWithoutTls(boolean v) { plainWithoutTls = v; return this; }

        /** The settings, checked. */
        public SecurityConfig build() {
            return new SecurityConfig(this);
        }
    }

    /**
     * Equal when every setting is: each part by its own {@code equals}.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof SecurityConfig that
                && Objects.equals(tls, that.tls)
                && tlsRequired == that.tlsRequired
                && tlsOnConnect == that.tlsOnConnect
                && Objects.equals(sasl, that.sasl)
                && Objects.equals(saslMechanism, that.saslMechanism)
                && Objects.equals(saslCredentials, that.saslCredentials)
                && plainWithoutTls == that.plainWithoutTls;
    }

    @Override
    public int hashCode() {
        return Objects.hash(tls, tlsRequired, tlsOnConnect, sasl, saslMechanism, saslCredentials, plainWithoutTls);
    }

    @Override
    public String toString() {
        return "SecurityConfig[tls=" + tls + ", tlsRequired=" + tlsRequired + ", tlsOnConnect=" + tlsOnConnect
                + ", sasl=" + sasl + ", saslMechanism=" + saslMechanism + ", saslCredentials=" + saslCredentials
                + ", plainWithoutTls=" + plainWithoutTls + "]";
    }
}
