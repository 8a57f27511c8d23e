package io.beepkit.syslog;

/**
 * What a collector lets one peer make it hold, each enforced before the octets are buffered.
 *
 * @param maxLineLength     the longest RAW line, CR LF excluded (default 8192 octets: RFC 3164 allows 1024,
 *                          RFC 5424 senders often need more)
 * @param maxLinesPerAnswer the most lines in one RAW ANS (default 10000)
 * @param maxOpenAnswers    RAW answers of one channel arriving interleaved at once (default 4; RFC 3080 allows
 *                          interleaving, RFC 3195 devices send them one after the other)
 * @param maxEntrySize      the largest COOKED MSG body, the XML of one {@code <entry>}, {@code <iam>} or
 *                          {@code <path>} (default 16384 octets)
 * @param maxPaths          the most {@code <path>} elements remembered per COOKED channel (default 64)
 * @param maxPendingEntries COOKED MSGs of one channel arrived or arriving but not yet answered (default 64); with
 *                          {@code maxEntrySize} it bounds what a channel holds, since BEEP lets a peer have thousands
 *                          of MSGs outstanding
 * @param maxChannels       RAW and COOKED channels open at once on one session (default 8; devices use one)
 */
public record SyslogLimits(int maxLineLength, int maxLinesPerAnswer, int maxOpenAnswers, int maxEntrySize,
                           int maxPaths, int maxPendingEntries, int maxChannels) {
    /** The defaults. */
    public static final SyslogLimits DEFAULT = new SyslogLimits(8192, 10_000, 4, 16_384, 64, 64, 8);

    /** Requires every limit to be at least 1. */
    public SyslogLimits {
        check("maxLineLength", maxLineLength);
        check("maxLinesPerAnswer", maxLinesPerAnswer);
        check("maxOpenAnswers", maxOpenAnswers);
        check("maxEntrySize", maxEntrySize);
        check("maxPaths", maxPaths);
        check("maxPendingEntries", maxPendingEntries);
        check("maxChannels", maxChannels);
    }

    private static void check(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be >= 1: " + value);
        }
    }

    /** A copy with {@code maxLineLength} changed. */
    public SyslogLimits withMaxLineLength(int v) {
        return new SyslogLimits(v, maxLinesPerAnswer, maxOpenAnswers, maxEntrySize, maxPaths, maxPendingEntries,
                maxChannels);
    }

    /** A copy with {@code maxLinesPerAnswer} changed. */
    public SyslogLimits withMaxLinesPerAnswer(int v) {
        return new SyslogLimits(maxLineLength, v, maxOpenAnswers, maxEntrySize, maxPaths, maxPendingEntries, maxChannels);
    }

    /** A copy with {@code maxEntrySize} changed. */
    public SyslogLimits withMaxEntrySize(int v) {
        return new SyslogLimits(maxLineLength, maxLinesPerAnswer, maxOpenAnswers, v, maxPaths, maxPendingEntries,
                maxChannels);
    }

    /** A copy with {@code maxPaths} changed. */
    public SyslogLimits withMaxPaths(int v) {
        return new SyslogLimits(maxLineLength, maxLinesPerAnswer, maxOpenAnswers, maxEntrySize, v, maxPendingEntries,
                maxChannels);
    }

    /** A copy with {@code maxPendingEntries} changed. */
    public SyslogLimits withMaxPendingEntries(int v) {
        return new SyslogLimits(maxLineLength, maxLinesPerAnswer, maxOpenAnswers, maxEntrySize, maxPaths, v,
                maxChannels);
    }

    /** A copy with {@code maxChannels} changed. */
    public SyslogLimits withMaxChannels(int v) {
        return new SyslogLimits(maxLineLength, maxLinesPerAnswer, maxOpenAnswers, maxEntrySize, maxPaths,
                maxPendingEntries, v);
    }
}
