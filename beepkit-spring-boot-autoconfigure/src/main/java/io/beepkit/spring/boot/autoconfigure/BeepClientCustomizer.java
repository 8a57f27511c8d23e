package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.BeepClient;

/**
 * Adjusts the builder of the auto-configured {@link BeepClient} beyond what {@code beep.client.*} properties cover
 * (profiles offered to the listener, I/O threads...). Every bean of this type is applied in order ({@code @Order}),
 * after the properties and the {@link BeepClientConfigCustomizer}s; calling {@code config(...)} here replaces the
 * settings built so far.
 */
@FunctionalInterface
public interface BeepClientCustomizer {
    /** @param client the builder, already given the settings and connect timeout */
    void customize(BeepClient.Builder client);
}
