package io.beepkit.cli;

import io.beepkit.netty.ListenerLimits;
import io.beepkit.netty.SessionLimits;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.time.Duration;

/**
 * The listener's limits and timeouts ({@code beep serve}): what one peer, and all peers together, may make it hold,
 * and for how long. Unset options keep the library's defaults ({@link SessionLimits}, {@link ListenerLimits}); {@code docs/reliability.md} says what a peer
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

    /** {@code b} with the session limits that are set; a value the library refuses is a usage error naming it. */
    SessionLimits.Builder apply(CommandLine cmd, SessionLimits.Builder b) {
        if (memoryBudget != null) {
            b.memoryBudget(memoryBudget);
        }
        if (memoryBudgetTimeout != null) {
            b.memoryBudgetTimeout(memoryBudgetTimeout);
        }
        if (channelRequestTimeout != null) {
            b.channelRequestTimeout(channelRequestTimeout);
        }
        if (maxStartsPerSecond != null) {
            b.maxStartsPerSecond(maxStartsPerSecond);
        }
        if (greetingTimeout != null) {
            b.greetingTimeout(greetingTimeout);
        }
        if (idleTimeout != null) {
            b.idleTimeout(idleTimeout); // the parser refuses negative durations
        }
        check(cmd, () -> b.build());
        return b;
    }

    /** The listener's limits that are set, over the defaults; a refused value is a usage error naming it. */
    ListenerLimits listener(CommandLine cmd) {
        ListenerLimits.Builder b = ListenerLimits.builder();
        if (listenerMemoryBudget != null) {
            b.memoryBudget(listenerMemoryBudget);
        }
        if (maxSessions != null) {
            b.maxSessions(maxSessions);
        }
        if (maxSessionsPerAddress != null) {
            b.maxSessionsPerAddress(maxSessionsPerAddress);
        }
        return check(cmd, b::build);
    }

    /** One line of the limits in force, for {@code beep serve}. */
    static String describe(SessionLimits s, ListenerLimits l) {
        return "memory budget " + s.memoryBudget() + " octets per session for at most "
                + s.memoryBudgetTimeout().toMillis() + " ms, " + l.memoryBudget()
                + " for the listener; start/close timeout " + s.channelRequestTimeout().toMillis() + " ms, "
                + s.maxStartsPerSecond() + " starts/s; greeting within " + s.greetingTimeout().toMillis()
                + " ms; " + l.maxSessions() + " connections, " + (l.maxSessionsPerAddress() == 0
                ? "no per-address limit" : l.maxSessionsPerAddress() + " per address");
    }

    /** What {@code build} returns; its refusal, which names the setting and value, as a usage error. */
    private static <T> T check(CommandLine cmd, java.util.function.Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cmd, OPTION_NAMES.getOrDefault(setting(e.getMessage()), "")
                    + e.getMessage());
        }
    }

    /** The setting a refusal names first: the word before " must". */
    private static String setting(String message) {
        int end = message.indexOf(' ');
        return end < 0 ? message : message.substring(0, end);
    }

    private static final java.util.Map<String, String> OPTION_NAMES = java.util.Map.of(
            "memoryBudget", "--memory-budget or --listener-memory-budget: ",
            "memoryBudgetTimeout", "--memory-budget-timeout: ",
            "channelRequestTimeout", "--channel-request-timeout: ",
            "greetingTimeout", "--greeting-timeout: ",
            "maxSessions", "--max-sessions: ",
            "maxSessionsPerAddress", "--max-sessions-per-address: ");
}
