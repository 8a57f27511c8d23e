package io.beepkit.core.frame;

/** Writes a header line, CRLF included, into a caller's byte array; the mirror of {@link FrameHeaderParser}. */
public final class FrameHeaderWriter {
    /** The frame trailer, {@code END} CRLF. */
    public static final byte[] TRAILER = {'E', 'N', 'D', '\r', '\n'};

    private FrameHeaderWriter() {
    }

    /**
     * Writes {@code header} at {@code out[0..]}, which must hold at least {@link FrameHeader#MAX_HEADER_LENGTH} octets.
     *
     * @return the number of octets written, CRLF included
     */
    public static int write(FrameHeader header, byte[] out) {
        int p = 0;
        byte[] kw = header.type().keyword();
        out[p++] = kw[0];
        out[p++] = kw[1];
        out[p++] = kw[2];
        out[p++] = ' ';
        p = decimal(header.channel(), out, p);
        if (header.type() == FrameType.SEQ) {
            out[p++] = ' ';
            p = decimal(header.ackno(), out, p);
            out[p++] = ' ';
            p = decimal(header.window(), out, p);
        } else {
            out[p++] = ' ';
            p = decimal(header.msgno(), out, p);
            out[p++] = ' ';
            out[p++] = (byte) (header.more() ? '*' : '.');
            out[p++] = ' ';
            p = decimal(header.seqno(), out, p);
            out[p++] = ' ';
            p = decimal(header.size(), out, p);
            if (header.type() == FrameType.ANS) {
                out[p++] = ' ';
                p = decimal(header.ansno(), out, p);
            }
        }
        out[p++] = '\r';
        out[p++] = '\n';
        return p;
    }

    private static int decimal(long v, byte[] out, int p) {
        if (v == 0) {
            out[p] = '0';
            return p + 1;
        }
        int digits = 0;
        for (long t = v; t > 0; t /= 10) {
            digits++;
        }
        int end = p + digits;
        for (int i = end - 1; i >= p; i--) {
            out[i] = (byte) ('0' + (v % 10));
            v /= 10;
        }
        return end;
    }
}
