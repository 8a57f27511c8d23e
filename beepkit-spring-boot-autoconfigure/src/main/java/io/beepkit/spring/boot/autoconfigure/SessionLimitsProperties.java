package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.SessionLimits;
import org.jspecify.annotations.Nullable;
import org.springframework.util.unit.DataSize;

import java.time.Duration;

/**
 * {@code ...session.limits.*}: one to one with {@link SessionLimits.Builder}, what one peer may make a session hold,
 * and for how long. Each value left unset keeps the library's default (the {@code SessionLimits.DEFAULT_*} constant
 * of its name); {@code docs/reliability.md} says what a peer that reaches each one gets.
 */
public class SessionLimitsProperties {
    /** The largest message or reply assembled, MIME headers included; unset for the library's default. */
    private @Nullable DataSize maxMessageSize;
    /** The most channels open at once per session (channel 0 excluded); unset for the library's default. */
    private @Nullable Integer maxChannels;
    /** The most MSGs awaiting replies per channel and direction; unset for the library's default. */
    private @Nullable Integer maxOutstanding;
    /**
     * The most a session may hold for its peer (assembled messages, unfinished handlers, unwritten replies) before it
     * stops reading from it; unset for the library's default.
     */
    private @Nullable DataSize memoryBudget;
    /** How long a session may stay over its memory budget before it is terminated; unset for the library's default. */
    private @Nullable Duration memoryBudgetTimeout;
    /** The most channel starts a peer may request per second on one session (more get 421); unset for the default. */
    private @Nullable Integer maxStartsPerSecond;
    /** The most frames one session's read hands on per event-loop turn; unset for the library's default. */
    private @Nullable Integer maxFramesPerTurn;
    /** The most frame payload one session's read hands on per event-loop turn; unset for the library's default. */
    private @Nullable DataSize maxOctetsPerTurn;
    /** The most channel-0 requests parsed for one session per event-loop turn; unset for the library's default. */
    private @Nullable Integer maxStartsPerTurn;
    /** How long a connection may take to deliver its complete greeting; unset for the library's default. */
    private @Nullable Duration greetingTimeout;
    /** The most octets a peer may send before its greeting is complete; unset for the library's default. */
    private @Nullable DataSize maxGreetingSize;
    /** Close a session after this long without an octet either way, 0 for never; unset for the default (never). */
    private @Nullable Duration idleTimeout;
    /**
     * How long a start or close request waits for its answer: ours for the peer's reply (then the session is
     * terminated), the peer's for the application's decision (then it is refused with 451); unset for the default.
     */
    private @Nullable Duration channelRequestTimeout;

    /** @return these limits set on {@code base}, unset ones keeping {@code base}'s; a refusal names {@code prefix} */
    SessionLimits applyTo(SessionLimits base, String prefix) {
        return LibrarySettings.build(prefix, base.toBuilder(), (map, b) -> {
            map.from(maxMessageSize).as(LibrarySettings::octets).to(b::maxMessageSize);
            map.from(maxChannels).to(b::maxChannels);
            map.from(maxOutstanding).to(b::maxOutstanding);
            map.from(memoryBudget).as(DataSize::toBytes).to(b::memoryBudget);
            map.from(memoryBudgetTimeout).to(b::memoryBudgetTimeout);
            map.from(maxStartsPerSecond).to(b::maxStartsPerSecond);
            map.from(maxFramesPerTurn).to(b::maxFramesPerTurn);
            map.from(maxOctetsPerTurn).as(LibrarySettings::octets).to(b::maxOctetsPerTurn);
            map.from(maxStartsPerTurn).to(b::maxStartsPerTurn);
            map.from(greetingTimeout).to(b::greetingTimeout);
            map.from(maxGreetingSize).as(LibrarySettings::octets).to(b::maxGreetingSize);
            map.from(idleTimeout).to(b::idleTimeout);
            map.from(channelRequestTimeout).to(b::channelRequestTimeout);
        }, SessionLimits.Builder::build);
    }

