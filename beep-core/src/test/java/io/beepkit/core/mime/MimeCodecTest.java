package io.beepkit.core.mime;

import io.beepkit.api.MimeEntity;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Payloads as MIME entities (RFC 3080 §2.2 and §2.2.2; CONFORMANCE item 13): optional headers, CRLF, body; the
 * defaults {@code application/octet-stream} and {@code binary}; case-insensitive header names written as
 * {@code Name: value}. Reading also tolerates the shapes real peers send: a payload that starts with CRLF (no
 * headers) and a payload without any header section.
 */
class MimeCodecTest {

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    @Test
    @DisplayName("#13 headers, blank line, body")
    void headersThenBlankLineThenBody() {
        MimeEntity e = MimeCodec.decode(bytes("Content-Type: application/beep+xml\r\nX-Trace: 42\r\n\r\n<ok />"));
        assertEquals(List.of(Map.entry("Content-Type", "application/beep+xml"), Map.entry("X-Trace", "42")), e.headers());
        assertEquals("application/beep+xml", e.contentType());
        assertEquals("<ok />", text(e.body()));
    }

    @Test
    @DisplayName("#13 custom headers reach the application, names compared case-insensitively")
    void headerNamesAreCaseInsensitive() {
        MimeEntity e = MimeCodec.decode(bytes("content-TYPE: text/plain; charset=UTF-8\r\nx-custom: yes\r\n\r\nhi"));
        assertEquals("text/plain; charset=UTF-8", e.contentType());
        assertEquals("yes", e.header("X-Custom"));
        assertEquals("yes", e.header("X-CUSTOM"));
        assertEquals("x-custom", e.headers().get(1).getKey(), "names are kept as written");
        assertNull(e.header("X-Missing"));
    }

    @Test
    @DisplayName("#13 absent headers take the defaults application/octet-stream and binary")
    void defaultsApplyWhenHeadersAreAbsent() {
        MimeEntity none = MimeCodec.decode(bytes("\r\nbody"));
        assertEquals(MimeEntity.DEFAULT_CONTENT_TYPE, none.contentType());
        assertEquals("application/octet-stream", none.contentType());
        assertEquals("binary", none.transferEncoding());
        MimeEntity some = MimeCodec.decode(bytes("Content-Type: text/plain\r\n\r\nbody"));
        assertEquals("binary", some.transferEncoding(), "only some headers present: the others default");
        MimeEntity other = MimeCodec.decode(bytes("Content-Transfer-Encoding: BASE64\r\n\r\naGk="));
        assertEquals("application/octet-stream", other.contentType());
        assertEquals("base64", other.transferEncoding());
    }

    @Test
    @DisplayName("#13 a payload starting with CRLF has empty headers and the rest is the body")
    void leadingCrlfMeansNoHeaders() {
        MimeEntity e = MimeCodec.decode(bytes("\r\nContent-Type: text/plain\r\n\r\nstill body"));
        assertTrue(e.headers().isEmpty());
        assertEquals("Content-Type: text/plain\r\n\r\nstill body", text(e.body()));
        assertEquals(0, MimeCodec.decode(bytes("\r\n")).body().length);
    }

    @Test
    @DisplayName("#13 a payload with no header section at all is taken whole as the body")
    void payloadWithoutHeaderSectionIsAllBody() {
        for (String p : new String[] {"", "hello", "<greeting />", "line one\r\nline two", "no colon\r\n\r\nbody",
                "Bad Name: x\r\n\r\nbody"}) {
            MimeEntity e = MimeCodec.decode(bytes(p));
            assertTrue(e.headers().isEmpty(), p);
            assertEquals(p, text(e.body()));
            assertEquals("application/octet-stream", e.contentType());
        }
    }

    @Test
    @DisplayName("#13 folded header lines are joined and values trimmed")
    void foldedHeaderLinesAreJoined() {
        MimeEntity e = MimeCodec.decode(bytes("X-Long:   first\r\n\tsecond\r\n  third  \r\nX-Next:value \r\n\r\n"));
        assertEquals("first second third", e.header("x-long"));
        assertEquals("value", e.header("x-next"));
        assertEquals(0, e.body().length);
    }

    @Test
    @DisplayName("#13 the body is kept octet for octet, blank lines and binary included")
    void bodyIsKeptExactly() {
        byte[] body = {'\r', '\n', '\r', '\n', 0, (byte) 0xFF, 'E', 'N', 'D', '\r', '\n'};
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        payload.writeBytes(bytes("Content-Type: a/b\r\n\r\n"));
        payload.writeBytes(body);
        assertArrayEquals(body, MimeCodec.decode(payload.toByteArray()).body());
    }

    @Test
    @DisplayName("#13 headers are written as 'Name: value' CRLF, then CRLF, then the body")
    void writesNameColonSpaceValue() {
        MimeEntity e = MimeEntity.builder().header("Content-Type", "application/beep+xml").header("X-Id", "7")
                .body("<ok />").build();
        assertEquals("Content-Type: application/beep+xml\r\nX-Id: 7\r\n\r\n<ok />", text(MimeCodec.encode(e)));
        assertEquals("Content-Type: application/beep+xml\r\nX-Id: 7\r\n\r\n", text(MimeCodec.encodeHeaders(e)));
    }

    @Test
    @DisplayName("#13 header values are written as ISO-8859-1; a character beyond it as '?' per code point")
    void headerValuesAreWrittenAsLatin1() {
        MimeEntity latin = MimeEntity.builder().header("X-Name", "caf\u00e9").build();
        byte[] expected = {'X', '-', 'N', 'a', 'm', 'e', ':', ' ', 'c', 'a', 'f', (byte) 0xE9, '\r', '\n', '\r', '\n'};
        assertArrayEquals(expected, MimeCodec.encodeHeaders(latin));
        MimeEntity beyond = MimeEntity.builder().header("Content-Type", "text/plain")
                .header("X-Note", "\u20ac 1 \ud83d\ude00").build();
        assertEquals("Content-Type: text/plain\r\nX-Note: ? 1 ?\r\n\r\n", text(MimeCodec.encodeHeaders(beyond)));
    }

    @Test
    @DisplayName("#13 an entity without headers is written as CRLF then the body")
    void entityWithoutHeadersStartsWithCrlf() {
        assertEquals("\r\nhello", text(MimeCodec.encode(MimeEntity.of("hello"))));
        assertEquals("\r\n", text(MimeCodec.encode(MimeEntity.EMPTY_ENTITY)));
    }

    @Test
    @DisplayName("#13 what is written reads back the same, header order and custom headers included")
    void roundTrips() {
        MimeEntity e = MimeEntity.builder().header("X-B", "2").header("Content-Type", "text/plain")
                .header("X-A", "1").body(new byte[] {'\r', '\n', 1, 2, 3}).build();
        MimeEntity back = MimeCodec.decode(MimeCodec.encode(e));
        assertEquals(e.headers(), back.headers());
        assertArrayEquals(e.body(), back.body());
        MimeEntity bare = MimeCodec.decode(MimeCodec.encode(MimeEntity.of(new byte[] {'a', ':', 'b', '\r', '\n'})));
        assertTrue(bare.headers().isEmpty(), "a body that looks like a header stays body");
        assertEquals("a:b\r\n", text(bare.body()));
    }
}
