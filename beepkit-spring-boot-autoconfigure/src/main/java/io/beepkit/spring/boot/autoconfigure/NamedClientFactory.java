package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.BeepObserver;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.InitiatorSecurity;
import io.beepkit.api.security.SaslCredentials;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.ssl.SslBundles;

import java.util.List;

/**
 * Builds the {@link BeepClient} of a client of {@code beep.clients.<name>.*}: its session settings over
 * {@code beep.session.*}, its TLS and SASL, the observers and the {@link BeepClientCustomizer}s, on the shared
 * {@link BeepResources}.
 */
final class NamedClientFactory {
    private final BeepProperties properties;
    private final BeepObserver observer;
    private final List<BeepClientCustomizer> customizers;
    private final @Nullable SslBundles bundles;
    private final BeepResources resources;

    NamedClientFactory(BeepProperties properties, BeepObserver observer,
                       List<BeepClientCustomizer> customizers,
                       @Nullable SslBundles bundles, BeepResources resources) {
        this.properties = properties;
        this.observer = observer;
        this.customizers = customizers;
        this.bundles = bundles;
        this.resources = resources;
    }

    /**
     * The client's TLS and SASL, resolved when its template is made, so that an unknown SSL bundle fails start-up
     * naming the property rather than the first call.
     *
     * @param credentials replace the user and password of {@code beep.clients.<name>.sasl.*}, or null
     */
    InitiatorSecurity security(String name, @Nullable SaslCredentials credentials) {
        ClientProperties c = properties.client(name);
        return BeepSecurityFactory.client("beep.clients." + name, c.getSsl(), c.getSasl(), bundles, credentials);
    }

    /** @param name a client of {@code beep.clients}, or one without properties for the library's defaults */
    BeepClient build(String name, @Nullable SaslCredentials credentials) {
        return build(name, security(name, credentials));
    }

    /** @param security the client's TLS and SASL, as {@link #security} gave them */
    BeepClient build(String name, InitiatorSecurity security) {
        SessionConfig.Builder config = properties.clientSession(name).toBuilder().observer(observer);
        customizers.forEach(c -> c.customizeSession(config));
        BeepClient.Builder builder = BeepClient.builder().session(config.build()).security(security)
                .resources(resources);
        customizers.forEach(c -> c.customize(builder));
        return builder.build();
    }
}
