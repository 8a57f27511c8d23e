package io.beepkit.netty.internal.security;

import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.netty.InitiatorSecurity;
import io.beepkit.netty.ListenerSecurity;
import io.beepkit.netty.internal.tls.ClientTlsContext;
import io.beepkit.netty.internal.tls.ServerTlsContext;
import io.beepkit.netty.tls.TlsConfig;

/**
 * The security of one listener or one initiator, built once: its {@link ListenerSecurity} or
 * {@link InitiatorSecurity} and the TLS context derived from it (a listener's certificate contexts, or an
 * initiator's trust). Shared by every session it opens; what the other role has reads as off.
 */
public final class SecurityEndpoint {
    /** No TLS, no SASL. */
    public static final SecurityEndpoint NONE = new SecurityEndpoint(ListenerSecurity.NONE, InitiatorSecurity.NONE,
            null, null);

    private final ListenerSecurity listener;
    private final InitiatorSecurity initiator;
    private final ServerTlsContext serverTls;
    private final ClientTlsContext clientTls;

    private SecurityEndpoint(ListenerSecurity listener, InitiatorSecurity initiator, ServerTlsContext serverTls,
                             ClientTlsContext clientTls) {
        this.listener = listener;
        this.initiator = initiator;
        this.serverTls = serverTls;
        this.clientTls = clientTls;
    }

    /** A listener's: builds the server contexts (fails naming what is missing, e.g. the certificate). */
    public static SecurityEndpoint listener(ListenerSecurity config) {
        return new SecurityEndpoint(config, InitiatorSecurity.NONE,
                config.tls() == null ? null : ServerTlsContext.create(config.tls()), null);
    }

    /** An initiator's: builds the client context. */
    public static SecurityEndpoint initiator(InitiatorSecurity config) {
        return new SecurityEndpoint(ListenerSecurity.NONE, config, null,
                config.tls() == null ? null : ClientTlsContext.create(config.tls()));
    }

    /** The TLS settings of either role, or null. */
    public TlsConfig tls() {
        return listener.tls() != null ? listener.tls() : initiator.tls();
    }

    /** Listener: no other profile before TLS. */
    public boolean tlsRequired() {
        return listener.tlsRequired();
    }

    /** Initiator: TLS at once on connect. */
    public boolean tlsOnConnect() {
        return initiator.tlsOnConnect();
    }

    /** Initiator: the SASL mechanism to authenticate with on connect, or null. */
    public SaslMechanism saslMechanism() {
        return initiator.saslMechanism();
    }

    /** Initiator: the credentials for {@link #saslMechanism()}, or null. */
    public SaslCredentials saslCredentials() {
        return initiator.saslCredentials();
    }

    /** Initiator: SASL PLAIN allowed without TLS. */
    public boolean plainWithoutTls() {
        return initiator.plainWithoutTls();
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
