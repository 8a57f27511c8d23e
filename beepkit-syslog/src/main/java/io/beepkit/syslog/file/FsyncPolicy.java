package io.beepkit.syslog.file;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.Objects;

/**
 * When a {@link FileSyslogSink} forces written lines to the storage device, and so what its acknowledgement means.
 * Every policy writes a batch to the operating system before acknowledging it, so an acknowledged message survives a
 * crash of the collector's process; only {@link #everyBatch()} makes it survive a crash of the machine as well.
 */
public final class FsyncPolicy {
    private static final FsyncPolicy EVERY_BATCH = new FsyncPolicy(Duration.ZERO);
    private static final FsyncPolicy NEVER = new FsyncPolicy(null);

    private final @Nullable Duration interval;

    private FsyncPolicy(@Nullable Duration interval) {
        this.interval = interval;
    }

    /** fsync after each batch, before its messages are acknowledged: nothing acknowledged is lost to a power cut. */
    public static FsyncPolicy everyBatch() {
        return EVERY_BATCH;
    }

    /**
     * fsync at most every {@code interval}, after the acknowledgement: a machine crash may lose what was acknowledged
     * during the last interval.
     *
     * @throws IllegalArgumentException when {@code interval} is not positive
     */
    public static FsyncPolicy interval(Duration interval) {
        Objects.requireNonNull(interval, "interval");
        if (interval.isZero() || interval.isNegative()) {
            throw new IllegalArgumentException("fsync interval must be positive, was " + interval);
        }
        return new FsyncPolicy(interval);
    }

    /** Never fsync: the operating system writes the file back when it chooses (closing the sink still forces it). */
    public static FsyncPolicy never() {
        return NEVER;
    }

    /**
     * {@code every-batch}, {@code never}, or a duration ({@code 1s}, {@code 250ms}, ISO-8601 {@code PT1S}) for
     * {@link #interval}.
     *
     * @throws IllegalArgumentException naming {@code text} when it is none of these
     */
    public static FsyncPolicy parse(String text) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        switch (t) {
            case "every-batch" -> {
                return EVERY_BATCH;
            }
            case "never" -> {
                return NEVER;
            }
            default -> {
                try {
                    if (t.endsWith("ms")) {
                        return interval(Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2))));
                    }
                    if (t.endsWith("s") && !t.startsWith("pt")) {
                        return interval(Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1))));
                    }
                    return interval(Duration.parse(t.toUpperCase(java.util.Locale.ROOT)));
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException("fsync policy: expected every-batch, never or a duration "
                            + "such as 1s, got '" + text + "'");
                }
            }
        }
    }

    /** True when every batch is forced before it is acknowledged. */
    public boolean forcesEveryBatch() {
        return this == EVERY_BATCH;
    }

    /** True when the file is never forced while the sink runs. */
    public boolean isNever() {
        return this == NEVER;
    }

    /** The interval of an {@link #interval} policy; zero for every batch, null for never. */
    public @Nullable Duration interval() {
        return interval;
    }

    @Override
    public String toString() {
        return this == EVERY_BATCH ? "every-batch" : this == NEVER ? "never" : interval.toString();
    }
}
