package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.BeepObserver;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepConfig;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.core.env.Environment;

import java.util.List;

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
    private final @Nullable SslBundles bundles;
    private final Environment environment;

    NamedClientFactory(BeepProperties properties, BeepObserver observer,
                       List<BeepClientConfigCustomizer> configCustomizers, List<BeepClientCustomizer> customizers,
                       @Nullable SslBundles bundles, Environment environment) {
        this.properties = properties;
        this.observer = observer;
        this.configCustomizers = configCustomizers;
        this.customizers = customizers;
        this.bundles = bundles;
        this.environment = environment;
    }

    BeepClient build(String name, NamedClientSettings settings) {
        BeepConfig.Builder config = BeepConfigFactory.client(properties, observer)
                .security(BeepSecurityFactory.client("beep.clients." + name, settings.getSsl(), settings.getSasl(),
                        bundles, null));
        CallbackThreads.apply(config, environment, "beep-client-" + name);
        configCustomizers.forEach(c -> c.customize(config));
        BeepClient.Builder builder = BeepClient.builder()
                .config(config.build())
                .connectTimeout(properties.getClient().getConnectTimeout())
                .ioThreads(properties.getClient().getIoThreads());
        customizers.forEach(c -> c.customize(builder));
        return builder.build();
    }
}
