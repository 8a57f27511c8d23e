package io.beepkit.core.mime;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.MalformedMessageException;
import io.beepkit.api.MimeEntity;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A bare CR or LF inside a MIME header line is a malformed message, never an unchecked exception. */
class MimeHeaderParserTest {

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    @DisplayName("a bare LF inside a header line is a MalformedMessageException naming it, escaped")
    void bareLfInHeaderIsMalformed() {
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
                () -> MimeCodec.decode(bytes("Content-Type: text/plain\nX: y\r\n\r\nbody")));
        assertEquals("bare LF at octet 24 inside a MIME header line: \"Content-Type: text/plain\\nX: y\"", e.getMessage());
        assertInstanceOf(BeepProtocolException.class, e, "a library protocol exception");
    }

    @Test
    @DisplayName("a bare CR inside a header line is malformed")
    void bareCrInHeaderIsMalformed() {
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
                () -> MimeCodec.decode(bytes("X-A: 1\r\nContent-Type: text/plain\rX: y\r\n\r\n")));
        assertEquals("bare CR at octet 32 inside a MIME header line: \"Content-Type: text/plain\\rX: y\"", e.getMessage());
    }

    @Test
    @DisplayName("a bare LF inside a folded continuation line is malformed")
    void bareLfInContinuationIsMalformed() {
        assertThrows(MalformedMessageException.class,
                () -> MimeCodec.decode(bytes("X-A: 1\r\n 2\n3\r\n\r\n")));
    }

    @Test
    @DisplayName("bare CR and LF in the body, or in a payload without headers, stay allowed")
    void bareLineEndsOutsideHeadersAreData() {
        MimeEntity e = MimeCodec.decode(bytes("X-A: 1\r\n\r\nline\none\rtwo"));
        assertEquals(List.of(Map.entry("X-A", "1")), e.headers());
        assertEquals("line\none\rtwo", new String(e.body(), StandardCharsets.ISO_8859_1));
        MimeEntity noHeaders = MimeCodec.decode(bytes("hello\nworld: x\r\n\r\n"));
        assertEquals(List.of(), noHeaders.headers());
        assertEquals("hello\nworld: x\r\n\r\n", new String(noHeaders.body(), StandardCharsets.ISO_8859_1));
    }

    @Test
    @DisplayName("a long offending line is quoted only in part")
    void longLineIsQuotedInPart() {
        String value = "v".repeat(10_000);
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
                () -> MimeCodec.decode(bytes("X-Long: " + value + "\nY: z\r\n\r\n")));
        assertEquals(true, e.getMessage().length() < 200, e.getMessage());
    }
}
