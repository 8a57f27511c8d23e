package io.beepkit.syslog;

/**
 * Makes syslog text safe to write as one line of a file or terminal. Devices send what they like: a line carrying
 * {@code ESC[31m}, BEL or a backspace written raw reaches a terminal as commands (terminal-escape injection). As
 * rsyslog does by default, every control character is written as {@code #} and three octal digits ({@code ESC} as
 * {@code #033}, TAB as {@code #011}, DEL as {@code #177}); line breaks (CR, LF, CRLF) become one space so that one
 * message stays one line. C1 controls (U+0080 to U+009F, among them the one-character CSI U+009B) are escaped the same
 * way with their code point in octal ({@code #233}). Other text, {@code #} included, is kept as it is.
 */
public final class SyslogEscapes {
    private SyslogEscapes() {
    }

    /** {@code text} as one line with every control character escaped (see the class description). */
    public static String oneLine(String text) {
        int i = 0;
        while (i < text.length() && !Character.isISOControl(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            return text; // the common case: nothing to escape, no copy
        }
        StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, i);
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\r' || c == '\n') {
                out.append(' ');
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
            } else if (Character.isISOControl(c)) {
                out.append('#').append((char) ('0' + ((c >> 6) & 7))).append((char) ('0' + ((c >> 3) & 7)))
                        .append((char) ('0' + (c & 7)));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
