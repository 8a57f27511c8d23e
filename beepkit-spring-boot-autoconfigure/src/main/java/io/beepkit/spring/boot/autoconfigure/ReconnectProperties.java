package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.ReconnectPolicy;
import org.jspecify.annotations.Nullable;

import java.time.Duration;

/**
 * {@code beep.clients.<name>.reconnect.*}: one to one with {@link ReconnectPolicy.Builder}, how a client's session
 * connects again after a loss or a failed attempt. Each value left unset keeps the library's default.
 */
public class ReconnectProperties {
    /** The ceiling of the first delay; unset for the library's default. */
    private @Nullable Duration initialDelay;
    /** The largest delay, at least the initial delay; unset for the library's default. */
    private @Nullable Duration maxDelay;
    /** The growth of the delay's ceiling per attempt, at least 1; unset for the library's default. */
    private @Nullable Double multiplier;
    /** Consecutive failed attempts before the session gives up, 0 for never; unset for the library's default (0). */
    private @Nullable Integer maxAttempts;
    /** How long a send may wait for a session while there is none; unset for the library's default (not at all). */
    private @Nullable Duration awaitConnection;

    /**
     * @param prefix the properties' prefix, naming them in a refusal
     * @throws IllegalArgumentException naming the prefix and the library's reason
     */
    ReconnectPolicy policy(String prefix) {
        return LibrarySettings.build(prefix, ReconnectPolicy.builder(), (map, b) -> {
            map.from(initialDelay).to(b::initialDelay);
            map.from(maxDelay).to(b::maxDelay);
            map.from(multiplier).to(b::multiplier);
            map.from(maxAttempts).to(b::maxAttempts);
            map.from(awaitConnection).to(b::awaitConnection);
        }, ReconnectPolicy.Builder::build);
    }

    /** @return the first delay's ceiling, null for the library's default */
    public @Nullable Duration getInitialDelay() { return initialDelay; }
    /** @param v the first delay's ceiling */
    public void setInitialDelay(@Nullable Duration v) { initialDelay = v; }
    /** @return the largest delay, null for the library's default */
    public @Nullable Duration getMaxDelay() { return maxDelay; }
    /** @param v the largest delay */
    public void setMaxDelay(@Nullable Duration v) { maxDelay = v; }
    /** @return the growth per attempt, null for the library's default */
    public @Nullable Double getMultiplier() { return multiplier; }
    /** @param v the growth per attempt */
    public void setMultiplier(@Nullable Double v) { multiplier = v; }
    /** @return the attempts before giving up, null for the library's default */
    public @Nullable Integer getMaxAttempts() { return maxAttempts; }
    /** @param v the attempts before giving up, 0 for never */
    public void setMaxAttempts(@Nullable Integer v) { maxAttempts = v; }
    /** @return how long a send waits for a session, null for the library's default */
    public @Nullable Duration getAwaitConnection() { return awaitConnection; }
    /** @param v how long a send waits for a session */
    public void setAwaitConnection(@Nullable Duration v) { awaitConnection = v; }
}
