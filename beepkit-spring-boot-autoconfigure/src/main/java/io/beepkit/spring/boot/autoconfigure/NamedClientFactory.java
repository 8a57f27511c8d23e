package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.BeepObserver;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.InitiatorSecurity;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.ssl.SslBundles;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Builds the {@link BeepClient} of a named client as the auto-configured {@code BeepClient} bean is built
 * ({@code beep.client.*} and the shared settings, the observers, {@code spring.threads.virtual.enabled}, the
 * {@link BeepClientConfigCustomizer}s and {@link BeepClientCustomizer}s), with the named client's own TLS and SASL.
 */
final class NamedClientFactory {
    private final BeepProperties properties;
    private final BeepObserver observer;
    private final List<BeepClientConfigCustomizer> configCustomizers;
    private final List<BeepClientCustomizer> customizers;
    private final Map<String, InitiatorSecurity> security = new HashMap<>();
    private final BeepResources resources;

    /**
     * Resolves every named client's TLS and SASL now, so that an unknown SSL bundle fails start-up naming the
     * property rather than the first call.
     */
    NamedClientFactory(BeepProperties properties, BeepObserver observer,
                       List<BeepClientConfigCustomizer> configCustomizers, List<BeepClientCustomizer> customizers,
                       @Nullable SslBundles bundles, BeepResources resources) {
        this.properties = properties;
        this.observer = observer;
        this.configCustomizers = configCustomizers;
        this.customizers = customizers;
        this.resources = resources;
        properties.getClients().forEach((name, settings) -> security.put(name,
                BeepSecurityFactory.client("beep.clients." + name, settings.getSsl(), settings.getSasl(), bundles,
                        null)));
    }

    /** @param name a client of {@code beep.clients} */
    BeepClient build(String name) {
        SessionConfig.Builder config = BeepConfigFactory.client(properties, observer);
        configCustomizers.forEach(c -> c.customize(config));
        BeepClient.Builder builder = BeepClient.builder().session(config.build())
                .security(Objects.requireNonNull(security.get(name), name)).resources(resources);
        customizers.forEach(c -> c.customize(builder));
        return builder.build();
    }
}
