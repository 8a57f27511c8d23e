package io.beepkit.core.frame;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The writer is the exact mirror of the parser (RFC 3080 §2.2.1, RFC 3081 §3.1.3; CONFORMANCE items 1 and 2):
 * one SP between fields, CRLF at the end, decimal numbers without padding, and every header it writes parses back
 * to the same value.
 */
class FrameHeaderWriterTest {

    private static String write(FrameHeader h) {
        byte[] out = new byte[FrameHeader.MAX_HEADER_LENGTH];
        int n = FrameHeaderWriter.write(h, out);
        return new String(out, 0, n, StandardCharsets.US_ASCII);
    }

    private static FrameHeader roundTrip(FrameHeader h) {
        byte[] out = new byte[FrameHeader.MAX_HEADER_LENGTH];
        int n = FrameHeaderWriter.write(h, out);
        assertEquals('\r', out[n - 2]);
        assertEquals('\n', out[n - 1]);
        return FrameHeaderParser.parse(out, n - 2);
    }

    @Test
    @DisplayName("#1 headers are written exactly as in the RFC examples")
    void writesTheRfcExamples() {
        assertEquals("MSG 0 1 . 52 120\r\n", write(FrameHeader.data(FrameType.MSG, 0, 1, false, 52, 120)));
        assertEquals("RPY 0 1 * 287 20\r\n", write(FrameHeader.data(FrameType.RPY, 0, 1, true, 287, 20)));
        assertEquals("ANS 1 0 * 20 20 1\r\n", write(FrameHeader.ans(1, 0, true, 20, 20, 1)));
        assertEquals("NUL 1 0 . 50 0\r\n", write(FrameHeader.data(FrameType.NUL, 1, 0, false, 50, 0)));
        assertEquals("ERR 2 3 . 0 0\r\n", write(FrameHeader.data(FrameType.ERR, 2, 3, false, 0, 0)));
        assertEquals("SEQ 0 0 4096\r\n", write(FrameHeader.seq(0, 0, 4096)));
    }

    @Test
    @DisplayName("#2 every field at its maximum makes the longest header, 62 octets")
    void maximalHeaderIs62Octets() {
        String s = write(FrameHeader.ans(Integer.MAX_VALUE, Integer.MAX_VALUE, false, Seq.MAX, Integer.MAX_VALUE, Seq.MAX));
        assertEquals("ANS 2147483647 2147483647 . 4294967295 2147483647 4294967295\r\n", s);
        assertEquals(FrameHeader.MAX_HEADER_LENGTH, s.length());
        assertEquals("SEQ 2147483647 4294967295 2147483647\r\n",
                write(FrameHeader.seq(Integer.MAX_VALUE, Seq.MAX, Integer.MAX_VALUE)));
    }

    @Test
    @DisplayName("#1 every header round-trips through the parser")
    void roundTripsThroughTheParser() {
        long[] seqnos = {0, 1, 9, 10, 4096, Integer.MAX_VALUE, 1L << 31, Seq.MAX - 1, Seq.MAX};
        int[] ints = {0, 1, 9, 10, 99, 100, 4096, 1_000_000_000, Integer.MAX_VALUE};
        for (FrameType t : FrameType.values()) {
            for (long s : seqnos) {
                for (int i : ints) {
                    FrameHeader h = switch (t) {
                        case SEQ -> FrameHeader.seq(i, s, i);
                        case ANS -> FrameHeader.ans(i, i, i % 2 == 0, s, i, s);
                        case NUL -> FrameHeader.data(t, i, i, false, s, 0);
                        default -> FrameHeader.data(t, i, i, i % 2 == 1, s, i);
                    };
                    assertEquals(h, roundTrip(h));
                }
            }
        }
    }

    @Test
    @DisplayName("#1 random headers round-trip through the parser")
    void randomHeadersRoundTrip() {
        Random r = new Random(3080);
        for (int i = 0; i < 10_000; i++) {
            int channel = r.nextInt(Integer.MAX_VALUE);
            int msgno = r.nextInt(Integer.MAX_VALUE);
            long seqno = r.nextLong() & Seq.MAX;
            int size = r.nextInt(Integer.MAX_VALUE);
            FrameHeader h = switch (r.nextInt(3)) {
                case 0 -> FrameHeader.seq(channel, seqno, size);
                case 1 -> FrameHeader.ans(channel, msgno, r.nextBoolean(), seqno, size, r.nextLong() & Seq.MAX);
                default -> FrameHeader.data(FrameType.MSG, channel, msgno, r.nextBoolean(), seqno, size);
            };
            assertEquals(h, roundTrip(h));
        }
    }

    @Test
    @DisplayName("#3 the trailer is END CRLF")
    void trailerIsEndCrlf() {
        assertEquals("END\r\n", new String(FrameHeaderWriter.TRAILER, StandardCharsets.US_ASCII));
    }

    @Test
    @DisplayName("#6 a NUL header that is not final cannot even be built")
    void nulHeaderMustBeFinal() {
        assertThrows(IllegalArgumentException.class, () -> FrameHeader.data(FrameType.NUL, 1, 0, true, 0, 0));
    }

    @Test
    @DisplayName("#2 out-of-range values cannot be written")
    void outOfRangeValuesCannotBeBuilt() {
        assertThrows(IllegalArgumentException.class, () -> FrameHeader.data(FrameType.MSG, -1, 0, false, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> FrameHeader.data(FrameType.MSG, 0, 0, false, Seq.MAX + 1, 0));
        assertThrows(IllegalArgumentException.class, () -> FrameHeader.ans(0, 0, false, 0, 0, Seq.MAX + 1));
        assertThrows(IllegalArgumentException.class, () -> new FrameHeader(FrameType.RPY, 0, 0, false, 0, 0, 5),
                "ansno belongs to ANS only");
    }
}
