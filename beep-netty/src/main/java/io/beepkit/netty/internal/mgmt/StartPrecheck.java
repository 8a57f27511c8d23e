package io.beepkit.netty.internal.mgmt;

/**
 * Tells a start request from other channel-0 requests by its first element, without parsing the XML: octets of the
 * MIME headers, then optional white space and an XML declaration, then {@code <start} followed by white space,
 * {@code /} or {@code >}. Used to refuse a start over the session's start rate ({@code SessionLimits})
 * before paying for a parse (about 10 µs each; the parse was most of the event loops' work during a start flood).
 * A body it does not recognise (a comment first, a DOCTYPE, another encoding) is parsed in full and rate-checked
 * after, so the check can only save work, never change a verdict.
 */
final class StartPrecheck {
    private static final byte[] START = {'<', 's', 't', 'a', 'r', 't'};
    /** Past this many octets of headers and prologue the body is left to the parser. */
    private static final int SCAN_LIMIT = 512;

    private StartPrecheck() {
    }

    /** True if the first element of {@code body} (a MIME body, headers already removed) is surely {@code <start}. */
    static boolean isStart(byte[] body) {
        int i = skipSpace(body, 0);
        if (startsWith(body, i, "<?xml")) {
            i = indexOf(body, i, (byte) '?', (byte) '>');
            if (i < 0) {
                return false;
            }
            i = skipSpace(body, i + 2);
        }
        if (i + START.length >= body.length || i > SCAN_LIMIT) {
            return false;
        }
        for (int k = 0; k < START.length; k++) {
            if (body[i + k] != START[k]) {
                return false;
            }
        }
        byte after = body[i + START.length];
        return after == ' ' || after == '\t' || after == '\r' || after == '\n' || after == '/' || after == '>';
    }

    private static int skipSpace(byte[] b, int i) {
        while (i < b.length && i <= SCAN_LIMIT && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n')) {
            i++;
        }
        return i;
    }

    private static boolean startsWith(byte[] b, int i, String prefix) {
        if (i + prefix.length() > b.length) {
            return false;
        }
        for (int k = 0; k < prefix.length(); k++) {
            if (b[i + k] != prefix.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(byte[] b, int from, byte first, byte second) {
        for (int i = from; i + 1 < b.length && i <= SCAN_LIMIT; i++) {
            if (b[i] == first && b[i + 1] == second) {
                return i;
            }
        }
        return -1;
    }
}
