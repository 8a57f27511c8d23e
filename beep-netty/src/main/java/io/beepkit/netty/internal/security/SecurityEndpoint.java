package io.beepkit.netty.internal.security;

import io.beepkit.netty.SecurityConfig;
import io.beepkit.netty.internal.tls.ClientTlsContext;
import io.beepkit.netty.internal.tls.ServerTlsContext;

/**
 * The security of one listener or one initiator, built once: its {@link SecurityConfig} and the TLS context derived
 * from it (a listener's certificate contexts, or an initiator's trust). Shared by every session it opens.
 */
public final class SecurityEndpoint {
    /** No TLS, no SASL. */
    public static final SecurityEndpoint NONE = new SecurityEndpoint(SecurityConfig.NONE, null, null);

    private final SecurityConfig config;
    private final ServerTlsContext serverTls;
    private final ClientTlsContext clientTls;

    private SecurityEndpoint(SecurityConfig config, ServerTlsContext serverTls, ClientTlsContext clientTls) {
        this.config = config;
        this.serverTls = serverTls;
        this.clientTls = clientTls;
    }

    /** A listener's: builds the server contexts (fails naming what is missing, e.g. the certificate). */
    public static SecurityEndpoint listener(SecurityConfig config) {
        return new SecurityEndpoint(config, config.tls() == null ? null : ServerTlsContext.create(config.tls()), null);
    }

    /** An initiator's: builds the client context. */
    public static SecurityEndpoint initiator(SecurityConfig config) {
        return new SecurityEndpoint(config, null, config.tls() == null ? null : ClientTlsContext.create(config.tls()));
    }

    /** The settings. */
    public SecurityConfig config() {
        return config;
    }

    /** The listener's TLS, or null. */
    public ServerTlsContext serverTls() {
        return serverTls;
    }

    /** The initiator's TLS, or null. */
    public ClientTlsContext clientTls() {
        return clientTls;
    }
}
