package io.beepkit.netty;

import io.beepkit.core.mgmt.ManagementLimits;

import java.time.Duration;
import java.util.Objects;

/**
 * What one session lets its peer make it hold or do: message and greeting sizes, channels, outstanding MSGs, its
 * memory budget, the start rate, its share of an event-loop turn, and the timeouts of the greeting, of silence and of
 * channel requests. Every limit has a default and is enforced before buffering. Immutable; build with
 * {@link #builder()}.
 */
public final class SessionLimits {
    /** Default largest assembled message or reply: 16 MiB. */
    public static final int DEFAULT_MAX_MESSAGE_SIZE = 16 * 1024 * 1024;
    /** Default most channels open at once per session. */
    public static final int DEFAULT_MAX_CHANNELS = 1024;
    /** Default most MSGs awaiting replies per channel and direction. */
    public static final int DEFAULT_MAX_OUTSTANDING = 4096;
    /** Default memory budget per session: 16 MiB. */
    public static final long DEFAULT_MEMORY_BUDGET = 16L * 1024 * 1024;
    /** The smallest memory budget accepted: 64 KiB, so one ordinary exchange never pauses a session. */
    public static final long MIN_MEMORY_BUDGET = 64L * 1024;
    /** Default time a session may stay over its memory budget before it is terminated: 30 seconds. */
    public static final Duration DEFAULT_MEMORY_BUDGET_TIMEOUT = Duration.ofSeconds(30);
    /** Default most channel starts a peer may request per second on one session. */
    public static final int DEFAULT_MAX_STARTS_PER_SECOND = 100;
    /** Default most frames one session's read hands on per event-loop turn. */
    public static final int DEFAULT_MAX_FRAMES_PER_TURN = 256;
    /** Default most frame payload octets one session's read hands on per event-loop turn: 256 KiB. */
    public static final int DEFAULT_MAX_OCTETS_PER_TURN = 256 * 1024;
    /** Default most channel-0 requests parsed for one session per event-loop turn. */
    public static final int DEFAULT_MAX_STARTS_PER_TURN = 16;
    /** Default time a connection has to deliver its greeting: 15 seconds. */
    public static final Duration DEFAULT_GREETING_TIMEOUT = Duration.ofSeconds(15);
    /** Default most octets before the greeting is complete: 64 KiB, as the channel-0 parser's greeting limit. */
    public static final int DEFAULT_MAX_GREETING_SIZE = ManagementLimits.DEFAULT_MAX_GREETING_OCTETS;
    /** Default idle timeout: zero, never (an idle BEEP session is legitimate; see docs/reliability.md). */
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ZERO;
    /** Default time a start or close request waits for its answer: 30 seconds. */
    public static final Duration DEFAULT_CHANNEL_REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private static final SessionLimits DEFAULTS = new Builder().build();

    private final int maxMessageSize;
    private final int maxChannels;
    private final int maxOutstanding;
    private final long memoryBudget;
    private final Duration memoryBudgetTimeout;
    private final int maxStartsPerSecond;
    private final int maxFramesPerTurn;
    private final int maxOctetsPerTurn;
    private final int maxStartsPerTurn;
    private final Duration greetingTimeout;
    private final int maxGreetingSize;
    private final Duration idleTimeout;
    private final Duration channelRequestTimeout;

    private SessionLimits(Builder b) {
        SettingChecks.atLeast("maxMessageSize", b.maxMessageSize, 1);
        SettingChecks.atLeast("maxChannels", b.maxChannels, 1);
        SettingChecks.atLeast("maxOutstanding", b.maxOutstanding, 1);
        SettingChecks.atLeast("memoryBudget", b.memoryBudget, MIN_MEMORY_BUDGET);
        SettingChecks.atLeast("maxStartsPerSecond", b.maxStartsPerSecond, 1);
        SettingChecks.atLeast("maxFramesPerTurn", b.maxFramesPerTurn, 1);
        SettingChecks.atLeast("maxOctetsPerTurn", b.maxOctetsPerTurn, 1);
        SettingChecks.atLeast("maxStartsPerTurn", b.maxStartsPerTurn, 1);
        SettingChecks.atLeast("maxGreetingSize", b.maxGreetingSize, 1);
        this.memoryBudgetTimeout = SettingChecks.positive("memoryBudgetTimeout", b.memoryBudgetTimeout);
        this.greetingTimeout = SettingChecks.positive("greetingTimeout", b.greetingTimeout);
        this.idleTimeout = SettingChecks.notNegative("idleTimeout", b.idleTimeout);
        this.channelRequestTimeout = SettingChecks.positive("channelRequestTimeout", b.channelRequestTimeout);
        this.maxMessageSize = b.maxMessageSize;
        this.maxChannels = b.maxChannels;
        this.maxOutstanding = b.maxOutstanding;
        this.memoryBudget = b.memoryBudget;
        this.maxStartsPerSecond = b.maxStartsPerSecond;
        this.maxFramesPerTurn = b.maxFramesPerTurn;
        this.maxOctetsPerTurn = b.maxOctetsPerTurn;
        this.maxStartsPerTurn = b.maxStartsPerTurn;
        this.maxGreetingSize = b.maxGreetingSize;
    }

