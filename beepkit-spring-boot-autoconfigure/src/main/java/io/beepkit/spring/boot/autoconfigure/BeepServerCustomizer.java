package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.BeepServer;

/**
 * Adjusts the builder of the auto-configured {@link BeepServer} beyond what {@code beep.server.*} properties cover
 * (more profiles, the session callback, I/O threads...). Every bean of this type is applied in order
 * ({@code @Order}), after the properties and the {@link BeepServerConfigCustomizer}s; calling {@code config(...)}
 * here replaces the settings built so far.
 */
@FunctionalInterface
public interface BeepServerCustomizer {
    /** @param server the builder, already given the address, settings and profiles */
    void customize(BeepServer.Builder server);
}
