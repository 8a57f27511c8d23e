package io.beepkit.core.mime;

import io.beepkit.api.MimeEntity;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes BEEP payloads as MIME entities (RFC 3080 §2.2). Reading tolerates the three shapes seen from real
 * peers: headers then CRLF then body; a payload that starts with CRLF (no headers, as Vortex echoes); and a payload
 * with no header section at all (beepcore-c), taken whole as the body.
 */
public final class MimeCodec {
    private static final int MAX_HEADER_SECTION = 16 * 1024;

    private MimeCodec() {
    }

    /**
     * Parses a payload (a payload without a recognisable header section is all body).
     *
     * @throws io.beepkit.api.MalformedMessageException if a header line holds a bare CR or LF
     */
    public static MimeEntity decode(byte[] payload) {
        return decode(Octets.of(payload));
    }

    /**
     * Parses a payload in place: only the header lines and the body are copied out, the body once. Never fails (a
     * payload without a recognisable header section is all body).
     */
    public static MimeEntity decode(Octets payload) {
        int length = payload.length();
        if (length >= 2 && payload.get(0) == '\r' && payload.get(1) == '\n') {
            return MimeEntity.of(payload.copy(2, length));
        }
        MimeEntity.Builder b = MimeEntity.builder();
        int pos = 0;
        int limit = Math.min(length, MAX_HEADER_SECTION);
        String lastName = null;
        StringBuilder lastValue = null;
        while (true) {
            int eol = payload.indexOfCrlf(pos, limit);
            if (eol < 0) {
                return MimeEntity.of(payload.copy(0, length)); // no header section
            }
            if (eol == pos) { // blank line: end of headers
                if (lastName != null) {
                    b.header(lastName, lastValue.toString().trim());
                }
                return b.body(payload.copy(eol + 2, length)).build();
            }
            String line = new String(payload.copy(pos, eol), StandardCharsets.ISO_8859_1);
            if ((line.charAt(0) == ' ' || line.charAt(0) == '\t') && lastName != null) {
                MimeHeaderParser.checkLine(line, pos);
                lastValue.append(' ').append(line.trim()); // folded continuation line
            } else {
                int colon = line.indexOf(':');
                if (colon <= 0 || !isToken(line, colon)) {
                    return MimeEntity.of(payload.copy(0, length)); // not a header: the payload has no header section
                }
                MimeHeaderParser.checkLine(line, pos);
                if (lastName != null) {
                    b.header(lastName, lastValue.toString().trim());
                }
                lastName = line.substring(0, colon);
                lastValue = new StringBuilder(line.substring(colon + 1));
            }
            pos = eol + 2;
        }
    }

    /**
     * Writes an entity as one array: {@code Name: value} CRLF per header, CRLF, body. The transport sends
     * {@link #encodeHeaders} and the body as separate buffers instead, without joining them.
     */
    public static byte[] encode(MimeEntity entity) {
        byte[] head = encodeHeaders(entity);
        byte[] body = entity.body();
        byte[] out = Arrays.copyOf(head, head.length + body.length);
        System.arraycopy(body, 0, out, head.length, body.length);
        return out;
    }

    /**
     * Writes only the header section and the blank line that ends it (just CRLF when there are no headers), each
     * character as its ISO-8859-1 octet. Written straight into an array of the final size: this runs for every reply
     * a collector sends ({@code <ok />} with its Content-Type), so it builds no intermediate strings.
     */
    public static byte[] encodeHeaders(MimeEntity entity) {
        List<Map.Entry<String, String>> headers = entity.headers();
        if (headers.isEmpty()) {
            return new byte[] {'\r', '\n'};
        }
        int size = 2;
        for (Map.Entry<String, String> h : headers) {
            size += h.getKey().length() + 2 + h.getValue().length() + 2;
        }
        byte[] out = new byte[size];
        int pos = 0;
        for (Map.Entry<String, String> h : headers) {
            pos = putLatin1(out, pos, h.getKey());
            if (pos < 0) {
                return encodeHeadersSlowly(headers);
            }
            out[pos++] = ':';
            out[pos++] = ' ';
            pos = putLatin1(out, pos, h.getValue());
            if (pos < 0) {
                return encodeHeadersSlowly(headers);
            }
            out[pos++] = '\r';
            out[pos++] = '\n';
        }
        out[pos++] = '\r';
        out[pos] = '\n';
        return out;
    }

    /** Copies {@code s} as ISO-8859-1 octets; -1 if a character is outside it (the caller then takes the slow path). */
    private static int putLatin1(byte[] out, int pos, String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c > 0xFF) {
                return -1;
            }
            out[pos++] = (byte) c;
        }
        return pos;
    }

    /** The charset encoder's way: a character outside ISO-8859-1 becomes '?', once per code point. */
    private static byte[] encodeHeadersSlowly(List<Map.Entry<String, String>> headers) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        for (Map.Entry<String, String> h : headers) {
            out.writeBytes((h.getKey() + ": " + h.getValue() + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        }
        out.writeBytes(new byte[] {'\r', '\n'});
        return out.toByteArray();
    }

    private static boolean isToken(String line, int end) {
        for (int i = 0; i < end; i++) {
            char c = line.charAt(i);
            if (c <= 32 || c >= 127) {
                return false;
            }
        }
        return true;
    }

}
