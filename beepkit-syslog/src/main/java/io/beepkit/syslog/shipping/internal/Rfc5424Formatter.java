package io.beepkit.syslog.shipping.internal;

import io.beepkit.syslog.shipping.LogEvent;

import java.time.Instant;
import java.util.Map;

/**
 * Writes a {@link LogEvent} as one RFC 5424 line: {@code <PRI>1 TIMESTAMP HOSTNAME APP-NAME PROCID - SD MSG}, with
 * the logger and thread as the {@code log@N} element and the diagnostic context as the {@code mdc@N} element, N the
 * configured private enterprise number. Header fields and SD names keep to RFC 5424's printable US-ASCII (anything
 * else becomes {@code _}); parameter values are escaped as §6.3.3 says ({@code "}, {@code \} and {@code ]} preceded
 * by {@code \}). Used by one thread at a time.
 */
public final class Rfc5424Formatter {
    private final int facility;
    private final String header; // " HOSTNAME APP-NAME PROCID - "
    private final String logId;
    private final String mdcId;
    private final StringBuilder out = new StringBuilder(256);
    /** The epoch second {@link #secondText} spells: the events of one second share it. */
    private long second = Long.MIN_VALUE;
    /** {@link #second} in RFC 3339 form, up to the seconds, without the fraction and the {@code Z}. */
    private String secondText = "";

    /**
     * @param facility   the RFC 5424 facility, 0..23
     * @param enterprise the private enterprise number in the SD-IDs (32473, RFC 5612's number for documentation,
     *                   unless the organisation has its own)
     */
    public Rfc5424Formatter(int facility, String hostname, String appName, String procId, String enterprise) {
        if (facility < 0 || facility > 23) {
            throw new IllegalArgumentException("facility must be in 0..23: " + facility);
        }
        this.facility = facility;
        this.header = " " + field(hostname, 255) + " " + field(appName, 48) + " " + field(procId, 128) + " - ";
        this.logId = "log@" + sdName(enterprise, 27);
        this.mdcId = "mdc@" + sdName(enterprise, 27);
    }

    /** The line for {@code event}, without CR LF. */
    public String format(LogEvent event) {
        StringBuilder b = out;
        b.setLength(0);
        int severity = Math.max(0, Math.min(7, event.severity()));
        b.append('<').append(facility * 8 + severity).append(">1 ");
        timestamp(b, event.timestampMillis());
        b.append(header);
        String logger = event.loggerName();
        String thread = event.threadName();
        boolean sd = false;
        if (logger != null || thread != null) {
            b.append('[').append(logId);
            param(b, "logger", logger);
            param(b, "thread", thread);
            b.append(']');
            sd = true;
        }
        Map<String, String> context = event.context();
        if (!context.isEmpty()) {
            b.append('[').append(mdcId);
            for (Map.Entry<String, String> e : context.entrySet()) {
                param(b, sdName(e.getKey(), 32), e.getValue());
            }
            b.append(']');
            sd = true;
        }
        if (!sd) {
            b.append('-');
        }
        String message = event.message();
        if (!message.isEmpty()) {
            b.append(' ').append(message);
        }
        return b.toString();
    }

    /**
     * Appends the time as {@link Instant#toString()} writes it (milliseconds only when not zero, then {@code Z}),
     * formatting the date and time once per second rather than once per event.
     */
    private void timestamp(StringBuilder b, long millis) {
        long s = Math.floorDiv(millis, 1000);
        int milli = (int) Math.floorMod(millis, 1000);
        if (s != second) {
            String whole = Instant.ofEpochSecond(s).toString(); // no fraction: ends in ":ssZ"
            secondText = whole.substring(0, whole.length() - 1);
            second = s;
        }
        b.append(secondText);
        if (milli != 0) {
            b.append('.').append((char) ('0' + milli / 100)).append((char) ('0' + milli / 10 % 10))
                    .append((char) ('0' + milli % 10));
        }
        b.append('Z');
    }

    private static void param(StringBuilder b, String name, @org.jspecify.annotations.Nullable String value) {
        if (value == null) {
            return;
        }
        b.append(' ').append(name).append("=\"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\' || c == ']') {
                b.append('\\');
            }
            b.append(c);
        }
        b.append('"');
    }

    /** A header field: printable US-ASCII (33..126), at most {@code max} characters, "-" when empty. */
    static String field(String s, int max) {
        StringBuilder b = new StringBuilder(Math.min(s.length(), max));
        for (int i = 0; i < s.length() && b.length() < max; i++) {
            char c = s.charAt(i);
            b.append(c >= 33 && c <= 126 ? c : '_');
        }
        return b.length() == 0 ? "-" : b.toString();
    }

    /** An SD-NAME: as {@link #field}, without {@code =}, {@code ]} and {@code "} (and SP, which field removes). */
    static String sdName(String s, int max) {
        String f = field(s, max);
        if (f.equals("-") && !s.equals("-")) {
            return "_";
        }
        return f.replace('=', '_').replace(']', '_').replace('"', '_');
    }
}
