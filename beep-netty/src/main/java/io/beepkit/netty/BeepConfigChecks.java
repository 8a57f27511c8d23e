package io.beepkit.netty;

import java.time.Duration;
import java.util.Objects;

/**
 * The checks a {@link BeepConfig} passes when built: each limit at least 1 (the per-address limit at least 0), the
 * timeouts positive (the idle timeout not negative, the SEQ delay within its bound), the memory budgets at least
 * {@link BeepConfig#MIN_MEMORY_BUDGET}, and the profile, tail wait, observer and security settings present. Each
 * failure names the setting and its value.
 */
final class BeepConfigChecks {
    private BeepConfigChecks() {
    }

    /** @throws IllegalArgumentException or NullPointerException naming the first setting out of bounds */
    static void check(BeepConfig c) {
        Duration replyTimeout = c.replyTimeout();
        if (replyTimeout != null && (replyTimeout.isNegative() || replyTimeout.isZero())) {
            throw new IllegalArgumentException("replyTimeout must be positive, or null for none: " + replyTimeout);
        }
        Objects.requireNonNull(c.socketProfile(), "socketProfile");
        Objects.requireNonNull(c.tailWait(), "tailWait");
        Objects.requireNonNull(c.seqDelay(), "seqDelay");
        Objects.requireNonNull(c.security(), "security");
        if (c.seqDelay().isNegative() || c.seqDelay().compareTo(BeepConfig.MAX_SEQ_DELAY) > 0) {
            throw new IllegalArgumentException("seqDelay must be between 0 and "
                    + BeepConfig.MAX_SEQ_DELAY.toMillis() + " ms: " + c.seqDelay());
        }
        Objects.requireNonNull(c.observer(), "observer");
        if (c.tailWait().isNegative()) {
            throw new IllegalArgumentException("tailWait must not be negative: " + c.tailWait());
        }
        Objects.requireNonNull(c.greetingTimeout(), "greetingTimeout");
        Objects.requireNonNull(c.idleTimeout(), "idleTimeout");
        if (c.greetingTimeout().isNegative() || c.greetingTimeout().isZero()) {
            throw new IllegalArgumentException("greetingTimeout must be positive: " + c.greetingTimeout());
        }
        if (c.idleTimeout().isNegative()) {
            throw new IllegalArgumentException("idleTimeout must be zero (never) or positive: " + c.idleTimeout());
        }
        if (c.maxGreetingSize() < 1) {
            throw new IllegalArgumentException("maxGreetingSize must be >= 1: " + c.maxGreetingSize());
        }
        if (c.maxSessions() < 1) {
            throw new IllegalArgumentException("maxSessions must be >= 1: " + c.maxSessions());
        }
        if (c.maxSessionsPerAddress() < 0) {
            throw new IllegalArgumentException("maxSessionsPerAddress must be >= 0 (0 for no limit): "
                    + c.maxSessionsPerAddress());
        }
        if (c.memoryBudget() < BeepConfig.MIN_MEMORY_BUDGET) {
            throw new IllegalArgumentException("memoryBudget must be >= " + BeepConfig.MIN_MEMORY_BUDGET + ": " + c.memoryBudget());
        }
        Objects.requireNonNull(c.memoryBudgetTimeout(), "memoryBudgetTimeout");
        if (c.memoryBudgetTimeout().isNegative() || c.memoryBudgetTimeout().isZero()) {
            throw new IllegalArgumentException("memoryBudgetTimeout must be positive: " + c.memoryBudgetTimeout());
        }
        if (c.listenerMemoryBudget() < BeepConfig.MIN_MEMORY_BUDGET) {
            throw new IllegalArgumentException("listenerMemoryBudget must be >= " + BeepConfig.MIN_MEMORY_BUDGET + ": "
                    + c.listenerMemoryBudget());
        }
        Objects.requireNonNull(c.channelRequestTimeout(), "channelRequestTimeout");
        if (c.channelRequestTimeout().isNegative() || c.channelRequestTimeout().isZero()) {
            throw new IllegalArgumentException("channelRequestTimeout must be positive: " + c.channelRequestTimeout());
        }
        if (c.maxStartsPerSecond() < 1) {
            throw new IllegalArgumentException("maxStartsPerSecond must be >= 1: " + c.maxStartsPerSecond());
        }
        atLeastOne("maxFramesPerTurn", c.maxFramesPerTurn());
        atLeastOne("maxOctetsPerTurn", c.maxOctetsPerTurn());
        atLeastOne("maxStartsPerTurn", c.maxStartsPerTurn());
        if (c.maxMessageSize() < 1) {
            throw new IllegalArgumentException("maxMessageSize must be >= 1: " + c.maxMessageSize());
        }
        if (c.maxChannels() < 1) {
            throw new IllegalArgumentException("maxChannels must be >= 1: " + c.maxChannels());
        }
        if (c.maxOutstanding() < 1) {
            throw new IllegalArgumentException("maxOutstanding must be >= 1: " + c.maxOutstanding());
        }
    }

    private static void atLeastOne(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be >= 1: " + value);
        }
    }
}
