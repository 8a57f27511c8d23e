package io.beepkit.bench.attack;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Splits what a listener sends into frame headers, for the hostile peers' set-up phase (greeting, start replies,
 * SEQs): only the header line of each frame is kept, payloads are skipped. Not a validating parser.
 */
final class FrameScanner {
    /** One frame: its keyword and the numbers of its header ({@code SEQ}: channel, ackno, window). */
    record Header(String keyword, long[] numbers, String line) {
        int channel() {
            return (int) numbers[0];
        }
    }

    /** Receives each header. */
    interface Sink {
        void header(Header h);
    }

    private final StringBuilder line = new StringBuilder();
    private long skip;

    /** Feeds {@code in} (drained), calling {@code sink} for every complete header. */
    void feed(ByteBuffer in, Sink sink) {
        while (in.hasRemaining()) {
            if (skip > 0) {
                int n = (int) Math.min(skip, in.remaining());
                in.position(in.position() + n);
                skip -= n;
                continue;
            }
            char c = (char) (in.get() & 0xff);
            if (c != '\n') {
                if (line.length() < 200) {
                    line.append(c);
                }
                continue;
            }
            String text = line.toString().trim();
            line.setLength(0);
            if (text.isEmpty()) {
                continue;
            }
            String[] parts = text.split(" ");
            long[] numbers = new long[parts.length - 1];
            for (int i = 1; i < parts.length; i++) {
                numbers[i - 1] = parts[i].equals(".") || parts[i].equals("*") ? -1 : parseOr(parts[i]);
            }
            Header h = new Header(parts[0], numbers, text);
            if (!h.keyword().equals("SEQ") && numbers.length >= 5) {
                skip = numbers[4] + "END\r\n".length();
            }
            sink.header(h);
        }
    }

    private static long parseOr(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -2;
        }
    }

    /** A frame as octets: header, payload, trailer. */
    static byte[] frame(String keyword, int channel, int msgno, long seqno, byte[] payload) {
        return frame(keyword, channel, msgno, false, seqno, payload);
    }

    /** A frame as octets: header ({@code more}: {@code *}, more frames of the message follow), payload, trailer. */
    static byte[] frame(String keyword, int channel, int msgno, boolean more, long seqno, byte[] payload) {
        byte[] head = (keyword + " " + channel + " " + msgno + (more ? " * " : " . ") + seqno + " " + payload.length
                + "\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] f = new byte[head.length + payload.length + 5];
        System.arraycopy(head, 0, f, 0, head.length);
        System.arraycopy(payload, 0, f, head.length, payload.length);
        System.arraycopy("END\r\n".getBytes(StandardCharsets.US_ASCII), 0, f, head.length + payload.length, 5);
        return f;
    }

    /** A channel-0 payload: the XML content type, a blank line, {@code xml}. */
    static byte[] mgmt(String xml) {
        return ("Content-Type: application/beep+xml\r\n\r\n" + xml).getBytes(StandardCharsets.US_ASCII);
    }
}
