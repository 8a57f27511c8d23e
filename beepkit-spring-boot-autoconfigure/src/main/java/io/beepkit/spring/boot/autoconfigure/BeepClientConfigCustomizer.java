package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.SessionConfig;

/**
 * Adjusts the session settings of the auto-configured {@link io.beepkit.netty.BeepClient} beyond what
 * {@code beep.client.*} properties cover (frame tracer, features...; threads are in the shared {@code BeepResources}
 * bean). Every bean of this type is
 * applied in order ({@code @Order}), after the properties.
 */
@FunctionalInterface
public interface BeepClientConfigCustomizer {
    /** @param config the settings built from the properties */
    void customize(SessionConfig.Builder config);
}
