package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.BeepObserver;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SessionConfig;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.ssl.SslBundles;

import java.util.List;

/**
 * Builds every auto-configured listener alike, the BEEP listener of {@code beep.server.*} and the syslog collector's
 * of {@code beepkit-spring-boot-syslog}: the session settings of {@code beep.server.session.*} over
 * {@code beep.session.*}, reported to every {@link BeepObserver} bean; the limits and PROXY protocol of
 * {@code beep.server.*}; TLS and SASL from the listener's own properties, the SSL bundles and the
 * {@link SaslAuthenticator} bean; the shared {@link BeepResources}; then every {@link BeepServerCustomizer}, in order.
 * The {@code beepListenerFactory} bean of {@link BeepAutoConfiguration}.
 */
public final class BeepListenerFactory {
    private final BeepProperties properties;
    private final BeepObserver observer;
    private final List<BeepServerCustomizer> customizers;
    private final @Nullable SslBundles bundles;
    private final @Nullable SaslAuthenticator authenticator;
    private final BeepResources resources;

    BeepListenerFactory(BeepProperties properties, BeepObserver observer, List<BeepServerCustomizer> customizers,
                        @Nullable SslBundles bundles, @Nullable SaslAuthenticator authenticator,
                        BeepResources resources) {
        this.properties = properties;
        this.observer = observer;
        this.customizers = customizers;
        this.bundles = bundles;
        this.authenticator = authenticator;
        this.resources = resources;
    }

    /**
     * @param prefix   the listener's properties, such as {@code beep.server}, naming them when a value is refused
     * @param host     the address to listen on
     * @param port     the port, 0 for a free one
     * @param ssl      the listener's TLS ({@code <prefix>.ssl.*})
     * @param sasl     the listener's SASL ({@code <prefix>.sasl.*}), offered when there is an authenticator
     * @param profiles what the listener serves; profiles the customizers add go there too
     * @return the builder with every setting and customizer applied, for the caller to build
     * @throws IllegalArgumentException naming the properties of a value the library refuses
     * @throws IllegalStateException    naming the property of an SSL bundle or SASL setting that cannot be used
     */
    public BeepServer.Builder builder(String prefix, String host, int port, ServerSslSettings ssl,
                                      ServerSaslSettings sasl, ProfileRegistry profiles) {
        SessionConfig.Builder config = properties.serverSession().toBuilder().observer(observer);
        customizers.forEach(c -> c.customizeSession(config));
        BeepServer.Builder builder = LibrarySettings.checked(prefix, () -> BeepServer.builder().bind(host, port))
                .session(config.build())
                .limits(properties.getServer().getLimits().build())
                .proxyProtocol(properties.getServer().isProxyProtocol())
                .security(BeepSecurityFactory.listener(prefix, ssl, sasl, bundles, authenticator))
                .profiles(profiles)
                .resources(resources);
        customizers.forEach(c -> c.customize(builder));
        return builder;
    }
}
