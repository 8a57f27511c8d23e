package io.beepkit.netty;

import org.jspecify.annotations.Nullable;

import java.time.Duration;

/**
 * The checks the setting groups run in their {@code build()}: each failure is an {@link IllegalArgumentException}
 * naming the setting and the value it was given, so a wrong value is found from the message alone.
 */
final class SettingChecks {
    private SettingChecks() {
    }

    /** {@code value} is at least {@code min}. */
    static void atLeast(String name, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " must be >= " + min + ": " + value);
        }
    }

    /** {@code value} is present and above zero. */
    static Duration positive(String name, @Nullable Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be a positive duration: " + value);
        }
        return value;
    }

    /** {@code value} is present and not below zero. */
    static Duration notNegative(String name, @Nullable Duration value) {
        if (value == null || value.isNegative()) {
            throw new IllegalArgumentException(name + " must be zero or a positive duration: " + value);
        }
        return value;
    }

    /** {@code value} is present. */
    static <T> T present(String name, @Nullable T value) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return value;
    }
}
