package io.beepkit.core.frame;

/**
 * A parsed frame header (RFC 3080 §2.2.1, RFC 3081 §3.1.3). For SEQ frames {@link #seqno()} holds the ackno and
 * {@link #size()} the window; msgno, more and ansno are unused.
 *
 * @param type    the keyword
 * @param channel 0..2^31-1
 * @param msgno   0..2^31-1
 * @param more    true for '*' (an intermediate frame), false for '.' (the final frame of the message)
 * @param seqno   0..2^32-1 (the ackno for SEQ)
 * @param size    0..2^31-1 (the window for SEQ)
 * @param ansno   for ANS: 0..2^32-1, otherwise -1
 */
public record FrameHeader(FrameType type, int channel, int msgno, boolean more, long seqno, int size, long ansno) {

    /** Largest channel number, msgno and size: 2^31-1. */
    public static final int MAX_31 = Integer.MAX_VALUE;

    /**
     * The longest legal header including CRLF: {@code ANS 2147483647 2147483647 . 4294967295 2147483647 4294967295}
     * plus CRLF is 62 octets. Anything longer is malformed and need not be buffered.
     */
    public static final int MAX_HEADER_LENGTH = 62;

    public FrameHeader {
        if (type == null) {
            throw new IllegalArgumentException("type must not be null");
        }
        if (channel < 0 || msgno < 0 || size < 0) {
            throw new IllegalArgumentException("negative field in " + type + " header: channel=" + channel
                    + " msgno=" + msgno + " size=" + size);
        }
        Seq.check(seqno, "seqno");
        if (type == FrameType.ANS) {
            Seq.check(ansno, "ansno");
        } else if (ansno != -1) {
            throw new IllegalArgumentException("ansno only belongs to ANS, got " + ansno + " on " + type);
        }
        // A received NUL may carry Vortex's empty MIME header section (size 2); the session checks the payload.
        if (type == FrameType.NUL && more) {
            throw new IllegalArgumentException("NUL must be final, got more=" + more);
        }
    }

    /** A data frame header (not ANS, not SEQ). */
    public static FrameHeader data(FrameType type, int channel, int msgno, boolean more, long seqno, int size) {
        return new FrameHeader(type, channel, msgno, more, seqno, size, -1);
    }

    /** An ANS header. */
    public static FrameHeader ans(int channel, int msgno, boolean more, long seqno, int size, long ansno) {
        return new FrameHeader(FrameType.ANS, channel, msgno, more, seqno, size, ansno);
    }

    /** A SEQ header: {@code SEQ channel ackno window}. */
    public static FrameHeader seq(int channel, long ackno, int window) {
        return new FrameHeader(FrameType.SEQ, channel, 0, false, ackno, window, -1);
    }

    /** For SEQ frames: the acknowledged sequence number. */
    public long ackno() {
        return seqno;
    }

    /** For SEQ frames: the window counted from {@link #ackno()}. */
    public int window() {
        return size;
    }

    @Override
    public String toString() {
        return switch (type) {
            case SEQ -> "SEQ " + channel + ' ' + seqno + ' ' + size;
            case ANS -> "ANS " + channel + ' ' + msgno + ' ' + (more ? '*' : '.') + ' ' + seqno + ' ' + size + ' ' + ansno;
            default -> type + " " + channel + ' ' + msgno + ' ' + (more ? '*' : '.') + ' ' + seqno + ' ' + size;
        };
    }
}
