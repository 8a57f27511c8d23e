package io.beepkit.syslog;

import io.beepkit.syslog.SyslogStructuredData.Element;
import io.beepkit.syslog.SyslogStructuredData.Param;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** RFC 5424 §6.3 and the examples of §6.5. */
class SyslogStructuredDataTest {
    @Test
    void rfc5424_6_5_exampleWithTwoElements() {
        List<Element> sd = SyslogStructuredData.parse(
                "[exampleSDID@32473 iut=\"3\" eventSource=\"Application\" eventID=\"1011\"][examplePriority@32473 class=\"high\"]");
        assertEquals(2, sd.size());
        assertEquals("exampleSDID@32473", sd.get(0).id());
        assertEquals(List.of(new Param("iut", "3"), new Param("eventSource", "Application"),
                new Param("eventID", "1011")), sd.get(0).params());
        assertEquals("high", sd.get(1).param("class"));
        assertNull(sd.get(1).param("iut"));
    }

    @Test
    void rfc5424_6_3_3_escapedCharactersInValues() {
        List<Element> sd = SyslogStructuredData.parse("[ex@1 a=\"q\\\"b\\\\c\\]d\\x\"]");
        assertEquals("q\"b\\c]d\\x", sd.get(0).param("a"), "only \\\", \\\\ and \\] are escapes");
    }

    @Test
    void repeatedParamsAndBareElements() {
        List<Element> sd = SyslogStructuredData.parse("[origin ip=\"192.0.2.1\" ip=\"192.0.2.129\"][timeQuality]");
        assertEquals(2, sd.get(0).params().size());
        assertEquals("192.0.2.1", sd.get(0).param("ip"));
        assertEquals(List.of(), sd.get(1).params());
    }

    @Test
    void nilAndMalformedTextGiveNoElements() {
        for (String bad : new String[]{"-", "", "[", "[ex@1", "[ex@1 a=\"x]", "[ex@1 a=x]", "[ex@1]junk",
                "[" + "n".repeat(33) + "]", "[ex@1  a=\"x\"]", "[ex@1 a=\"x\"] [b]"}) {
            assertTrue(SyslogStructuredData.parse(bad).isEmpty(), bad);
        }
    }

    @Test
    void theMessageOffersItsElements() {
        SyslogMessage m = SyslogMessage.builder().transport(SyslogTransport.RAW).text("x")
                .format(SyslogFormat.RFC5424).structuredData("[ex@1 a=\"b\"]").build();
        assertEquals(List.of(new Element("ex@1", List.of(new Param("a", "b")))), m.structuredDataElements());
    }
}
