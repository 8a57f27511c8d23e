package io.beepkit.netty.tls;


import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How a peer runs TLS: its certificate (per SNI server name on a listener), whom it trusts, whether a listener asks
 * for client certificates, the provider, protocols, cipher suites and the handshake time bound. Immutable; build with
 * {@link #builder()} and hand it to a server or client builder ({@code tls(...)}).
 *
 * <p>Defaults: TLS 1.3 and 1.2 only; the provider's default suites less anonymous, export, NULL, RC4, DES and MD5
 * ones; OpenSSL when netty-tcnative is present ({@link TlsProvider#AUTO}); the JVM's trust store; no client
 * certificate asked; a client verifies the server's host name; handshakes bounded by 10 seconds.
 */
public final class TlsConfig {
    /** The protocols beepkit allows. */
    public static final Set<String> ALLOWED_PROTOCOLS = Set.of("TLSv1.3", "TLSv1.2");
    /** The default handshake bound. */
    public static final Duration DEFAULT_HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);

    private final KeyMaterial keyMaterial;
    private final Map<String, KeyMaterial> sniKeyMaterial;
    private final TrustMaterial trust;
    private final ClientAuthentication clientAuth;
    private final TlsProvider provider;
    private final List<String> protocols;
    private final List<String> cipherSuites;
    private final Duration handshakeTimeout;
    private final boolean verifyHostname;

    private TlsConfig(Builder b) {
        this.keyMaterial = b.keyMaterial;
        this.sniKeyMaterial = Map.copyOf(b.sniKeyMaterial);
        this.trust = b.trust;
        this.clientAuth = b.clientAuth;
        this.provider = b.provider;
        this.protocols = List.copyOf(b.protocols);
        this.cipherSuites = b.cipherSuites == null ? null : List.copyOf(b.cipherSuites);
        this.handshakeTimeout = b.handshakeTimeout;
        this.verifyHostname = b.verifyHostname;
    }

    /** A builder with the defaults above. */
    public static Builder builder() {
        return new Builder();
    }

    /** The listener's default certificate, or the initiator's client certificate; may be null on an initiator. */
    public KeyMaterial keyMaterial() {
        return keyMaterial;
    }

    /** Certificates chosen by the SNI server name (exact names or {@code *.domain} wildcards). */
    public Map<String, KeyMaterial> sniKeyMaterial() {
        return sniKeyMaterial;
    }

    /** Whom to trust as peer. */
    public TrustMaterial trust() {
        return trust;
    }

    /** Whether a listener asks for (OPTIONAL) or demands (REQUIRE) a client certificate. */
    public ClientAuthentication clientAuth() {
        return clientAuth;
    }

    /** The provider choice. */
    public TlsProvider provider() {
        return provider;
    }

    /** The enabled protocols, a subset of {@link #ALLOWED_PROTOCOLS}. */
    public List<String> protocols() {
        return protocols;
    }

    /** The requested cipher suites, or null for the provider's defaults (weak ones are always removed). */
    public List<String> cipherSuites() {
        return cipherSuites;
    }

    /** The bound on a handshake, from its start to its completion. */
    public Duration handshakeTimeout() {
        return handshakeTimeout;
    }

    /** True if an initiator checks that the server's certificate names the host it connected to. */
    public boolean verifyHostname() {
        return verifyHostname;
    }



    /** Builds a {@link TlsConfig}. */
    public static final class Builder {
        private KeyMaterial keyMaterial;
        private final Map<String, KeyMaterial> sniKeyMaterial = new LinkedHashMap<>();
        private TrustMaterial trust = TrustMaterial.system();
        private ClientAuthentication clientAuth = ClientAuthentication.NONE;
        private TlsProvider provider = TlsProvider.AUTO;
        private List<String> protocols = List.of("TLSv1.3", "TLSv1.2");
        private List<String> cipherSuites;
        private Duration handshakeTimeout = DEFAULT_HANDSHAKE_TIMEOUT;
        private boolean verifyHostname = true;

        private Builder() {
        }

        /** The certificate and key: the listener's default one, or the initiator's client certificate. */
        public Builder keyMaterial(KeyMaterial material) {
            this.keyMaterial = Objects.requireNonNull(material, "material");
            return this;
        }

        /**
         * On a listener, the certificate for clients asking for {@code serverName} by SNI: an exact host name or a
         * wildcard {@code *.example.com}. Other names, and clients sending no SNI, get {@link #keyMaterial}.
         */
        public Builder sniKeyMaterial(String serverName, KeyMaterial material) {
            if (serverName == null || serverName.isBlank()) {
                throw new IllegalArgumentException("serverName must not be blank");
            }
            sniKeyMaterial.put(serverName, Objects.requireNonNull(material, "material"));
            return this;
        }

        /** Whom to trust as peer (default: the JVM's trust store). */
        public Builder trust(TrustMaterial trust) {
            this.trust = Objects.requireNonNull(trust, "trust");
            return this;
        }

        /** On a listener: ask for ({@code OPTIONAL}) or demand ({@code REQUIRE}) a client certificate. */
        public Builder clientAuth(ClientAuthentication clientAuth) {
            this.clientAuth = Objects.requireNonNull(clientAuth, "clientAuth");
            return this;
        }

        /** The provider (default {@link TlsProvider#AUTO}). */
        public Builder provider(TlsProvider provider) {
            this.provider = Objects.requireNonNull(provider, "provider");
            return this;
        }

        /** Restricts the protocols to {@code enabled}, each one of {@link #ALLOWED_PROTOCOLS}. */
        public Builder protocols(String... enabled) {
            if (enabled.length == 0) {
                throw new IllegalArgumentException("at least one TLS protocol must be enabled");
            }
            for (String p : enabled) {
                if (!ALLOWED_PROTOCOLS.contains(p)) {
                    throw new IllegalArgumentException("TLS protocol " + p + " is not allowed; use TLSv1.3 or TLSv1.2");
                }
            }
            this.protocols = List.of(enabled);
            return this;
        }

        /** The cipher suites to enable, in order of preference; unsupported and weak ones are dropped. */
        public Builder cipherSuites(List<String> suites) {
            List<String> copy = new ArrayList<>(suites);
            if (copy.isEmpty()) {
                throw new IllegalArgumentException("cipher suite list must not be empty");
            }
            this.cipherSuites = copy;
            return this;
        }

        /** The bound on a handshake (default 10 s), positive. */
        public Builder handshakeTimeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("handshake timeout must be positive: " + timeout);
            }
            this.handshakeTimeout = timeout;
            return this;
        }

        /** On an initiator, whether to check the server's certificate against the host name (default true). */
        public Builder verifyHostname(boolean verify) {
            this.verifyHostname = verify;
            return this;
        }

        /** The configuration. */
        public TlsConfig build() {
            return new TlsConfig(this);
        }
    }
}
