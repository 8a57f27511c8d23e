package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.SessionConfig;

/**
 * Adjusts the session settings of the auto-configured listeners (the BEEP server and, when enabled, the syslog
 * collector's) beyond what properties cover: frame tracer, release handler, features... (threads are in the
 * {@code BeepResources} bean all share). Every
 * bean of this type is applied in order ({@code @Order}), after the properties.
 */
@FunctionalInterface
public interface BeepServerConfigCustomizer {
    /** @param config the settings built from the properties */
    void customize(SessionConfig.Builder config);
}
