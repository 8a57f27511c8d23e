package io.beepkit.spring.boot.autoconfigure;

import org.springframework.core.env.Environment;

import java.time.Duration;

/** Reads {@code spring.lifecycle.timeout-per-shutdown-phase}, which bounds how long a listener's stop may take. */
final class ShutdownPhase {
    static final String PROPERTY = "spring.lifecycle.timeout-per-shutdown-phase";

    private ShutdownPhase() {
    }

    /** @return the configured time per shutdown phase, or Spring's default of 30 s when unset */
    static Duration timeout(Environment environment) {
        String value = environment.getProperty(PROPERTY);
        if (value == null || value.isBlank()) {
            return Duration.ofSeconds(30);
        }
        return org.springframework.boot.convert.DurationStyle.detectAndParse(value.trim());
    }
}