    /** The default limits. */
    public static SessionLimits defaults() {
        return DEFAULTS;
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these limits. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.maxMessageSize = maxMessageSize;
        b.maxChannels = maxChannels;
        b.maxOutstanding = maxOutstanding;
        b.memoryBudget = memoryBudget;
        b.memoryBudgetTimeout = memoryBudgetTimeout;
        b.maxStartsPerSecond = maxStartsPerSecond;
        b.maxFramesPerTurn = maxFramesPerTurn;
        b.maxOctetsPerTurn = maxOctetsPerTurn;
        b.maxStartsPerTurn = maxStartsPerTurn;
        b.greetingTimeout = greetingTimeout;
        b.maxGreetingSize = maxGreetingSize;
        b.idleTimeout = idleTimeout;
        b.channelRequestTimeout = channelRequestTimeout;
        return b;
    }

    /** The largest message or reply we assemble (octets, MIME headers included). */
    public int maxMessageSize() { return maxMessageSize; }
    /** The most channels open at once per session (channel 0 excluded). */
    public int maxChannels() { return maxChannels; }
    /** The most MSGs awaiting replies per channel and direction. */
    public int maxOutstanding() { return maxOutstanding; }
    /**
     * The most octets the session may hold for its peer (assembled MSGs, delivered MSGs the handler has not returned
     * from, replies not yet written, each MSG awaiting its reply at a fixed cost) before it stops reading.
     */
    public long memoryBudget() { return memoryBudget; }
    /** How long the session may stay over its memory budget before it is terminated. */
    public Duration memoryBudgetTimeout() { return memoryBudgetTimeout; }
    /** The most channel starts the peer may request per second; more get ERR 421, a peer that keeps on ends. */
    public int maxStartsPerSecond() { return maxStartsPerSecond; }
    /** The most frames the session's read hands on per event-loop turn (docs/architecture.md, "Fair turns"). */
    public int maxFramesPerTurn() { return maxFramesPerTurn; }
    /** The most frame payload octets the session's read hands on per event-loop turn. */
    public int maxOctetsPerTurn() { return maxOctetsPerTurn; }
    /** The most channel-0 requests (starts, closes) the session's read parses per event-loop turn. */
    public int maxStartsPerTurn() { return maxStartsPerTurn; }
    /** How long a connection may take to deliver its complete greeting before it is closed. */
    public Duration greetingTimeout() { return greetingTimeout; }
    /** The most octets (framing included) a peer may send before its greeting is complete. */
    public int maxGreetingSize() { return maxGreetingSize; }
    /** Close the session after this long without an octet sent or received; zero for never. */
    public Duration idleTimeout() { return idleTimeout; }
    /**
     * How long a start or close request may wait for its answer: ours for the peer's reply (then the session is
     * terminated), the peer's for our application's decision (then it is refused with ERR 451).
     */
    public Duration channelRequestTimeout() { return channelRequestTimeout; }

    /** Builds {@link SessionLimits}; {@link #build()} checks the values. */
    public static final class Builder {
        private int maxMessageSize = DEFAULT_MAX_MESSAGE_SIZE;
        private int maxChannels = DEFAULT_MAX_CHANNELS;
        private int maxOutstanding = DEFAULT_MAX_OUTSTANDING;
        private long memoryBudget = DEFAULT_MEMORY_BUDGET;
        private Duration memoryBudgetTimeout = DEFAULT_MEMORY_BUDGET_TIMEOUT;
        private int maxStartsPerSecond = DEFAULT_MAX_STARTS_PER_SECOND;
        private int maxFramesPerTurn = DEFAULT_MAX_FRAMES_PER_TURN;
        private int maxOctetsPerTurn = DEFAULT_MAX_OCTETS_PER_TURN;
        private int maxStartsPerTurn = DEFAULT_MAX_STARTS_PER_TURN;
        private Duration greetingTimeout = DEFAULT_GREETING_TIMEOUT;
        private int maxGreetingSize = DEFAULT_MAX_GREETING_SIZE;
        private Duration idleTimeout = DEFAULT_IDLE_TIMEOUT;
        private Duration channelRequestTimeout = DEFAULT_CHANNEL_REQUEST_TIMEOUT;

