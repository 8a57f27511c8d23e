package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SessionConfig;

/**
 * Adjusts every auto-configured listener (the BEEP listener, and the syslog collector's when enabled) beyond what
 * properties cover. Every bean of this type is applied in order ({@code @Order}), after the properties: first
 * {@link #customizeSession} on the session settings, then {@link #customize} on the builder. Profiles added to the
 * BEEP listener's builder are wrapped by the {@code BeepHandlerDecorator}s like every other.
 */
@FunctionalInterface
public interface BeepServerCustomizer {
    /** @param server the builder, already given the address, settings, security and profiles */
    void customize(BeepServer.Builder server);

    /**
     * Adjusts the session settings built from the properties: frame tracer, release handler... Does nothing unless
     * overridden.
     *
     * @param session the settings built from the properties
     */
    default void customizeSession(SessionConfig.Builder session) {
    }
}
