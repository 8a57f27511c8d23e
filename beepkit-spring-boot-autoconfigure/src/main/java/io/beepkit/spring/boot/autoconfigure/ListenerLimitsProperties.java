package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.ListenerLimits;
import org.jspecify.annotations.Nullable;
import org.springframework.util.unit.DataSize;

/**
 * {@code beep.server.limits.*}: one to one with {@link ListenerLimits.Builder}, what all sessions of the listener
 * together may hold. Each value left unset keeps the library's default.
 */
public class ListenerLimitsProperties {
    /** The most connections the listener holds at once (more are closed after accept); unset for the default. */
    private @Nullable Integer maxSessions;
    /**
     * The most connections held at once from one remote address (the client's, with beep.server.proxy-protocol), 0
     * for no such limit; unset for the library's default (none: behind a balancer every session has one address).
     */
    private @Nullable Integer maxSessionsPerAddress;
    /**
     * The most all sessions of the listener together may hold for their peers; over it new sessions get 421 and the
     * session holding the most is shed. Unset for the library's default, a quarter of the maximum heap.
     */
    private @Nullable DataSize memoryBudget;

    /**
     * @return the listener's limits, checked by the library's builder
     * @throws IllegalArgumentException naming {@code beep.server.limits} and the library's reason
     */
    ListenerLimits build() {
        return LibrarySettings.build("beep.server.limits", ListenerLimits.builder(), (map, b) -> {
            map.from(maxSessions).to(b::maxSessions);
            map.from(maxSessionsPerAddress).to(b::maxSessionsPerAddress);
            map.from(memoryBudget).as(DataSize::toBytes).to(b::memoryBudget);
        }, ListenerLimits.Builder::build);
    }

    /** @return the most connections, null for the library's default */
    public @Nullable Integer getMaxSessions() { return maxSessions; }
    /** @param v the most connections */
    public void setMaxSessions(@Nullable Integer v) { maxSessions = v; }
    /** @return the most connections from one address, null for the library's default */
    public @Nullable Integer getMaxSessionsPerAddress() { return maxSessionsPerAddress; }
    /** @param v the most connections from one address, 0 for no limit */
    public void setMaxSessionsPerAddress(@Nullable Integer v) { maxSessionsPerAddress = v; }
    /** @return the listener-wide memory budget, null for the library's default */
    public @Nullable DataSize getMemoryBudget() { return memoryBudget; }
    /** @param v the listener-wide memory budget */
    public void setMemoryBudget(@Nullable DataSize v) { memoryBudget = v; }
}
