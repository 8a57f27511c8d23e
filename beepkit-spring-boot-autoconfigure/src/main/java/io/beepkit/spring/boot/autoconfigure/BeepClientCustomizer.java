package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;

/**
 * Adjusts every auto-configured client (the {@code BeepClient} bean and the client of each {@code BeepTemplate})
 * beyond what {@code beep.clients.<name>.*} properties cover. Every bean of this type is applied in order
 * ({@code @Order}), after the properties: first {@link #customizeSession} on the session settings, then
 * {@link #customize} on the builder.
 */
@FunctionalInterface
public interface BeepClientCustomizer {
    /** @param client the builder, already given the settings, security and threads */
    void customize(BeepClient.Builder client);

    /**
     * Adjusts the session settings built from the properties: frame tracer, features... Does nothing unless
     * overridden.
     *
     * @param session the settings built from the properties
     */
    default void customizeSession(SessionConfig.Builder session) {
    }
}
