package io.beepkit.core;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Peer text in log lines: no new lines, no invisible characters, no unbounded length. */
class LogTextTest {

    @Test
    @DisplayName("a forged log line stays on one line, its line break shown as \\n")
    void forgedLineIsEscaped() {
        assertEquals("1\\n13:37:00.000 session #1 closed: FORGED",
                LogText.escape("1\n13:37:00.000 session #1 closed: FORGED"));
    }

    @Test
    @DisplayName("control, format and separator characters become escapes; backslash is doubled")
    void nonPrintablesAreEscaped() {
        assertEquals("a\\r\\tb\\u0000\\u001B[31m\\u202Eevil\\u2028\\\\x\\u007F",
                LogText.escape("a\r\tb\u0000\u001b[31m\u202eevil\u2028\\x\u007f"));
        assertEquals("\\uD83D", LogText.escape("\uD83D"), "a lone surrogate");
    }

    @Test
    @DisplayName("printable text, accents included, is returned as is")
    void printableTextIsUnchanged() {
        String s = "close code='200' Grüße <ok/>";
        assertSame(s, LogText.escape(s));
        assertEquals("null", LogText.escape(null));
    }

    @Test
    @DisplayName("long text is cut, saying how much was left out")
    void longTextIsCut() {
        assertEquals("x".repeat(256) + "...(744 more characters)", LogText.escape("x".repeat(1000)));
        assertEquals("ab\\n...(2 more characters)", LogText.escape("ab\ncd", 3));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LogText.escape("x", -1));
        assertEquals("maxLength must be >= 0: -1", e.getMessage());
    }
}
