package io.beepkit.netty;

import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.netty.tls.TlsConfig;
import org.jspecify.annotations.Nullable;

import java.util.Objects;

/**
 * TLS and SASL as a {@link BeepServer} offers them (RFC 3080 §3.1 and §4). Immutable; build with {@link #builder()}
 * and give it to {@link BeepServer.Builder#security(ListenerSecurity)}, or use the server builder's shortcuts. The
 * default, {@link #NONE}, is a session in clear.
 */
public final class ListenerSecurity {
    /** No TLS, no SASL. */
    public static final ListenerSecurity NONE = builder().build();

    private final @Nullable TlsConfig tls;
    private final boolean tlsRequired;
    private final @Nullable SaslListenerConfig sasl;

    private ListenerSecurity(Builder b) {
        if (b.tlsRequired && b.tls == null) {
            throw new IllegalArgumentException("tlsRequired=true needs tls, which is null");
        }
        this.tls = b.tls;
        this.tlsRequired = b.tlsRequired;
        this.sasl = b.sasl;
    }

    /** A builder starting from {@link #NONE}. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these settings. */
    public Builder toBuilder() {
        return new Builder().tls(tls).tlsRequired(tlsRequired).sasl(sasl);
    }

    /**
     * The listener's certificate and TLS settings (it then offers {@code http://iana.org/beep/TLS} and answers
     * {@code <ready />}), or null for no TLS.
     */
    public @Nullable TlsConfig tls() {
        return tls;
    }

    /** Refuse every other profile's start with 538 until TLS is established, and offer only TLS until then. */
    public boolean tlsRequired() {
        return tlsRequired;
    }

    /** The SASL mechanisms offered and the authenticator that checks credentials, or null for none. */
    public @Nullable SaslListenerConfig sasl() {
        return sasl;
    }

    /** Builds {@link ListenerSecurity}; {@link #build()} checks that every option has what it needs. */
    public static final class Builder {
        private @Nullable TlsConfig tls;
        private boolean tlsRequired;
        private @Nullable SaslListenerConfig sasl;

        private Builder() {
        }

        /** The listener's certificate and TLS settings; null for none (the default). */
        public Builder tls(@Nullable TlsConfig v) { tls = v; return this; }
        /** No other profile may start before TLS (refused with 538); needs {@link #tls}. Default false. */
        public Builder tlsRequired(boolean v) { tlsRequired = v; return this; }
        /** The SASL mechanisms offered and their authenticator; null for none (the default). */
        public Builder sasl(@Nullable SaslListenerConfig v) { sasl = v; return this; }

        /** The settings, checked: an {@link IllegalArgumentException} names what is missing. */
        public ListenerSecurity build() {
            return new ListenerSecurity(this);
        }
    }

    /** Equal when every part is, by its own {@code equals}. */
    @Override
    public boolean equals(Object o) {
        return o instanceof ListenerSecurity that && Objects.equals(tls, that.tls) && tlsRequired == that.tlsRequired
                && Objects.equals(sasl, that.sasl);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tls, tlsRequired, sasl);
    }

    @Override
    public String toString() {
        return "ListenerSecurity[tls=" + tls + ", tlsRequired=" + tlsRequired + ", sasl=" + sasl + "]";
    }
}
