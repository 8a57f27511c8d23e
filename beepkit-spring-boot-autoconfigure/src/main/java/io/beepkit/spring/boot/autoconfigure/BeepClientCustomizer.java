package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepConfig;

/**
 * Adjusts the auto-configured {@link BeepClient} beyond what {@code beep.client.*} properties cover. Every bean of
 * this type is applied in order ({@code @Order}), after the properties: first to the session settings, then to the
 * builder.
 */
public interface BeepClientCustomizer {
    /**
     * Adjusts the client's session settings (callback executor, frame tracer, features...).
     *
     * @param config the settings built from the properties
     */
    default void customize(BeepConfig.Builder config) {
    }

    /**
     * Adjusts the client's builder (profiles offered to the listener, I/O threads...). Calling {@code config(...)}
     * here replaces the settings built so far.
     *
     * @param client the builder, already given the settings and connect timeout
     */
    default void customize(BeepClient.Builder client) {
    }
}
