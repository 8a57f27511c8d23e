package io.beepkit.netty;

import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.netty.tls.TlsConfig;
import org.jspecify.annotations.Nullable;

import java.util.Objects;

/**
 * TLS and SASL as a {@link BeepClient} uses them (RFC 3080 §3.1 and §4). Immutable; build with {@link #builder()}
 * and give it to {@link BeepClient.Builder#security(InitiatorSecurity)}, or use the client builder's shortcuts. The
 * default, {@link #NONE}, is a session in clear.
 */
public final class InitiatorSecurity {
    /** No TLS, no SASL. */
    public static final InitiatorSecurity NONE = builder().build();

    private final @Nullable TlsConfig tls;
    private final boolean tlsOnConnect;
    private final @Nullable SaslMechanism saslMechanism;
    private final @Nullable SaslCredentials saslCredentials;
    private final boolean plainWithoutTls;

    private InitiatorSecurity(Builder b) {
        if (b.tlsOnConnect && b.tls == null) {
            throw new IllegalArgumentException("tlsOnConnect=true needs tls, which is null");
        }
        if ((b.saslMechanism == null) != (b.saslCredentials == null)) {
            throw new IllegalArgumentException("sasl needs a mechanism and credentials together: mechanism="
                    + b.saslMechanism + ", credentials=" + b.saslCredentials);
        }
        if (b.saslMechanism == SaslMechanism.PLAIN && !b.tlsOnConnect && !b.plainWithoutTls) {
            throw new IllegalArgumentException("sasl=PLAIN without tlsOnConnect would send the password in clear; "
                    + "set tlsOnConnect or plainWithoutTls");
        }
        if (b.saslMechanism == SaslMechanism.EXTERNAL && !b.tlsOnConnect) {
            throw new IllegalArgumentException("sasl=EXTERNAL needs tlsOnConnect (the identity comes from the TLS "
                    + "client certificate)");
        }
        this.tls = b.tls;
        this.tlsOnConnect = b.tlsOnConnect;
        this.saslMechanism = b.saslMechanism;
        this.saslCredentials = b.saslCredentials;
        this.plainWithoutTls = b.plainWithoutTls;
    }

    /** A builder starting from {@link #NONE}. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these settings. */
    public Builder toBuilder() {
        return new Builder().tls(tls).tlsOnConnect(tlsOnConnect).sasl(saslMechanism, saslCredentials)
                .plainWithoutTls(plainWithoutTls);
    }

    /**
     * Whom to trust and an optional client certificate; with it the session may start TLS
     * ({@link io.beepkit.api.BeepSession#startTls()}). Null for no TLS.
     */
    public @Nullable TlsConfig tls() {
        return tls;
    }

    /** Ask for TLS at once; {@code connect()} completes once the secured session's greeting arrived. */
    public boolean tlsOnConnect() {
        return tlsOnConnect;
    }

    /** Authenticate on connect with this mechanism (after TLS when both are asked); null for none. */
    public @Nullable SaslMechanism saslMechanism() {
        return saslMechanism;
    }

    /** The credentials for {@link #saslMechanism()}, or null. */
    public @Nullable SaslCredentials saslCredentials() {
        return saslCredentials;
    }

    /** Allow SASL PLAIN on a session without TLS (the password then crosses in clear). */
    public boolean plainWithoutTls() {
        return plainWithoutTls;
    }

    /** Builds {@link InitiatorSecurity}; {@link #build()} checks that every option has what it needs. */
    public static final class Builder {
        private @Nullable TlsConfig tls;
        private boolean tlsOnConnect;
        private @Nullable SaslMechanism saslMechanism;
        private @Nullable SaslCredentials saslCredentials;
        private boolean plainWithoutTls;

        private Builder() {
        }

        /** Whom to trust and an optional client certificate; null for no TLS (the default). */
        public Builder tls(@Nullable TlsConfig v) { tls = v; return this; }
        /** Start TLS at once on connect; needs {@link #tls}. Default false. */
        public Builder tlsOnConnect(boolean v) { tlsOnConnect = v; return this; }

        /** Authenticate on connect with {@code mechanism} and {@code credentials}; both null for none (the default). */
        public Builder sasl(@Nullable SaslMechanism mechanism, @Nullable SaslCredentials credentials) {
            saslMechanism = mechanism;
            saslCredentials = credentials;
            return this;
        }

        /** Allow SASL PLAIN without TLS (default false). */
        public Builder plainWithoutTls(boolean v) { plainWithoutTls = v; return this; }

        /** The settings, checked: an {@link IllegalArgumentException} names what is missing. */
        public InitiatorSecurity build() {
            return new InitiatorSecurity(this);
        }
    }

    /** Equal when every part is, by its own {@code equals}. */
    @Override
    public boolean equals(Object o) {
        return o instanceof InitiatorSecurity that && Objects.equals(tls, that.tls)
                && tlsOnConnect == that.tlsOnConnect && Objects.equals(saslMechanism, that.saslMechanism)
                && Objects.equals(saslCredentials, that.saslCredentials) && plainWithoutTls == that.plainWithoutTls;
    }

    @Override
    public int hashCode() {
        return Objects.hash(tls, tlsOnConnect, saslMechanism, saslCredentials, plainWithoutTls);
    }

    @Override
    public String toString() {
        return "InitiatorSecurity[tls=" + tls + ", tlsOnConnect=" + tlsOnConnect + ", saslMechanism="
                + saslMechanism + ", saslCredentials=" + saslCredentials + ", plainWithoutTls=" + plainWithoutTls
                + "]";
    }
}
