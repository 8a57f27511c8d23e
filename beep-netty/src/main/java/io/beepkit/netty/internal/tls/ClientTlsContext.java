package io.beepkit.netty.internal.tls;

import io.beepkit.netty.tls.ClientAuthentication;
import io.beepkit.netty.tls.KeyMaterial;
import io.beepkit.netty.tls.TlsConfig;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLException;

/**
 * An initiator's TLS, built once from a {@link TlsConfig}. Creates the {@link SslHandler} for one session, sending
 * the host name as SNI and (unless disabled) checking the server's certificate against it. Thread-safe.
 */
public final class ClientTlsContext {
    private static final Logger LOG = LoggerFactory.getLogger(ClientTlsContext.class);

    private final SslContext context;
    private final long handshakeTimeoutMillis;
    private final SslProvider provider;

    private ClientTlsContext(SslContext context, long handshakeTimeoutMillis, SslProvider provider) {
        this.context = context;
        this.handshakeTimeoutMillis = handshakeTimeoutMillis;
        this.provider = provider;
    }

    public static ClientTlsContext create(TlsConfig config) {
        SslProvider provider = TlsProviders.resolve(config.provider());
        if (config.trust().isInsecure()) {
            LOG.warn("TLS initiator does not verify the server's certificate (insecure trust)");
        }
        SslContextBuilder b = SslContextBuilder.forClient()
                .sslProvider(provider)
                .protocols(config.protocols())
                .ciphers(config.cipherSuites(), SecureCipherFilter.INSTANCE)
                .endpointIdentificationAlgorithm(config.verifyHostname() && !config.trust().isInsecure()
                        ? "HTTPS" : null);
        if (config.trust().trustManagerFactory() != null) {
            b.trustManager(config.trust().trustManagerFactory());
        }
        if (config.keyMaterial() != null) {
            b.keyManager(config.keyMaterial().keyManagerFactory());
        }
        try {
            return new ClientTlsContext(b.build(), config.handshakeTimeout().toMillis(), provider);
        } catch (SSLException e) {
            throw new IllegalArgumentException("cannot build the TLS initiator context: " + e.getMessage(), e);
        }
    }

    /**
     * A new handler for one session, to add at the head of its pipeline once the listener's {@code <proceed />}
     * arrived; the handshake starts as soon as it is added to an active channel.
     *
     * @param peerHost the host name connected to: sent as SNI and checked against the server's certificate
     */
    public SslHandler newHandler(ByteBufAllocator alloc, String peerHost, int peerPort) {
        SslHandler handler = context.newHandler(alloc, peerHost, peerPort);
        handler.setHandshakeTimeoutMillis(handshakeTimeoutMillis);
        return handler;
    }

    /** The Netty context. */
    public SslContext context() {
        return context;
    }

    /** The provider in use: {@code OPENSSL} or {@code JDK}. */
    public SslProvider provider() {
        return provider;
    }
}
