package io.beepkit.syslog;

import java.util.Objects;

/**
 * What a collector lets one peer make it hold, each enforced before the octets are buffered.
 */
public final class SyslogLimits {
    private final int maxLineLength;
    private final int maxLinesPerAnswer;
    private final int maxOpenAnswers;
    private final int maxEntrySize;
    private final int maxPaths;
    private final int maxPendingEntries;
    private final int maxChannels;

    private SyslogLimits(Builder b) {
        this.maxLineLength = check("maxLineLength", b.maxLineLength);
        this.maxLinesPerAnswer = check("maxLinesPerAnswer", b.maxLinesPerAnswer);
        this.maxOpenAnswers = check("maxOpenAnswers", b.maxOpenAnswers);
        this.maxEntrySize = check("maxEntrySize", b.maxEntrySize);
        this.maxPaths = check("maxPaths", b.maxPaths);
        this.maxPendingEntries = check("maxPendingEntries", b.maxPendingEntries);
        this.maxChannels = check("maxChannels", b.maxChannels);
    }

    /**
     * The longest RAW line, CR LF excluded (default 8192 octets: RFC 3164 allows 1024, RFC 5424 senders often need
     * more).
     */
    public int maxLineLength() {
        return maxLineLength;
    }

    /** The most lines in one RAW ANS (default 10000). */
    public int maxLinesPerAnswer() {
        return maxLinesPerAnswer;
    }

    /**
     * RAW answers of one channel arriving interleaved at once (default 4; RFC 3080 allows interleaving, RFC 3195
     * devices send them one after the other).
     */
    public int maxOpenAnswers() {
        return maxOpenAnswers;
    }

    /**
     * The largest COOKED MSG body, the XML of one {@code <entry>}, {@code <iam>} or {@code <path>} (default 16384
     * octets).
     */
    public int maxEntrySize() {
        return maxEntrySize;
    }

    /** The most {@code <path>} elements remembered per COOKED channel (default 64). */
    public int maxPaths() {
        return maxPaths;
    }

    /**
     * COOKED MSGs of one channel arrived or arriving but not yet answered (default 1024, as many as a beepkit device
     * keeps unacknowledged by default: a pipeline deep enough to fill a file sink's batch per fsync); with
     * {@code maxEntrySize} and the channel's window it bounds what a channel holds, since BEEP lets a peer have
     * thousands of MSGs outstanding.
     */
    public int maxPendingEntries() {
        return maxPendingEntries;
    }

    /** RAW and COOKED channels open at once on one session (default 8; devices use one). */
    public int maxChannels() {
        return maxChannels;
    }

    /** The defaults. */
    public static final SyslogLimits DEFAULT = builder().build();

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these limits. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.maxLineLength = maxLineLength;
        b.maxLinesPerAnswer = maxLinesPerAnswer;
        b.maxOpenAnswers = maxOpenAnswers;
        b.maxEntrySize = maxEntrySize;
        b.maxPaths = maxPaths;
        b.maxPendingEntries = maxPendingEntries;
        b.maxChannels = maxChannels;
        return b;
    }

    private static int check(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be >= 1: " + value);
        }
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SyslogLimits that
                && maxLineLength == that.maxLineLength
                && maxLinesPerAnswer == that.maxLinesPerAnswer
                && maxOpenAnswers == that.maxOpenAnswers
                && maxEntrySize == that.maxEntrySize
                && maxPaths == that.maxPaths
                && maxPendingEntries == that.maxPendingEntries
                && maxChannels == that.maxChannels;
    }

    @Override
    public int hashCode() {
        return Objects.hash(maxLineLength, maxLinesPerAnswer, maxOpenAnswers, maxEntrySize, maxPaths,
                maxPendingEntries, maxChannels);
    }

    @Override
    public String toString() {
        return "SyslogLimits[maxLineLength=" + maxLineLength + ", maxLinesPerAnswer=" + maxLinesPerAnswer
                + ", maxOpenAnswers=" + maxOpenAnswers + ", maxEntrySize=" + maxEntrySize + ", maxPaths=" + maxPaths
                + ", maxPendingEntries=" + maxPendingEntries + ", maxChannels=" + maxChannels + "]";
    }

    /** Builds {@link SyslogLimits}; every limit must be at least 1 ({@link #build()} checks). */
    public static final class Builder {
        private int maxLineLength = 8192;
        private int maxLinesPerAnswer = 10_000;
        private int maxOpenAnswers = 4;
        private int maxEntrySize = 16_384;
        private int maxPaths = 64;
        private int maxPendingEntries = 1024;
        private int maxChannels = 8;

        private Builder() {
        }

        /** See {@link SyslogLimits#maxLineLength()}. */
        public Builder maxLineLength(int v) {
            maxLineLength = v;
            return this;
        }

        /** See {@link SyslogLimits#maxLinesPerAnswer()}. */
        public Builder maxLinesPerAnswer(int v) {
            maxLinesPerAnswer = v;
            return this;
        }

        /** See {@link SyslogLimits#maxOpenAnswers()}. */
        public Builder maxOpenAnswers(int v) {
            maxOpenAnswers = v;
            return this;
        }

        /** See {@link SyslogLimits#maxEntrySize()}. */
        public Builder maxEntrySize(int v) {
            maxEntrySize = v;
            return this;
        }

        /** See {@link SyslogLimits#maxPaths()}. */
        public Builder maxPaths(int v) {
            maxPaths = v;
            return this;
        }

        /** See {@link SyslogLimits#maxPendingEntries()}. */
        public Builder maxPendingEntries(int v) {
            maxPendingEntries = v;
            return this;
        }

        /** See {@link SyslogLimits#maxChannels()}. */
        public Builder maxChannels(int v) {
            maxChannels = v;
            return this;
        }

        /** The limits; throws {@link IllegalArgumentException} naming the first limit below 1. */
        public SyslogLimits build() {
            return new SyslogLimits(this);
        }
    }
}
