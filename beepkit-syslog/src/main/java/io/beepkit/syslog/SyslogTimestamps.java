package io.beepkit.syslog;

import org.jspecify.annotations.Nullable;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Reads a syslog header's timestamp as an instant. RFC 5424 timestamps (§6.2.3) carry their offset and parse exactly.
 * RFC 3164 timestamps ({@code Mmm dd hh:mm:ss}, §4.1.2) carry neither year nor zone: they are read as UTC (devices
 * are best configured to log in UTC; the text is kept in {@link SyslogMessage#timestamp()} for any other reading),
 * in the year of reception, or the year before when that would put the message more than a day after it was
 * received (a December line received in January).
 */
public final class SyslogTimestamps {
    private static final List<String> MONTHS = List.of("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
            "Oct", "Nov", "Dec");
    private static final Duration CLOCK_SKEW = Duration.ofDays(1);

    private SyslogTimestamps() {
    }

    /**
     * The instant {@code timestamp} names, or null when it is RFC 5424's nil value ({@code -}), does not parse, or
     * {@code format} is {@link SyslogFormat#UNPARSED}.
     *
     * @param receivedAt when the message arrived, for RFC 3164's missing year
     */
    public static @Nullable Instant parse(String timestamp, SyslogFormat format, Instant receivedAt) {
        try {
            return switch (format) {
                case RFC5424 -> timestamp.equals("-") ? null : OffsetDateTime.parse(timestamp).toInstant();
                case RFC3164 -> rfc3164(timestamp, receivedAt);
                default -> null;
            };
        } catch (DateTimeException | NumberFormatException | IndexOutOfBoundsException e) {
            return null;
        }
    }

    private static @Nullable Instant rfc3164(String ts, Instant receivedAt) {
        // "Oct 11 22:14:15", the day space-padded ("Oct  1 ...").
        if (ts.length() != 15 || ts.charAt(3) != ' ' || ts.charAt(6) != ' ' || ts.charAt(9) != ':'
                || ts.charAt(12) != ':') {
            return null;
        }
        int month = MONTHS.indexOf(ts.substring(0, 3)) + 1;
        if (month == 0) {
            return null;
        }
        int day = Integer.parseInt(ts.substring(4, 6).trim());
        int hour = Integer.parseInt(ts.substring(7, 9));
        int minute = Integer.parseInt(ts.substring(10, 12));
        int second = Integer.parseInt(ts.substring(13, 15));
        int year = receivedAt.atOffset(ZoneOffset.UTC).getYear();
        Instant thisYear = at(year, month, day, hour, minute, second);
        if (thisYear != null && !thisYear.isAfter(receivedAt.plus(CLOCK_SKEW))) {
            return thisYear;
        }
        return at(year - 1, month, day, hour, minute, second);
    }

    private static @Nullable Instant at(int year, int month, int day, int hour, int minute, int second) {
        try {
            return LocalDateTime.of(year, month, day, hour, minute, second).toInstant(ZoneOffset.UTC);
        } catch (DateTimeException e) {
            return null; // Feb 29 outside a leap year, hour 25...
        }
    }
}