        private Builder() {
        }

        /** Largest message or reply assembled, in octets (default: 16 MiB, at least 1). */
        public Builder maxMessageSize(int v) { maxMessageSize = v; return this; }
        /** Most channels open at once (default: 1024, at least 1). */
        public Builder maxChannels(int v) { maxChannels = v; return this; }
        /** Most MSGs awaiting replies per channel and direction (default: 4096, at least 1). */
        public Builder maxOutstanding(int v) { maxOutstanding = v; return this; }
        /** Most octets held for the peer before reading stops (default: 16 MiB, at least 64 KiB). */
        public Builder memoryBudget(long v) { memoryBudget = v; return this; }
        /** How long the session may stay over its memory budget before it is terminated (default: 30 s). */
        public Builder memoryBudgetTimeout(Duration v) { memoryBudgetTimeout = v; return this; }
        /** Most channel starts the peer may request per second (default: 100, at least 1). */
        public Builder maxStartsPerSecond(int v) { maxStartsPerSecond = v; return this; }
        /** Most frames the read hands on per event-loop turn (default: 256, at least 1); the rest waits a turn. */
        public Builder maxFramesPerTurn(int v) { maxFramesPerTurn = v; return this; }
        /** Most frame payload octets the read hands on per event-loop turn (default: 256 KiB, at least 1). */
        public Builder maxOctetsPerTurn(int v) { maxOctetsPerTurn = v; return this; }
        /** Most channel-0 requests parsed per event-loop turn (default: 16, at least 1). */
        public Builder maxStartsPerTurn(int v) { maxStartsPerTurn = v; return this; }
        /** How long a connection may take to deliver its complete greeting (default: 15 s). */
        public Builder greetingTimeout(Duration v) { greetingTimeout = v; return this; }
        /** Most octets, framing included, a peer may send before its greeting is complete (default: 64 KiB). */
        public Builder maxGreetingSize(int v) { maxGreetingSize = v; return this; }
        /** Close the session after this long with no octet either way; zero for never (the default). */
        public Builder idleTimeout(Duration v) { idleTimeout = v; return this; }
        /** How long a start or close request waits for its answer (default: 30 s). */
        public Builder channelRequestTimeout(Duration v) { channelRequestTimeout = v; return this; }

        /** The limits, checked: an IllegalArgumentException names a setting out of bounds and its value. */
        public SessionLimits build() {
            return new SessionLimits(this);
        }
    }

    /** Equal when every limit is. */
    @Override
    public boolean equals(Object o) {
        return o instanceof SessionLimits that && toString().equals(that.toString());
    }

    @Override
    public int hashCode() {
        return Objects.hash(maxMessageSize, maxChannels, maxOutstanding, memoryBudget, memoryBudgetTimeout,
                maxStartsPerSecond, maxFramesPerTurn, maxOctetsPerTurn, maxStartsPerTurn, greetingTimeout,
                maxGreetingSize, idleTimeout, channelRequestTimeout);
    }

    @Override
    public String toString() {
        return "SessionLimits[maxMessageSize=" + maxMessageSize + ", maxChannels=" + maxChannels
                + ", maxOutstanding=" + maxOutstanding + ", memoryBudget=" + memoryBudget + ", memoryBudgetTimeout="
                + memoryBudgetTimeout + ", maxStartsPerSecond=" + maxStartsPerSecond + ", maxFramesPerTurn="
                + maxFramesPerTurn + ", maxOctetsPerTurn=" + maxOctetsPerTurn + ", maxStartsPerTurn="
                + maxStartsPerTurn + ", greetingTimeout=" + greetingTimeout + ", maxGreetingSize=" + maxGreetingSize
                + ", idleTimeout=" + idleTimeout + ", channelRequestTimeout=" + channelRequestTimeout + "]";
    }
}
