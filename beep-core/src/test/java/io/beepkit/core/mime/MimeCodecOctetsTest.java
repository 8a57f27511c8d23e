package io.beepkit.core.mime;

import io.beepkit.api.MimeEntity;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link MimeCodec#decode(Octets)} reads a payload where it lies: it copies out the header lines and, exactly once,
 * the body, and never scans the body. An {@link Octets} that records every copy and read proves it.
 */
class MimeCodecOctetsTest {

    /** Octets over an array that record each copied range and count single-octet reads. */
    private static final class CountingOctets implements Octets {
        final byte[] array;
        final List<int[]> copies = new ArrayList<>();
        int gets;

        CountingOctets(byte[] array) {
            this.array = array;
        }

        @Override
        public int length() {
            return array.length;
        }

        @Override
        public byte get(int index) {
            gets++;
            return array[index];
        }

        @Override
        public byte[] copy(int from, int to) {
            copies.add(new int[] {from, to});
            return Arrays.copyOfRange(array, from, to);
        }

        long copiedOctets() {
            return copies.stream().mapToLong(c -> c[1] - c[0]).sum();
        }

        List<String> ranges() {
            return copies.stream().map(c -> c[0] + ".." + c[1]).toList();
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] payload(String headerSection, byte[] body) {
        byte[] head = bytes(headerSection);
        byte[] out = Arrays.copyOf(head, head.length + body.length);
        System.arraycopy(body, 0, out, head.length, body.length);
        return out;
    }

    private static byte[] body(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 7 + 1);
        }
        return b;
    }

    @Test
    @DisplayName("headers then body: one copy per header line, one copy of the body, nothing else")
    void bodyCopiedOnceHeaderLinesOnly() {
        String head = "Content-Type: text/plain\r\nX-A: 1\r\n\r\n"; // lines of 24 and 6 octets, section of 36
        byte[] body = body(64 * 1024);
        CountingOctets o = new CountingOctets(payload(head, body));
        MimeEntity e = MimeCodec.decode(o);

        assertEquals(List.of(Map.entry("Content-Type", "text/plain"), Map.entry("X-A", "1")), e.headers());
        assertArrayEquals(body, e.body());
        assertEquals(List.of("0..24", "26..32", "36.." + (36 + body.length)), o.ranges());
        assertEquals(3, o.copies.size());
        assertEquals(24 + 6 + body.length, o.copiedOctets());
        assertTrue(o.gets < head.length() + 4, "the body was scanned: " + o.gets + " single-octet reads");
    }

    @Test
    @DisplayName("a folded header: each physical line copied once, then the body once")
    void foldedHeaderLinesCopiedOnce() {
        CountingOctets o = new CountingOctets(bytes("X-Long: a\r\n b\r\n\r\nbody"));
        MimeEntity e = MimeCodec.decode(o);
        assertEquals(List.of(Map.entry("X-Long", "a b")), e.headers());
        assertEquals("body", new String(e.body(), StandardCharsets.ISO_8859_1));
        assertEquals(List.of("0..9", "11..13", "17..21"), o.ranges());
    }

    @Test
    @DisplayName("a payload starting with CRLF: the body alone, one copy")
    void leadingCrlfOneCopy() {
        byte[] body = body(10_000);
        CountingOctets o = new CountingOctets(payload("\r\n", body));
        MimeEntity e = MimeCodec.decode(o);
        assertEquals(List.of(), e.headers());
        assertArrayEquals(body, e.body());
        assertEquals(List.of("2..10002"), o.ranges());
        assertEquals(2, o.gets, "only the leading CR LF is read");
    }

    @Test
    @DisplayName("a payload with no CRLF at all: taken whole as the body in one copy")
    void noHeaderSectionOneCopy() {
        CountingOctets o = new CountingOctets(bytes("just text"));
        MimeEntity e = MimeCodec.decode(o);
        assertEquals("just text", new String(e.body(), StandardCharsets.ISO_8859_1));
        assertEquals(List.of("0..9"), o.ranges());
    }

    @Test
    @DisplayName("a first line that is not a header: that line, then the whole payload as body")
    void notAHeaderLine() {
        CountingOctets o = new CountingOctets(bytes("hello world\r\nmore"));
        MimeEntity e = MimeCodec.decode(o);
        assertEquals("hello world\r\nmore", new String(e.body(), StandardCharsets.ISO_8859_1));
        assertEquals(List.of("0..11", "0..17"), o.ranges());
        assertEquals(11 + 17, o.copiedOctets());
    }

    @Test
    @DisplayName("the array form and the Octets form decode alike")
    void arrayAndOctetsAgree() {
        byte[] p = payload("Content-Type: a/b\r\n\r\n", body(300));
        MimeEntity fromArray = MimeCodec.decode(p);
        MimeEntity fromOctets = MimeCodec.decode(new CountingOctets(p));
        assertEquals(fromArray.headers(), fromOctets.headers());
        assertArrayEquals(fromArray.body(), fromOctets.body());
    }

    @Test
    @DisplayName("default indexOfCrlf: the first CR LF starting in [from, limit - 1), -1 otherwise")
    void defaultIndexOfCrlf() {
        Octets o = Octets.of(bytes("ab\r\ncd\r\n"));
        assertEquals(2, o.indexOfCrlf(0, 8));
        assertEquals(2, o.indexOfCrlf(2, 8));
        assertEquals(6, o.indexOfCrlf(3, 8));
        assertEquals(-1, o.indexOfCrlf(0, 3), "the LF at index 3 lies at the limit");
        assertEquals(2, o.indexOfCrlf(0, 4));
        assertEquals(-1, o.indexOfCrlf(7, 8));
        assertEquals(-1, o.indexOfCrlf(8, 8));

        Octets loneCr = Octets.of(bytes("a\rb\n\r\n"));
        assertEquals(4, loneCr.indexOfCrlf(0, 6), "a CR without LF and an LF without CR do not count");
        assertEquals(-1, Octets.of(new byte[0]).indexOfCrlf(0, 0));
        assertEquals(-1, Octets.of(bytes("\r\r\r")).indexOfCrlf(0, 3));
        assertEquals(1, Octets.of(bytes("\r\r\n")).indexOfCrlf(0, 3));
    }

    @Test
    @DisplayName("Octets.of: length, get and copy read the array")
    void octetsOfArray() {
        byte[] a = bytes("xyz");
        Octets o = Octets.of(a);
        assertEquals(3, o.length());
        assertEquals('y', o.get(1));
        byte[] c = o.copy(1, 3);
        assertArrayEquals(bytes("yz"), c);
        c[0] = 'Q';
        assertEquals('y', a[1], "copy is a new array");
    }
}
