package io.beepkit.core.frame;

import io.beepkit.api.BeepProtocolException;

/**
 * Strict parser of one header line (the octets before CRLF) per RFC 3080 §2.2.1 and RFC 3081 §3.1.3: keyword, then
 * fields separated by exactly one SP, decimal numbers within their ranges, no other octet anywhere. Every violation
 * is a {@link BeepProtocolException} naming the offending value; the caller terminates the session.
 */
public final class FrameHeaderParser {
    private static final int MAX_DIGITS = 10;
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private FrameHeaderParser() {
    }

    /**
     * Parses {@code line[0..length)} (CRLF excluded).
     *
     * @throws BeepProtocolException if the header is not exactly of the RFC's form
     */
    public static FrameHeader parse(byte[] line, int length) {
        if (length < 3 + 2) {
            throw malformed("too short", line, length);
        }
        FrameType type = FrameType.ofKeyword(line[0], line[1], line[2]);
        if (type == null) {
            throw malformed("unknown keyword", line, length);
        }
        Cursor c = new Cursor(line, length);
        c.pos = 3;
        int channel = (int) c.number(FrameHeader.MAX_31, "channel");
        if (type == FrameType.SEQ) {
            long ackno = c.number(Seq.MAX, "ackno");
            int window = (int) c.number(FrameHeader.MAX_31, "window");
            c.end();
            return FrameHeader.seq(channel, ackno, window);
        }
        int msgno = (int) c.number(FrameHeader.MAX_31, "msgno");
        boolean more = c.continuator();
        long seqno = c.number(Seq.MAX, "seqno");
        int size = (int) c.number(FrameHeader.MAX_31, "size");
        if (type == FrameType.ANS) {
            // ansno is generated in 0..2^31-1 but accepted up to 2^32-1 (CONFORMANCE item 2).
            long ansno = c.number(Seq.MAX, "ansno");
            c.end();
            return FrameHeader.ans(channel, msgno, more, seqno, size, ansno);
        }
        c.end();
        if (type == FrameType.NUL && more) {
            throw malformed("NUL must be '.'", line, length);
        }
        // A NUL's size is checked by the session, not here: RFC 3080 §2.2.1.1 wants 0, but Vortex 1.1 writes its
        // empty MIME header section (CRLF, size 2) into NUL too, and that much must be tolerated (see NulPayload).
        return FrameHeader.data(type, channel, msgno, more, seqno, size);
    }

    /** Renders header octets for a log line or exception message, escaping anything unprintable. */
    public static String printable(byte[] line, int length) {
        StringBuilder sb = new StringBuilder(length + 8);
        for (int i = 0; i < length; i++) {
            int b = line[i] & 0xFF;
            if (b >= 0x20 && b < 0x7F) {
                sb.append((char) b);
            } else {
                // By hand, not String.format: a peer may send 62 such octets, and formatting costs kilobytes each.
                sb.append("\\x").append(HEX[b >> 4]).append(HEX[b & 0xF]);
            }
        }
        return sb.toString();
    }

    static BeepProtocolException malformed(String why, byte[] line, int length) {
        return new BeepProtocolException("malformed frame header (" + why + "): \"" + printable(line, length) + '"');
    }

    private static final class Cursor {
        final byte[] line;
        final int length;
        int pos;

        Cursor(byte[] line, int length) {
            this.line = line;
            this.length = length;
        }

        long number(long max, String field) {
            if (pos >= length || line[pos] != ' ') {
                throw malformed("expected one SP before " + field, line, length);
            }
            pos++;
            int start = pos;
            long value = 0;
            while (pos < length && line[pos] != ' ') {
                int d = line[pos] - '0';
                if (d < 0 || d > 9) {
                    throw malformed(field + " is not a decimal number", line, length);
                }
                if (pos - start >= MAX_DIGITS) {
                    throw malformed(field + " has too many digits", line, length);
                }
                value = value * 10 + d;
                pos++;
            }
            if (pos == start) {
                throw malformed(field + " is empty (double SP?)", line, length);
            }
            if (value > max) {
                throw malformed(field + " " + value + " out of range 0.." + max, line, length);
            }
            return value;
        }

        boolean continuator() {
            if (pos + 1 >= length || line[pos] != ' ') {
                throw malformed("expected SP and '.' or '*'", line, length);
            }
            byte b = line[pos + 1];
            if (b != '.' && b != '*') {
                throw malformed("continuation indicator must be '.' or '*'", line, length);
            }
            if (pos + 2 < length && line[pos + 2] != ' ') {
                throw malformed("continuation indicator must be one octet", line, length);
            }
            pos += 2;
            return b == '*';
        }

        void end() {
            if (pos != length) {
                throw malformed("trailing octets after the last field", line, length);
            }
        }
    }
}
