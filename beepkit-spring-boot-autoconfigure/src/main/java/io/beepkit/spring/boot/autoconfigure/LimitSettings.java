package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.SessionConfig;
import org.springframework.util.unit.DataSize;

import java.time.Duration;

/**
 * Limits ({@code beep.limits.*}): what one peer may make us hold, and for how long. The defaults are written out (the
 * metadata generator reads literals) and equal {@code SessionConfig}'s; {@code docs/reliability.md} says what a peer
 * that reaches each one gets. The connection limits apply to the listener only; the rest to the listener and the
 * client, which {@code beep.client.*} can override.
 */
public class LimitSettings {
    /** The largest message or reply assembled, MIME headers included. */
    private DataSize maxMessageSize = DataSize.ofMegabytes(16);
    /** The most channels open at once per session (channel 0 excluded). */
    private int maxChannels = 1024;
    /** The most MSGs awaiting replies per channel and direction. */
    private int maxOutstanding = 4096;
    /** How long the encoder may hold a tail fragment back waiting for the peer's SEQ. */
    private Duration tailWait = Duration.ofMillis(20);
    /** How long a connection may take to deliver its complete greeting before it is closed. */
    private Duration greetingTimeout = Duration.ofSeconds(15);
    /** The most octets, framing included, a peer may send before its greeting is complete; more closes it. */
    private DataSize maxGreetingSize = DataSize.ofKilobytes(64);
    /** Close a session after this long without an octet sent or received; 0 for never. */
    private Duration idleTimeout = Duration.ofSeconds(0);
    /** The most connections the listener holds at once; more are closed right after accept. */
    private int maxSessions = 10_000;
    /**
     * The most connections the listener holds at once from one remote IP address (the client's, with
     * beep.server.proxy-protocol); more are closed after accept. 0, the default, for no such limit: behind a
     * balancer, NAT or sidecar every session comes from one address.
     */
    private int maxSessionsPerAddress = 0;
    /**
     * The most a session may hold for its peer (assembled messages, unfinished handlers, unwritten replies) before it
     * stops reading from it.
     */
    private DataSize memoryBudget = DataSize.ofMegabytes(16);
    /** How long a session may stay over its memory budget before it is terminated. */
    private Duration memoryBudgetTimeout = Duration.ofSeconds(30);
    /**
     * The most all sessions of the listener together may hold for their peers; over it new sessions get ERR 421 and
     * the session holding the most is shed. Unset: a quarter of the maximum heap.
     */
    private DataSize listenerMemoryBudget;
    /**
     * How long a start or close request waits for its answer: ours for the peer's reply (then the session is
     * terminated), the peer's for the application's decision (then it is refused with 451).
     */
    private Duration channelRequestTimeout = Duration.ofSeconds(30);
    /** The most channel starts a peer may request per second on one session; more get ERR 421. */
    private int maxStartsPerSecond = 100;

    /** @return the listener-wide memory budget, or null for a quarter of the maximum heap */
    public DataSize getListenerMemoryBudget() {
        return listenerMemoryBudget;
    }

    /** @param listenerMemoryBudget the listener-wide memory budget, or null for a quarter of the maximum heap */
    public void setListenerMemoryBudget(DataSize listenerMemoryBudget) {
        this.listenerMemoryBudget = listenerMemoryBudget;
    }

    /** @return how long a start or close request waits for its answer */
    public Duration getChannelRequestTimeout() {
        return channelRequestTimeout;
    }

    /** @param channelRequestTimeout how long a start or close request waits for its answer */
    public void setChannelRequestTimeout(Duration channelRequestTimeout) {
        this.channelRequestTimeout = channelRequestTimeout;
    }

    /** @return the most channel starts per second per session */
    public int getMaxStartsPerSecond() {
        return maxStartsPerSecond;
    }

    /** @param maxStartsPerSecond the most channel starts per second per session */
    public void setMaxStartsPerSecond(int maxStartsPerSecond) {
        this.maxStartsPerSecond = maxStartsPerSecond;
    }

    /** @return the most a session may hold for its peer before it stops reading */
    public DataSize getMemoryBudget() {
        return memoryBudget;
    }

    /** @param memoryBudget the most a session may hold for its peer before it stops reading */
    public void setMemoryBudget(DataSize memoryBudget) {
        this.memoryBudget = memoryBudget;
    }

    /** @return how long a session may stay over its memory budget */
    public Duration getMemoryBudgetTimeout() {
        return memoryBudgetTimeout;
    }

    /** @param memoryBudgetTimeout how long a session may stay over its memory budget */
    public void setMemoryBudgetTimeout(Duration memoryBudgetTimeout) {
        this.memoryBudgetTimeout = memoryBudgetTimeout;
    }

    /** @return the largest message assembled */
    public DataSize getMaxMessageSize() {
        return maxMessageSize;
    }

    /** @param maxMessageSize the largest message assembled */
    public void setMaxMessageSize(DataSize maxMessageSize) {
        this.maxMessageSize = maxMessageSize;
    }

    /** @return the most channels per session */
    public int getMaxChannels() {
        return maxChannels;
    }

    /** @param maxChannels the most channels per session */
    public void setMaxChannels(int maxChannels) {
        this.maxChannels = maxChannels;
    }

    /** @return the most MSGs awaiting replies per channel */
    public int getMaxOutstanding() {
        return maxOutstanding;
    }

    /** @param maxOutstanding the most MSGs awaiting replies per channel */
    public void setMaxOutstanding(int maxOutstanding) {
        this.maxOutstanding = maxOutstanding;
    }

    /** @return the tail-fragment wait */
    public Duration getTailWait() {
        return tailWait;
    }

    /** @param tailWait the tail-fragment wait */
    public void setTailWait(Duration tailWait) {
        this.tailWait = tailWait;
    }

    /** @return how long a connection has to deliver its greeting */
    public Duration getGreetingTimeout() {
        return greetingTimeout;
    }

    /** @param greetingTimeout how long a connection has to deliver its greeting */
    public void setGreetingTimeout(Duration greetingTimeout) {
        this.greetingTimeout = greetingTimeout;
    }

    /** @return the most octets before the greeting is complete */
    public DataSize getMaxGreetingSize() {
        return maxGreetingSize;
    }

    /** @param maxGreetingSize the most octets before the greeting is complete */
    public void setMaxGreetingSize(DataSize maxGreetingSize) {
        this.maxGreetingSize = maxGreetingSize;
    }

    /** @return the idle timeout, zero for never */
    public Duration getIdleTimeout() {
        return idleTimeout;
    }

    /** @param idleTimeout the idle timeout, zero for never */
    public void setIdleTimeout(Duration idleTimeout) {
        this.idleTimeout = idleTimeout;
    }

    /** @return the most connections the listener holds */
    public int getMaxSessions() {
        return maxSessions;
    }

    /** @param maxSessions the most connections the listener holds */
    public void setMaxSessions(int maxSessions) {
        this.maxSessions = maxSessions;
    }

    /** @return the most connections the listener holds from one address, 0 for no limit */
    public int getMaxSessionsPerAddress() {
        return maxSessionsPerAddress;
    }

    /** @param maxSessionsPerAddress the most connections the listener holds from one address, 0 for no limit */
    public void setMaxSessionsPerAddress(int maxSessionsPerAddress) {
        this.maxSessionsPerAddress = maxSessionsPerAddress;
    }
}
