package io.beepkit.netty;

import java.util.Objects;

/**
 * What one {@link BeepServer} lets all its peers together make it hold: connections in all, connections from one
 * address, and the memory all its sessions may hold. Only the server's builder takes them. Immutable; build with
 * {@link #builder()}.
 */
public final class ListenerLimits {
    /** Default most connections per listener. */
    public static final int DEFAULT_MAX_SESSIONS = 10_000;
    /**
     * Default most connections from one remote address: 0, no such limit (behind a balancer, NAT or sidecar every
     * session comes from one address); {@link #DEFAULT_MAX_SESSIONS} and the memory budgets still apply.
     */
    public static final int DEFAULT_MAX_SESSIONS_PER_ADDRESS = 0;

    private final int maxSessions;
    private final int maxSessionsPerAddress;
    private final long memoryBudget;

    private ListenerLimits(Builder b) {
        SettingChecks.atLeast("maxSessions", b.maxSessions, 1);
        SettingChecks.atLeast("maxSessionsPerAddress", b.maxSessionsPerAddress, 0);
        SettingChecks.atLeast("memoryBudget", b.memoryBudget, SessionLimits.MIN_MEMORY_BUDGET);
        this.maxSessions = b.maxSessions;
        this.maxSessionsPerAddress = b.maxSessionsPerAddress;
        this.memoryBudget = b.memoryBudget;
    }

    /**
     * The default memory budget shared by a listener's sessions: a quarter of the JVM's maximum heap (the collector's
     * headroom and the application's own data need the rest), at least {@link SessionLimits#MIN_MEMORY_BUDGET}.
     */
    public static long defaultMemoryBudget() {
        return Math.max(SessionLimits.MIN_MEMORY_BUDGET, Runtime.getRuntime().maxMemory() / 4);
    }

    /** The defaults. */
    public static ListenerLimits defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these limits. */
    public Builder toBuilder() {
        return new Builder().maxSessions(maxSessions).maxSessionsPerAddress(maxSessionsPerAddress)
                .memoryBudget(memoryBudget);
    }

    /** The most connections the listener holds at once; more are closed on accept. */
    public int maxSessions() {
        return maxSessions;
    }

    /**
     * The most connections held at once from one remote IP address (the client's address from the PROXY protocol
     * header when the server expects one); 0 for no such limit.
     */
    public int maxSessionsPerAddress() {
        return maxSessionsPerAddress;
    }

    /**
     * The most octets all sessions together may hold for their peers before the listener refuses new sessions
     * (ERR 421) and sheds the session holding the most.
     */
    public long memoryBudget() {
        return memoryBudget;
    }

    /** Builds {@link ListenerLimits}; {@link #build()} checks the values. */
    public static final class Builder {
        private int maxSessions = DEFAULT_MAX_SESSIONS;
        private int maxSessionsPerAddress = DEFAULT_MAX_SESSIONS_PER_ADDRESS;
        private long memoryBudget = defaultMemoryBudget();

        private Builder() {
        }

        /** Most connections held at once (default: 10 000, at least 1). */
        public Builder maxSessions(int v) { maxSessions = v; return this; }
        /** Most connections held at once from one IP address (default: 0, no limit). */
        public Builder maxSessionsPerAddress(int v) { maxSessionsPerAddress = v; return this; }
        /** Most octets all sessions may hold (default: a quarter of the maximum heap, at least 64 KiB). */
        public Builder memoryBudget(long v) { memoryBudget = v; return this; }

        /** The limits, checked: an IllegalArgumentException names a setting out of bounds and its value. */
        public ListenerLimits build() {
            return new ListenerLimits(this);
        }
    }

    /** Equal when every limit is. */
    @Override
    public boolean equals(Object o) {
        return o instanceof ListenerLimits that && maxSessions == that.maxSessions
                && maxSessionsPerAddress == that.maxSessionsPerAddress && memoryBudget == that.memoryBudget;
    }

    @Override
    public int hashCode() {
        return Objects.hash(maxSessions, maxSessionsPerAddress, memoryBudget);
    }

    @Override
    public String toString() {
        return "ListenerLimits[maxSessions=" + maxSessions + ", maxSessionsPerAddress=" + maxSessionsPerAddress
                + ", memoryBudget=" + memoryBudget + "]";
    }
}
