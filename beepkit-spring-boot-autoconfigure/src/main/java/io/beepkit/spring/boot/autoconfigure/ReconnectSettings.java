package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.ReconnectPolicy;
import org.jspecify.annotations.Nullable;

import java.time.Duration;

/**
 * How a named client's session connects again after a loss or a failed attempt
 * ({@code beep.clients.<name>.reconnect.*}), one to one with {@link ReconnectPolicy.Builder}: unset values keep the
 * library's defaults, and the library's builder checks the values.
 */
public class ReconnectSettings {
    /** The ceiling of the first delay; unset for the library's default (100ms). */
    private @Nullable Duration initialDelay;
    /** The largest delay, at least the initial delay; unset for the library's default (30s). */
    private @Nullable Duration maxDelay;
    /** The growth of the delay's ceiling per attempt, at least 1; unset for the library's default (2). */
    private @Nullable Double multiplier;
    /** Consecutive failed attempts before the session gives up, 0 for never; unset for the library's default (0). */
    private @Nullable Integer maxAttempts;

    /**
     * @param prefix the properties' prefix, for the message of a refused value
     * @return the policy
     * @throws IllegalArgumentException naming the prefix and the library's reason
     */
    ReconnectPolicy policy(String prefix) {
        ReconnectPolicy.Builder b = ReconnectPolicy.builder();
        if (initialDelay != null) {
            b.initialDelay(initialDelay);
        }
        if (maxDelay != null) {
            b.maxDelay(maxDelay);
        }
        if (multiplier != null) {
            b.multiplier(multiplier);
        }
        if (maxAttempts != null) {
            b.maxAttempts(maxAttempts);
        }
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(prefix + ": " + e.getMessage(), e);
        }
    }

    /** @return the first delay's ceiling, or null for the library's default */
    public @Nullable Duration getInitialDelay() {
        return initialDelay;
    }

    /** @param initialDelay the first delay's ceiling, positive */
    public void setInitialDelay(@Nullable Duration initialDelay) {
        this.initialDelay = initialDelay;
    }

    /** @return the largest delay, or null for the library's default */
    public @Nullable Duration getMaxDelay() {
        return maxDelay;
    }

    /** @param maxDelay the largest delay, at least the initial delay */
    public void setMaxDelay(@Nullable Duration maxDelay) {
        this.maxDelay = maxDelay;
    }

    /** @return the growth per attempt, or null for the library's default */
    public @Nullable Double getMultiplier() {
        return multiplier;
    }

    /** @param multiplier the growth per attempt, at least 1 */
    public void setMultiplier(@Nullable Double multiplier) {
        this.multiplier = multiplier;
    }

    /** @return the attempts before giving up, or null for the library's default */
    public @Nullable Integer getMaxAttempts() {
        return maxAttempts;
    }

    /** @param maxAttempts the attempts before giving up, 0 for never */
    public void setMaxAttempts(@Nullable Integer maxAttempts) {
        this.maxAttempts = maxAttempts;
    }
}
