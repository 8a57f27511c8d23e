package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.BeepConfig;
import io.beepkit.netty.BeepServer;

/**
 * Adjusts the auto-configured {@link BeepServer} beyond what {@code beep.*} properties cover. Every bean of this type
 * is applied in order ({@code @Order}), after the properties: first to the session settings, then to the builder.
 */
public interface BeepServerCustomizer {
    /**
     * Adjusts the listener's session settings (callback executor, frame tracer, release handler, features...).
     *
     * @param config the settings built from the properties
     */
    default void customize(BeepConfig.Builder config) {
    }

    /**
     * Adjusts the listener's builder (more profiles, the session callback, I/O threads...). Calling
     * {@code config(...)} here replaces the settings built so far.
     *
     * @param server the builder, already given the address, settings and profiles
     */
    default void customize(BeepServer.Builder server) {
    }
}
