package io.beepkit.syslog;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class SyslogEscapesTest {
    @Test
    void terminalEscapesAreWrittenAsOctal() {
        assertEquals("#033[31mred#033[0m bell#007 back#010",
                SyslogEscapes.oneLine("\u001b[31mred\u001b[0m bell\u0007 back\b"));
    }

    @Test
    void tabDelNulAndC1ControlsAreEscaped() {
        assertEquals("a#011b#177c#000d#233e#205f", SyslogEscapes.oneLine("a\tb\u007fc\u0000d\u009be\u0085f"));
    }

    @Test
    void lineBreaksBecomeOneSpaceEach() {
        assertEquals("one two three four", SyslogEscapes.oneLine("one\r\ntwo\nthree\rfour"));
    }

    @Test
    void printableTextIsReturnedUnchanged() {
        String text = "<34>Oct 11 22:14:15 host su: 'su root' failed #1 for lonvick on /dev/pts/8 \u00e9\u4e2d";
        assertSame(text, SyslogEscapes.oneLine(text));
    }
}
