package io.beepkit.syslog;

import org.jspecify.annotations.Nullable;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Objects;

/**
 * Reads a syslog header's timestamp as an instant. RFC 5424 timestamps (§6.2.3) carry their offset and parse exactly.
 * RFC 3164 timestamps ({@code Mmm dd hh:mm:ss}, §4.1.2) carry neither year nor zone: an
 * {@link Rfc3164TimestampPolicy} says whether they are read and in which zone and year.
 */
public final class SyslogTimestamps {
    private SyslogTimestamps() {
    }

    /**
     * The instant {@code timestamp} names, or null when it is RFC 5424's nil value ({@code -}), does not parse,
     * {@code format} is {@link SyslogFormat#UNPARSED}, or {@code policy} reads no RFC 3164 timestamp.
     *
     * @param hostname   the device's hostname as the message states it, for {@code policy}'s device zones, or null
     * @param receivedAt when the message arrived, for RFC 3164's missing year
     * @param policy     how RFC 3164 timestamps are read
     */
    public static @Nullable Instant parse(String timestamp, SyslogFormat format, @Nullable String hostname,
                                          Instant receivedAt, Rfc3164TimestampPolicy policy) {
        Objects.requireNonNull(policy, "policy");
        try {
            return switch (format) {
                case RFC5424 -> timestamp.equals("-") ? null : OffsetDateTime.parse(timestamp).toInstant();
                case RFC3164 -> policy.resolve(timestamp, hostname, receivedAt);
                default -> null;
            };
        } catch (DateTimeException e) {
            return null;
        }
    }
}
