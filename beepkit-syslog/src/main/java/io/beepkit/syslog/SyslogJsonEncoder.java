package io.beepkit.syslog;

import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.TlsSessionInfo;
import io.beepkit.syslog.internal.Rfc3339;
import org.jspecify.annotations.Nullable;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Instant;
import java.time.format.DateTimeFormatter;

/**
 * Writes a {@link SyslogMessage} as one JSON object (RFC 8259) on one line, with field names after the Elastic Common
 * Schema: {@code @timestamp}, {@code message}, {@code host.hostname}, {@code source.ip},
 * {@code log.syslog.facility.code}, {@code log.syslog.severity.code}, {@code log.syslog.appname} and so on, written
 * as flat dotted keys the way the ECS logging libraries write them; what ECS has no field for is under
 * {@code beep.syslog.*}. A field the message does not carry is left out. docs/syslog.md lists every field.
 *
 * <pre>{@code
 * {"@timestamp":"2026-11-25T10:00:00.123Z","event.created":"2026-11-25T10:00:00.200Z","message":"disk full",
 *  "host.hostname":"dev1","source.ip":"192.0.2.7","source.port":50312,"log.syslog.facility.code":4,...}
 * }</pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class SyslogJsonEncoder {
    private static final String[] FACILITIES = {"kern", "user", "mail", "daemon", "auth", "syslog", "lpr", "news",
            "uucp", "cron", "authpriv", "ftp", "ntp", "security", "console", "solaris-cron", "local0", "local1",
            "local2", "local3", "local4", "local5", "local6", "local7"};
    private static final String[] SEVERITIES = {"emergency", "alert", "critical", "error", "warning", "notice",
            "informational", "debug"};
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** The last {@code event.created} written: an immutable pair, so racing threads at worst format it again. */
    private record Created(long millis, String text) {
    }

    private static volatile Created lastCreated = new Created(Long.MIN_VALUE, "");

    private SyslogJsonEncoder() {
    }

    /**
     * The message as JSON, {@code event.created} (and {@code @timestamp} when the message has none) being when the
     * collector received it ({@link SyslogMessage#receivedAt()}).
     */
    public static String encode(SyslogMessage m) {
        return encode(m, m.receivedAt());
    }

    /**
     * The message as JSON.
     *
     * @param m        the message
     * @param received when the collector received it: {@code event.created}, and {@code @timestamp} unless the
     *                 message carries an RFC 3339 timestamp (RFC 5424's form) or an RFC 3164 one its
     *                 {@link SyslogMessage#rfc3164Timestamps()} policy reads
     * @return one JSON object, without a line break
     */
    public static String encode(SyslogMessage m, Instant received) {
        // The field names and fixed values of a typical message take about 600 characters, the text two copies
        // (message and event.original): sized so, the builder is not copied to a larger one as it fills.
        StringBuilder b = new StringBuilder(640 + m.text().length() * 2).append('{');
        String created = created(received);
        String stated = rfc3339(m.timestamp());
        if (stated == null && m.format() == SyslogFormat.RFC3164) {
            Instant read = m.instant(); // only with a configured Rfc3164TimestampPolicy
            stated = read == null ? null : DateTimeFormatter.ISO_INSTANT.format(read);
        }
        string(b, "@timestamp", stated != null ? stated : created);
        string(b, "event.created", created);
        string(b, "message", m.message());
        string(b, "event.original", m.text());
        string(b, "host.hostname", m.hostname());
        source(b, m.remoteAddress());
        int facility = m.facility();
        int severity = m.severity();
        if (facility >= 0 && facility < FACILITIES.length) {
            number(b, "log.syslog.facility.code", facility);
            string(b, "log.syslog.facility.name", FACILITIES[facility]);
        }
        if (severity >= 0 && severity < SEVERITIES.length) {
            number(b, "log.syslog.severity.code", severity);
            string(b, "log.syslog.severity.name", SEVERITIES[severity]);
        }
        if (facility >= 0 && facility < FACILITIES.length && severity >= 0 && severity < SEVERITIES.length) {
            number(b, "log.syslog.priority", facility * 8 + severity);
        }
        string(b, "log.syslog.hostname", m.hostname());
        string(b, "log.syslog.appname", m.appName());
        string(b, "log.syslog.procid", m.procId());
        string(b, "log.syslog.msgid", m.msgId());
        if (m.format() == SyslogFormat.RFC5424) {
            number(b, "log.syslog.version", 1);
        }
        string(b, "beep.syslog.transport", m.transport().name());
        string(b, "beep.syslog.format", m.format().name());
        string(b, "beep.syslog.timestamp", m.timestamp());
        string(b, "beep.syslog.structured_data", m.structuredData());
        string(b, "beep.syslog.device.fqdn", m.deviceFqdn());
        string(b, "beep.syslog.device.ip", m.deviceIp());
        string(b, "beep.syslog.path_id", m.pathId());
        SyslogIdentity iam = m.peer();
        if (iam != null) {
            string(b, "beep.syslog.iam.fqdn", iam.fqdn());
            string(b, "beep.syslog.iam.ip", iam.ip());
            string(b, "beep.syslog.iam.type", iam.type());
        }
        authenticated(b, m);
        b.setLength(b.length() - 1);
        return b.append('}').toString();
    }

    /** Who sent the message according to the session: the TLS client certificate, the SASL identity. */
    private static void authenticated(StringBuilder b, SyslogMessage m) {
        TlsSessionInfo tls = m.tls();
        if (tls != null) {
            string(b, "tls.version", tls.protocol());
            string(b, "tls.cipher", tls.cipherSuite());
            string(b, "tls.client.subject", tls.peerSubject().orElse(null));
        }
        SaslIdentity sasl = m.authenticatedAs();
        if (sasl != null) {
            string(b, "user.name", sasl.authorizationId());
            string(b, "beep.syslog.sasl.mechanism", sasl.mechanism().saslName());
            string(b, "beep.syslog.sasl.authentication_id", sasl.authenticationId());
        }
    }

    /** {@code s} as a JSON string, quotes included, escaped per RFC 8259 §7. */
    public static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        appendQuoted(b, s);
        return b.toString();
    }

    private static void appendQuoted(StringBuilder b, String s) {
        b.append('"');
        int plain = 0; // the start of the characters not yet appended, none of which needs escaping
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\' && (!Character.isSurrogate(c) || !loneSurrogate(s, i))) {
                continue; // appended with its run: one copy per run, not a capacity check per character
            }
            b.append(s, plain, i);
            plain = i + 1;
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                // Other control characters must be escaped; a lone surrogate would not survive UTF-8 encoding.
                default -> b.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 15]).append(HEX[(c >> 4) & 15])
                        .append(HEX[c & 15]);
            }
        }
        b.append(s, plain, s.length());
        b.append('"');
    }

    private static boolean loneSurrogate(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i == 0 || !Character.isHighSurrogate(s.charAt(i - 1));
        }
        return false;
    }

    /** The timestamp in RFC 3339 form (as RFC 5424 writes it), or null when it is absent or in another form. */
    private static @Nullable String rfc3339(@Nullable String timestamp) {
        if (timestamp == null || timestamp.length() < 20 || timestamp.charAt(4) != '-') {
            return null;
        }
        return Rfc3339.isDateTime(timestamp) ? timestamp : null;
    }

    /** {@code received} as ISO 8601 UTC with milliseconds; the messages of one read share the text. */
    private static String created(Instant received) {
        long millis = received.toEpochMilli();
        Created last = lastCreated;
        if (last.millis() != millis) {
            last = new Created(millis, DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochMilli(millis)));
            lastCreated = last;
        }
        return last.text();
    }

    private static void source(StringBuilder b, @Nullable SocketAddress address) {
        if (address instanceof InetSocketAddress inet) {
            if (inet.getAddress() != null) {
                string(b, "source.ip", inet.getAddress().getHostAddress());
            } else {
                string(b, "source.address", inet.getHostString());
            }
            number(b, "source.port", inet.getPort());
        } else if (address != null) {
            string(b, "source.address", address.toString());
        }
    }

    private static void number(StringBuilder b, String name, int value) {
        b.append('"').append(name).append("\":").append(value).append(',');
    }

    private static void string(StringBuilder b, String name, @Nullable String value) {
        if (value != null) {
            b.append('"').append(name).append("\":");
            appendQuoted(b, value);
            b.append(',');
        }
    }
}
