package io.beepkit.syslog.internal;

import io.beepkit.syslog.SyslogFormat;
import io.beepkit.syslog.SyslogMessage;
import io.beepkit.syslog.SyslogTransport;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class SyslogTextParserTest {
    private static SyslogMessage parse(String text) {
        return SyslogTextParser.parse(text, SyslogMessage.builder().transport(SyslogTransport.RAW)).build();
    }

    @Test
    void rfc5424WithStructuredDataAndBom() {
        SyslogMessage m = parse("<165>1 2003-10-11T22:14:15.003Z mymachine.example.com evntslog - ID47 "
                + "[exampleSDID@32473 iut=\"3\" eventSource=\"App\\\"l\\]ication\"][x@1 a=\"b\"] \uFEFFAn application event");
        assertEquals(SyslogFormat.RFC5424, m.format());
        assertEquals(20, m.facility());
        assertEquals(5, m.severity());
        assertEquals("2003-10-11T22:14:15.003Z", m.timestamp());
        assertEquals("mymachine.example.com", m.hostname());
        assertEquals("evntslog", m.appName());
        assertNull(m.procId());
        assertEquals("ID47", m.msgId());
        assertEquals("[exampleSDID@32473 iut=\"3\" eventSource=\"App\\\"l\\]ication\"][x@1 a=\"b\"]",
                m.structuredData());
        assertEquals("An application event", m.message());
    }

    @Test
    void rfc5424AllNilAndNoMessage() {
        SyslogMessage m = parse("<0>1 - - - - - -");
        assertEquals(SyslogFormat.RFC5424, m.format());
        assertEquals(0, m.facility());
        assertNull(m.timestamp());
        assertNull(m.hostname());
        assertNull(m.structuredData());
        assertNull(m.message());
    }

    @Test
    void rfc3164WithTagAndPid() {
        SyslogMessage m = parse("<34>Oct 11 22:14:15 mymachine su[123]: 'su root' failed for lonvick on /dev/pts/8");
        assertEquals(SyslogFormat.RFC3164, m.format());
        assertEquals(4, m.facility());
        assertEquals(2, m.severity());
        assertEquals("Oct 11 22:14:15", m.timestamp());
        assertEquals("mymachine", m.hostname());
        assertEquals("su", m.appName());
        assertEquals("123", m.procId());
        assertEquals("'su root' failed for lonvick on /dev/pts/8", m.message());
    }

    @Test
    void rfc3164SpacePaddedDay() {
        SyslogMessage m = parse("<13>Feb  5 17:32:18 10.0.0.99 Use the BFG!");
        assertEquals(SyslogFormat.RFC3164, m.format());
        assertEquals("Feb  5 17:32:18", m.timestamp());
        assertEquals("10.0.0.99", m.hostname());
        assertEquals("Use", m.appName());
    }

    @Test
    void validPriWithoutKnownHeaderKeepsTheText() {
        SyslogMessage m = parse("<13>just some text");
        assertEquals(SyslogFormat.UNPARSED, m.format());
        assertEquals(1, m.facility());
        assertEquals(5, m.severity());
        assertEquals("just some text", m.message());
        assertEquals("<13>just some text", m.text());
    }

    @Test
    void invalidPrisAreNotPris() {
        for (String s : new String[] {"<192>1 - - - - - -", "<013>x", "<>x", "<1234>x", "no pri", "<1", ""}) {
            SyslogMessage m = parse(s);
            assertEquals(SyslogFormat.UNPARSED, m.format(), s);
            assertEquals(-1, m.facility(), s);
            assertEquals(s, m.message(), s);
        }
    }

    @Test
    void brokenRfc5424HeaderFallsBackToUnparsed() {
        SyslogMessage m = parse("<14>1 2003-10-11T22:14:15Z host app - - [unterminated");
        assertEquals(SyslogFormat.UNPARSED, m.format());
        assertEquals(1, m.facility());
    }
}
