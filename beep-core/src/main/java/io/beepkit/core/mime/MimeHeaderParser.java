package io.beepkit.core.mime;

import io.beepkit.api.MalformedMessageException;
import io.beepkit.core.LogText;

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
     * Checks one header line (its CRLF excluded), read as ISO-8859-1, that starts at octet {@code offset} of the
     * payload.
     *
     * @throws MalformedMessageException if the line holds a bare CR or a bare LF
     */
    static void checkLine(String line, int offset) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\r' || c == '\n') {
                String quoted = line.substring(0, Math.min(line.length(), QUOTED_OCTETS));
                throw new MalformedMessageException("bare " + (c == '\r' ? "CR" : "LF") + " at octet " + (offset + i)
                        + " inside a MIME header line: \"" + LogText.escape(quoted) + '"');
            }
        }
    }
}
