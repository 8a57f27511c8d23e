package io.beepkit.core;

/**
 * Makes text a peer supplied safe to put in a log line: a stranger must not be able to start a new line, forge a
 * timestamp, hide text with terminal escapes or right-to-left overrides, or flood the log with one huge value.
 * Control characters and other non-printable characters are shown as escapes ({@code \n}, {@code \r}, {@code \t},
 * {@code \\}, otherwise {@code \}{@code uXXXX}), and text longer than a limit is cut, saying how much was left out.
 */
public final class LogText {
    /** The default most characters of peer text kept in one log argument. */
    public static final int DEFAULT_MAX_LENGTH = 256;
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private LogText() {
    }

    /**
     * {@code value} escaped and cut to {@link #DEFAULT_MAX_LENGTH} characters; {@code "null"} for null. Objects are
     * taken by their {@code toString()}.
     */
    public static String escape(Object value) {
        return escape(value, DEFAULT_MAX_LENGTH);
    }

    /**
     * {@code value} escaped, keeping at most {@code maxLength} characters of the original text (escapes do not count
     * against the limit, so the result may be longer).
     *
     * @throws IllegalArgumentException if {@code maxLength} is negative
     */
    public static String escape(Object value, int maxLength) {
        if (maxLength < 0) {
            throw new IllegalArgumentException("maxLength must be >= 0: " + maxLength);
        }
        String s = String.valueOf(value);
        int keep = Math.min(s.length(), maxLength);
        StringBuilder sb = null;
        for (int i = 0; i < keep; i++) {
            char c = s.charAt(i);
            String escaped = escapeChar(c);
            if (escaped != null && sb == null) {
                sb = new StringBuilder(keep + 16).append(s, 0, i);
            }
            if (sb != null) {
                if (escaped != null) {
                    sb.append(escaped);
                } else {
                    sb.append(c);
                }
            }
        }
        if (keep == s.length()) {
            return sb == null ? s : sb.toString();
        }
        if (sb == null) {
            sb = new StringBuilder(keep + 32).append(s, 0, keep);
        }
        return sb.append("...(").append(s.length() - keep).append(" more characters)").toString();
    }

    private static String escapeChar(char c) {
        switch (c) {
            case '\n':
                return "\\n";
            case '\r':
                return "\\r";
            case '\t':
                return "\\t";
            case '\\':
                return "\\\\";
            default:
                return isPrintable(c) ? null : unicodeEscape(c);
        }
    }

    /** {@code \}{@code uXXXX}, by hand: String.format would cost kilobytes per character of a hostile string. */
    private static String unicodeEscape(char c) {
        char[] out = {'\\', 'u', HEX[(c >> 12) & 0xF], HEX[(c >> 8) & 0xF], HEX[(c >> 4) & 0xF], HEX[c & 0xF]};
        return new String(out);
    }

    /**
     * Printable: not a control character, not a format character (bidirectional overrides, zero-width characters),
     * not a line or paragraph separator, not an unpaired or paired surrogate (logged as escapes too, so a broken
     * pair cannot confuse a log viewer), not unassigned.
     */
    private static boolean isPrintable(char c) {
        if (c >= 0x20 && c < 0x7F) {
            return true;
        }
        return switch (Character.getType(c)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                    Character.SURROGATE, Character.PRIVATE_USE, Character.UNASSIGNED -> false;
            default -> true;
        };
    }
}
