package io.beepkit.cli;

import io.beepkit.netty.BeepConfig;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.time.Duration;

/**
 * The listener's limits and timeouts ({@code beep serve}): what one peer, and all peers together, may make it hold,
 * and for how long. Unset options keep {@link BeepConfig}'s defaults; {@code docs/reliability.md} says what a peer
 * that reaches each one gets.
 */
final class LimitOptions {
    @Option(names = "--memory-budget", paramLabel = "OCTETS", converter = Units.LongSize.class,
            description = "Most one session may hold for its peer before it stops reading from it "
                    + "(default: 16m, at least 64k).")
    Long memoryBudget;

    @Option(names = "--memory-budget-timeout", paramLabel = "TIME", converter = Units.DurationConverter.class,
            description = "How long a session may stay over its memory budget before it is terminated (default: 30s).")
    Duration memoryBudgetTimeout;

    @Option(names = "--listener-memory-budget", paramLabel = "OCTETS", converter = Units.LongSize.class,
            description = "Most all sessions together may hold for their peers; over it new sessions get ERR 421 and "
                    + "the session holding the most is terminated (default: a quarter of the maximum heap, at least 64k).")
    Long listenerMemoryBudget;

    @Option(names = "--channel-request-timeout", paramLabel = "TIME", converter = Units.DurationConverter.class,
            description = "How long a start or close request waits for its answer (default: 30s).")
    Duration channelRequestTimeout;

    @Option(names = "--max-starts-per-second", paramLabel = "N",
            description = "Most channel starts a peer may request per second on one session; more get ERR 421 "
                    + "(default: 100).")
    Integer maxStartsPerSecond;

    @Option(names = "--greeting-timeout", paramLabel = "TIME", converter = Units.DurationConverter.class,
            description = "How long a connection may take to deliver its complete greeting (default: 15s).")
    Duration greetingTimeout;

    @Option(names = "--idle-timeout", paramLabel = "TIME", converter = Units.DurationConverter.class,
            description = "Close a session after TIME without an octet either way; 0 for never (the default).")
    Duration idleTimeout;

    @Option(names = "--max-sessions", paramLabel = "N",
            description = "Most connections held at once; more are closed on accept (default: 10000).")
    Integer maxSessions;

    @Option(names = "--max-sessions-per-address", paramLabel = "N",
            description = "Most connections held at once from one IP address (the client's, with --proxy-protocol); "
                    + "0 for no limit, the default: behind a balancer or NAT every session comes from one address.")
    Integer maxSessionsPerAddress;

    /** {@code b} with the options that are set; a value the library refuses is a usage error naming its option. */
    BeepConfig.Builder apply(CommandLine cmd, BeepConfig.Builder b) {
        if (memoryBudget != null) {
            check(cmd, "--memory-budget", memoryBudget >= BeepConfig.MIN_MEMORY_BUDGET, memoryBudget + " (at least 64k)");
            b.memoryBudget(memoryBudget);
        }
        if (memoryBudgetTimeout != null) {
            check(cmd, "--memory-budget-timeout", positive(memoryBudgetTimeout), memoryBudgetTimeout);
            b.memoryBudgetTimeout(memoryBudgetTimeout);
        }
        if (listenerMemoryBudget != null) {
            check(cmd, "--listener-memory-budget", listenerMemoryBudget >= BeepConfig.MIN_MEMORY_BUDGET,
                    listenerMemoryBudget + " (at least 64k)");
            b.listenerMemoryBudget(listenerMemoryBudget);
        }
        if (channelRequestTimeout != null) {
            check(cmd, "--channel-request-timeout", positive(channelRequestTimeout), channelRequestTimeout);
            b.channelRequestTimeout(channelRequestTimeout);
        }
        if (maxStartsPerSecond != null) {
            check(cmd, "--max-starts-per-second", maxStartsPerSecond >= 1, maxStartsPerSecond);
            b.maxStartsPerSecond(maxStartsPerSecond);
        }
        if (greetingTimeout != null) {
            check(cmd, "--greeting-timeout", positive(greetingTimeout), greetingTimeout);
            b.greetingTimeout(greetingTimeout);
        }
        if (idleTimeout != null) {
            b.idleTimeout(idleTimeout); // the parser refuses negative durations
        }
        if (maxSessions != null) {
            check(cmd, "--max-sessions", maxSessions >= 1, maxSessions);
            b.maxSessions(maxSessions);
        }
        if (maxSessionsPerAddress != null) {
            check(cmd, "--max-sessions-per-address", maxSessionsPerAddress >= 0, maxSessionsPerAddress);
            b.maxSessionsPerAddress(maxSessionsPerAddress);
        }
        return b;
    }

    private static boolean positive(Duration d) {
        return !d.isZero() && !d.isNegative();
    }

    private static void check(CommandLine cmd, String option, boolean ok, Object value) {
        if (!ok) {
            throw new CommandLine.ParameterException(cmd, option + " out of range: " + value);
        }
    }
}
