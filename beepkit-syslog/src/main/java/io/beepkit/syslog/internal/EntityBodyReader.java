package io.beepkit.syslog.internal;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * Separates the body of one BEEP payload (a MIME entity, RFC 3080 §2.2) from its header section as the payload
 * arrives in pieces, holding at most {@value #MAX_HEADER_SECTION} octets of headers. Like beep-core's MimeCodec, a
 * payload whose first line is not a {@code name:} header has no header section (some RFC 3195 senders omit the
 * blank line); the headers themselves are not needed by either profile and are dropped.
 */
public final class EntityBodyReader {
    /** The largest header section accepted. */
    public static final int MAX_HEADER_SECTION = 4096;
    private static final byte[] NONE = new byte[0];

    private final ByteArrayOutputStream head = new ByteArrayOutputStream(64);
    private boolean inBody;

    /**
     * The body octets in {@code chunk} (with any octets held back from earlier pieces first), empty while the header
     * section is still arriving.
     *
     * @throws SyslogViolation (550) if the header section exceeds {@value #MAX_HEADER_SECTION} octets
     */
    public byte[] feed(byte[] chunk) {
        if (inBody) {
            return chunk;
        }
        head.writeBytes(chunk);
        byte[] h = head.toByteArray();
        int bodyStart = bodyStart(h);
        if (bodyStart < 0) {
            if (h.length > MAX_HEADER_SECTION) {
                throw new SyslogViolation(550, "MIME header section longer than " + MAX_HEADER_SECTION + " octets");
            }
            return NONE;
        }
        inBody = true;
        head.reset();
        return Arrays.copyOfRange(h, bodyStart, h.length);
    }

    /**
     * The payload ended: octets still held because they could not yet be told apart from a header line are body
     * (a payload of one unterminated line without a colon, say).
     */
    public byte[] end() {
        if (inBody) {
            return NONE;
        }
        inBody = true;
        byte[] h = head.toByteArray();
        head.reset();
        return h;
    }

    /**
     * Where the body of a whole payload starts, as {@link #feed} then {@link #end} would find it for a payload that
     * arrived in one piece: after the header section, or at 0 when there is none.
     *
     * @throws SyslogViolation (550) if the payload is a header section longer than {@value #MAX_HEADER_SECTION} octets
     */
    public static int bodyStartOfWhole(byte[] payload) {
        int start = bodyStart(payload);
        if (start >= 0) {
            return start;
        }
        if (payload.length > MAX_HEADER_SECTION) {
            throw new SyslogViolation(550, "MIME header section longer than " + MAX_HEADER_SECTION + " octets");
        }
        return 0; // no end of the header section: end() takes what was held for the body
    }

    /** Where the body starts in the octets so far, or -1 when that cannot be told yet. */
    private static int bodyStart(byte[] h) {
        if (h.length >= 2 && h[0] == '\r' && h[1] == '\n') {
            return 2;
        }
        int firstLineEnd = indexOf(h, 0);
        int colon = -1;
        int scanTo = firstLineEnd < 0 ? h.length : firstLineEnd;
        for (int i = 0; i < scanTo; i++) {
            if (h[i] == ':') {
                colon = i;
                break;
            }
            if (h[i] <= 32 || h[i] >= 127) {
                return 0; // not a header name: no header section at all
            }
        }
        if (colon < 0) {
            return firstLineEnd < 0 ? -1 : 0;
        }
        for (int i = firstLineEnd; i >= 0 && i + 3 < h.length; i = indexOf(h, i + 2)) {
            if (h[i + 2] == '\r' && h[i + 3] == '\n') {
                return i + 4;
            }
        }
        return -1;
    }

    private static int indexOf(byte[] h, int from) {
        for (int i = from; i + 1 < h.length; i++) {
            if (h[i] == '\r' && h[i + 1] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
