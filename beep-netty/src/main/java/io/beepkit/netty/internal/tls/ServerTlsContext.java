package io.beepkit.netty.internal.tls;

import io.beepkit.netty.tls.ClientAuthentication;
import io.beepkit.netty.tls.KeyMaterial;
import io.beepkit.netty.tls.TlsConfig;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandler;
import io.netty.handler.ssl.SniHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.util.DomainWildcardMappingBuilder;
import io.netty.util.Mapping;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import java.util.Arrays;
import java.util.Map;

/**
 * A listener's TLS, built once from a {@link TlsConfig}: the default {@link SslContext} and, when SNI names were
 * configured, one context per name chosen by Netty's {@link SniHandler}. Creates the handler to put at the head of a
 * session's pipeline when TLS begins. Thread-safe; share one per listener.
 */
public final class ServerTlsContext {
    private static final Logger LOG = LoggerFactory.getLogger(ServerTlsContext.class);

    private final SslContext defaultContext;
    private final Mapping<String, SslContext> sniMapping;
    private final long handshakeTimeoutMillis;
    private final SslProvider provider;

    private ServerTlsContext(SslContext defaultContext, Mapping<String, SslContext> sniMapping,
                             long handshakeTimeoutMillis, SslProvider provider) {
        this.defaultContext = defaultContext;
        this.sniMapping = sniMapping;
        this.handshakeTimeoutMillis = handshakeTimeoutMillis;
        this.provider = provider;
    }

    public static ServerTlsContext create(TlsConfig config) {
        if (config.keyMaterial() == null) {
            throw new IllegalArgumentException("a TLS listener needs keyMaterial (its certificate and key)");
        }
        SslProvider provider = TlsProviders.resolve(config.provider());
        if (config.clientAuth() != ClientAuthentication.NONE && config.trust().isInsecure()) {
            LOG.warn("TLS listener accepts any client certificate without verification (insecure trust)");
        }
        SslContext defaultContext = build(config, config.keyMaterial(), provider);
        Mapping<String, SslContext> mapping = null;
        if (!config.sniKeyMaterial().isEmpty()) {
            DomainWildcardMappingBuilder<SslContext> builder = new DomainWildcardMappingBuilder<>(defaultContext);
            for (Map.Entry<String, KeyMaterial> e : config.sniKeyMaterial().entrySet()) {
                builder.add(e.getKey(), build(config, e.getValue(), provider));
            }
            mapping = builder.build();
        }
        return new ServerTlsContext(defaultContext, mapping, config.handshakeTimeout().toMillis(), provider);
    }

    private static SslContext build(TlsConfig config, KeyMaterial key, SslProvider provider) {
        SslContextBuilder b = SslContextBuilder.forServer(key.keyManagerFactory())
                .sslProvider(provider)
                .protocols(config.protocols())
                .ciphers(config.cipherSuites(), SecureCipherFilter.INSTANCE)
                .clientAuth(TlsProviders.clientAuth(config.clientAuth()));
        if (config.clientAuth() != ClientAuthentication.NONE && config.trust().trustManagerFactory() != null) {
            b.trustManager(config.trust().trustManagerFactory());
        }
        try {
            return b.build();
        } catch (SSLException e) {
            throw new IllegalArgumentException("cannot build the TLS listener context for " + key + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * A new handler for one session, to add at the head of its pipeline: an {@link SslHandler}, or an
     * {@link SniHandler} that becomes one after reading the client's hello when SNI names are configured. The
     * handshake is bounded by the configured timeout (an overdue handshake fails and closes the connection).
     *
     * @param startTls true when the handler is added before our last clear-text message (the {@code <proceed />})
     *                 is written: that write then passes unencrypted
     */
    public ChannelHandler newHandler(ByteBufAllocator alloc, boolean startTls) {
        if (sniMapping == null) {
            SslHandler handler = new SslHandler(restrict(defaultContext.newEngine(alloc)), startTls);
            handler.setHandshakeTimeoutMillis(handshakeTimeoutMillis);
            return handler;
        }
        return new TimedSniHandler(sniMapping, handshakeTimeoutMillis);
    }

    /**
     * Leaves only the configured TLS versions enabled: the JDK's server engine also enables the SSLv2Hello format,
     * which no TLS 1.2+ client needs.
     */
    private static SSLEngine restrict(SSLEngine engine) {
        engine.setEnabledProtocols(Arrays.stream(engine.getEnabledProtocols())
                .filter(TlsConfig.ALLOWED_PROTOCOLS::contains).toArray(String[]::new));
        return engine;
    }

    /** The context for clients that send no (or an unknown) SNI name. */
    public SslContext defaultContext() {
        return defaultContext;
    }

    /** True if certificates are chosen by SNI name. */
    public boolean usesSni() {
        return sniMapping != null;
    }

    /** The provider in use: {@code OPENSSL} or {@code JDK}. */
    public SslProvider provider() {
        return provider;
    }

    /** An {@link SniHandler} whose resulting {@link SslHandler} keeps the handshake bound. */
    private static final class TimedSniHandler extends SniHandler {
        private final long handshakeTimeoutMillis;

        TimedSniHandler(Mapping<String, SslContext> mapping, long handshakeTimeoutMillis) {
            super(mapping, handshakeTimeoutMillis);
            this.handshakeTimeoutMillis = handshakeTimeoutMillis;
        }

        @Override
        protected SslHandler newSslHandler(SslContext context, ByteBufAllocator allocator) {
            SslHandler handler = super.newSslHandler(context, allocator);
            restrict(handler.engine());
            handler.setHandshakeTimeoutMillis(handshakeTimeoutMillis);
            return handler;
        }
    }
}
