package io.beepkit.syslog.internal;

import io.beepkit.syslog.SyslogFormat;
import io.beepkit.syslog.SyslogMessage;

import java.util.Set;

/**
 * Reads the fields of a syslog text when the sender used one of the two standard shapes: RFC 5424 §6 (a version
 * digit after the PRI) or RFC 3164 §4.1 (an {@code Mmm dd hh:mm:ss} timestamp after the PRI). Anything else stays
 * {@link SyslogFormat#UNPARSED}: the text is kept whole as the message, and a valid PRI still sets facility and
 * severity. Never throws on any input; every field length is bounded by the text's.
 */
public final class SyslogTextParser {
    private static final Set<String> MONTHS = Set.of("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
            "Oct", "Nov", "Dec");
    private static final String NIL = "-";

    private SyslogTextParser() {
    }

    /** Fills format, facility, severity and the header fields of {@code b} from {@code text}. */
    public static SyslogMessage.Builder parse(String text, SyslogMessage.Builder b) {
        b.text(text).format(SyslogFormat.UNPARSED).message(text);
        int close = priEnd(text);
        if (close < 0) {
            return b;
        }
        int pri = Integer.parseInt(text.substring(1, close));
        b.facility(pri >> 3).severity(pri & 7);
        String rest = text.substring(close + 1);
        b.message(rest);
        if (!rfc5424(rest, b)) {
            rfc3164(rest, b);
        }
        return b;
    }

    /** The index of the {@code >} closing a valid PRI (RFC 5424 §6.2.1: 1 to 3 digits, 0 to 191), or -1. */
    static int priEnd(String text) {
        if (text.length() < 3 || text.charAt(0) != '<') {
            return -1;
        }
        int i = 1;
        while (i < text.length() && i <= 4 && Character.isDigit(text.charAt(i)) && text.charAt(i) < 128) {
            i++;
        }
        if (i == 1 || i > 4 || i >= text.length() || text.charAt(i) != '>') {
            return -1;
        }
        if (i > 2 && text.charAt(1) == '0') {
            return -1; // RFC 5424 §6.2.1: no leading zeros
        }
        return Integer.parseInt(text.substring(1, i)) <= 191 ? i : -1;
    }

    /** {@code VERSION SP TIMESTAMP SP HOSTNAME SP APP-NAME SP PROCID SP MSGID SP STRUCTURED-DATA [SP MSG]}. */
    private static boolean rfc5424(String s, SyslogMessage.Builder b) {
        if (!s.startsWith("1 ")) {
            return false;
        }
        String[] f = new String[5];
        int[] maxLength = {64, 255, 48, 128, 32}; // RFC 5424 §6: timestamp (bounded here), HOSTNAME ... MSGID
        int pos = 2;
        for (int k = 0; k < f.length; k++) {
            int sp = s.indexOf(' ', pos);
            if (sp <= pos || sp - pos > maxLength[k] || !printable(s, pos, sp)) {
                return false;
            }
            f[k] = s.substring(pos, sp);
            pos = sp + 1;
        }
        int sdEnd = structuredDataEnd(s, pos);
        if (sdEnd < 0 || (sdEnd < s.length() && s.charAt(sdEnd) != ' ')) {
            return false;
        }
        String msg = sdEnd < s.length() ? s.substring(sdEnd + 1) : null;
        if (msg != null && msg.startsWith("\uFEFF")) {
            msg = msg.substring(1); // RFC 5424 §6.4: the BOM marks UTF-8, it is not part of the message
        }
        b.format(SyslogFormat.RFC5424).timestamp(nil(f[0])).hostname(nil(f[1])).appName(nil(f[2]))
                .procId(nil(f[3])).msgId(nil(f[4])).structuredData(nil(s.substring(pos, sdEnd))).message(msg);
        return true;
    }

    /** The end of STRUCTURED-DATA starting at {@code pos}: NILVALUE or {@code [...]} elements, quoted values escaped. */
    private static int structuredDataEnd(String s, int pos) {
        if (s.startsWith(NIL, pos)) {
            return pos + 1;
        }
        int i = pos;
        if (i >= s.length() || s.charAt(i) != '[') {
            return -1;
        }
        while (i < s.length() && s.charAt(i) == '[') {
            boolean quoted = false;
            i++;
            while (true) {
                if (i >= s.length()) {
                    return -1;
                }
                char c = s.charAt(i);
                if (quoted && c == '\\') {
                    i += 2;
                    continue;
                }
                if (c == '"') {
                    quoted = !quoted;
                } else if (c == ']' && !quoted) {
                    i++;
                    break;
                }
                i++;
            }
        }
        return i;
    }

    /** {@code Mmm dd hh:mm:ss SP HOSTNAME SP} then the MSG part, whose TAG (up to 32 alphanumerics) is read out. */
    private static void rfc3164(String s, SyslogMessage.Builder b) {
        if (s.length() < 16 || !MONTHS.contains(s.substring(0, 3)) || s.charAt(3) != ' ' || !day(s)
                || s.charAt(6) != ' ' || !time(s.substring(7, 15)) || s.charAt(15) != ' ') {
            return;
        }
        int hostEnd = s.indexOf(' ', 16);
        if (hostEnd <= 16 || !printable(s, 16, hostEnd)) {
            return;
        }
        String msg = s.substring(hostEnd + 1);
        b.format(SyslogFormat.RFC3164).timestamp(s.substring(0, 15)).hostname(s.substring(16, hostEnd)).message(msg);
        int t = 0;
        while (t < msg.length() && t < 32 && isTagChar(msg.charAt(t))) {
            t++;
        }
        if (t == 0 || t == msg.length()) {
            return;
        }
        b.appName(msg.substring(0, t));
        int bracketEnd = msg.charAt(t) == '[' ? msg.indexOf(']', t) : -1;
        if (bracketEnd > t + 1 && bracketEnd - t <= 129) {
            b.procId(msg.substring(t + 1, bracketEnd));
            t = bracketEnd + 1;
        }
        if (t < msg.length() && msg.charAt(t) == ':') {
            t++;
        }
        b.message(msg.substring(Math.min(msg.length(), t)).stripLeading());
    }

    private static boolean isTagChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == '/');
    }

    private static boolean day(String s) {
        char d1 = s.charAt(4);
        char d2 = s.charAt(5);
        return (d1 == ' ' || (d1 >= '1' && d1 <= '3')) && d2 >= '0' && d2 <= '9';
    }

    private static boolean time(String t) {
        return t.matches("[0-2][0-9]:[0-5][0-9]:[0-6][0-9]");
    }

    private static boolean printable(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < 33 || c > 126) {
                return false;
            }
        }
        return true;
    }

    private static String nil(String v) {
        return NIL.equals(v) ? null : v;
    }
}
