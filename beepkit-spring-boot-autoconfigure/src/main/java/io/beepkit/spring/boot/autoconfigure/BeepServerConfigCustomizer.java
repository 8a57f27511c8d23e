package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.SessionConfig;

/**
 * Adjusts the session settings of the auto-configured listeners (the BEEP server and, when enabled, the syslog
 * collector's) beyond what properties cover: callback executor, frame tracer, release handler, features... Every
 * bean of this type is applied in order ({@code @Order}), after the properties.
 */
@FunctionalInterface
public interface BeepServerConfigCustomizer {
    /** @param config the settings built from the properties */
    void customize(SessionConfig.Builder config);
}