    /** @return the largest message assembled, null for the library's default */
    public @Nullable DataSize getMaxMessageSize() { return maxMessageSize; }
    /** @param v the largest message assembled */
    public void setMaxMessageSize(@Nullable DataSize v) { maxMessageSize = v; }
    /** @return the most channels per session, null for the library's default */
    public @Nullable Integer getMaxChannels() { return maxChannels; }
    /** @param v the most channels per session */
    public void setMaxChannels(@Nullable Integer v) { maxChannels = v; }
    /** @return the most MSGs awaiting replies per channel, null for the library's default */
    public @Nullable Integer getMaxOutstanding() { return maxOutstanding; }
    /** @param v the most MSGs awaiting replies per channel */
    public void setMaxOutstanding(@Nullable Integer v) { maxOutstanding = v; }
    /** @return the memory budget per session, null for the library's default */
    public @Nullable DataSize getMemoryBudget() { return memoryBudget; }
    /** @param v the memory budget per session */
    public void setMemoryBudget(@Nullable DataSize v) { memoryBudget = v; }
    /** @return how long a session may stay over its budget, null for the library's default */
    public @Nullable Duration getMemoryBudgetTimeout() { return memoryBudgetTimeout; }
    /** @param v how long a session may stay over its budget */
    public void setMemoryBudgetTimeout(@Nullable Duration v) { memoryBudgetTimeout = v; }
    /** @return the most channel starts per second, null for the library's default */
    public @Nullable Integer getMaxStartsPerSecond() { return maxStartsPerSecond; }
    /** @param v the most channel starts per second */
    public void setMaxStartsPerSecond(@Nullable Integer v) { maxStartsPerSecond = v; }
    /** @return the most frames per event-loop turn, null for the library's default */
    public @Nullable Integer getMaxFramesPerTurn() { return maxFramesPerTurn; }
    /** @param v the most frames per event-loop turn */
    public void setMaxFramesPerTurn(@Nullable Integer v) { maxFramesPerTurn = v; }
    /** @return the most payload per event-loop turn, null for the library's default */
    public @Nullable DataSize getMaxOctetsPerTurn() { return maxOctetsPerTurn; }
    /** @param v the most payload per event-loop turn */
    public void setMaxOctetsPerTurn(@Nullable DataSize v) { maxOctetsPerTurn = v; }
    /** @return the most channel-0 requests per event-loop turn, null for the library's default */
    public @Nullable Integer getMaxStartsPerTurn() { return maxStartsPerTurn; }
    /** @param v the most channel-0 requests per event-loop turn */
    public void setMaxStartsPerTurn(@Nullable Integer v) { maxStartsPerTurn = v; }
    /** @return how long a greeting may take, null for the library's default */
    public @Nullable Duration getGreetingTimeout() { return greetingTimeout; }
    /** @param v how long a greeting may take */
    public void setGreetingTimeout(@Nullable Duration v) { greetingTimeout = v; }
    /** @return the most octets before the greeting is complete, null for the library's default */
    public @Nullable DataSize getMaxGreetingSize() { return maxGreetingSize; }
    /** @param v the most octets before the greeting is complete */
    public void setMaxGreetingSize(@Nullable DataSize v) { maxGreetingSize = v; }
    /** @return the idle timeout, null for the library's default */
    public @Nullable Duration getIdleTimeout() { return idleTimeout; }
    /** @param v the idle timeout, 0 for never */
    public void setIdleTimeout(@Nullable Duration v) { idleTimeout = v; }
    /** @return how long a channel request waits, null for the library's default */
    public @Nullable Duration getChannelRequestTimeout() { return channelRequestTimeout; }
    /** @param v how long a channel request waits */
    public void setChannelRequestTimeout(@Nullable Duration v) { channelRequestTimeout = v; }
}
