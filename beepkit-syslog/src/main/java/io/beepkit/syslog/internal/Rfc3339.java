package io.beepkit.syslog.internal;

import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Whether a text is a date-time {@link DateTimeFormatter#ISO_OFFSET_DATE_TIME} accepts, the RFC 3339 form RFC 5424's
 * TIMESTAMP takes. The usual shape ({@code 2026-11-25T18:00:00.123Z}, {@code +01:00} offsets) is checked by hand, as
 * strictly as the formatter does; anything else goes to the formatter, whose parse costs far more than the check.
 */
public final class Rfc3339 {
    private static final int[] DAYS = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

    private Rfc3339() {
    }

    /** True when {@code text} parses as an {@link OffsetDateTime} with ISO_OFFSET_DATE_TIME. */
    public static boolean isDateTime(String text) {
        Boolean quick = quick(text);
        if (quick != null) {
            return quick;
        }
        try {
            OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME);
            return true;
        } catch (DateTimeParseException notRfc3339) {
            return false;
        }
    }

    /** True for {@code YYYY-MM-DDTHH:MM:SS[.F{1,9}](Z|+HH:MM|-HH:MM)} with valid values; null when not that shape. */
    private static Boolean quick(String s) {
        int n = s.length();
        if (n < 20 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T' || s.charAt(13) != ':'
                || s.charAt(16) != ':') {
            return null;
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 2);
        int day = digits(s, 8, 2);
        int hour = digits(s, 11, 2);
        int minute = digits(s, 14, 2);
        int second = digits(s, 17, 2);
        if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) {
            return null;
        }
        int i = 19;
        if (s.charAt(i) == '.') {
            int start = ++i;
            while (i < n && digit(s.charAt(i)) >= 0) {
                i++;
            }
            if (i == start || i - start > 9) {
                return null;
            }
        }
        if (i == n - 1 && s.charAt(i) == 'Z') {
            return valid(year, month, day, hour, minute, second);
        }
        if (i != n - 6 || (s.charAt(i) != '+' && s.charAt(i) != '-') || s.charAt(i + 3) != ':') {
            return null;
        }
        int offH = digits(s, i + 1, 2);
        int offM = digits(s, i + 4, 2);
        if (offH < 0 || offM < 0 || offH > 17 || offM > 59) {
            return null; // the formatter decides at the edges (18:00 is allowed, 18:01 is not)
        }
        return valid(year, month, day, hour, minute, second);
    }

    private static boolean valid(int year, int month, int day, int hour, int minute, int second) {
        if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) {
            return false;
        }
        boolean leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        return day <= (month == 2 && leap ? 29 : DAYS[month - 1]);
    }

    /** The {@code count} decimal digits at {@code at}, or -1. */
    private static int digits(String s, int at, int count) {
        int v = 0;
        for (int i = at; i < at + count; i++) {
            int d = digit(s.charAt(i));
            if (d < 0) {
                return -1;
            }
            v = v * 10 + d;
        }
        return v;
    }

    private static int digit(char c) {
        return c >= '0' && c <= '9' ? c - '0' : -1;
    }
}
