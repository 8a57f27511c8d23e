package io.beepkit.core.mime;

import io.beepkit.api.MalformedMessageException;
import io.beepkit.core.LogText;

import java.nio.charset.StandardCharsets;

/**
 * The strict part of reading a MIME header section (RFC 3080 §2.2, RFC 822 §3.1): every header line ends in CRLF,
 * so a CR or LF alone inside a line is malformed. Left unchecked it would end up inside a header value, where it
 * could split the header when the entity is written again.
 */
final class MimeHeaderParser {
    /** The most octets of an offending line quoted in the exception message. */
    private static final int QUOTED_OCTETS = 80;

    private MimeHeaderParser() {
    }

    /**
     * Checks the header line {@code payload[from, to)} (its CRLF excluded).
     *
     * @throws MalformedMessageException if the line holds a bare CR or a bare LF
     */
    static void checkLine(byte[] payload, int from, int to) {
        for (int i = from; i < to; i++) {
            byte b = payload[i];
            if (b == '\r' || b == '\n') {
                String line = new String(payload, from, Math.min(to - from, QUOTED_OCTETS), StandardCharsets.ISO_8859_1);
                throw new MalformedMessageException("bare " + (b == '\r' ? "CR" : "LF") + " at octet " + i
                        + " inside a MIME header line: \"" + LogText.escape(line) + '"');
            }
        }
    }
}
