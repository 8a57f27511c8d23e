package io.beepkit.syslog.internal;

import io.beepkit.syslog.SyslogIdentity;
import io.beepkit.syslog.SyslogPath;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** RFC 3195 §4.4 and the DTD of §7, read strictly. */
class CookedXmlTest {
    private static int refusal(String xml) {
        return assertThrows(SyslogViolation.class, () -> CookedXml.parse(xml), xml).code();
    }

    @Test
    void entryWithEveryAttribute() {
        CookedEntry e = (CookedEntry) CookedXml.parse("<entry facility='24' severity='5'/>".replace("24", "23")
                .replace("/>", " timestamp='Oct 27 13:24:12' hostname='ductwork' tag='dhcpd' deviceFQDN='a.example'"
                        + " deviceIP='10.0.0.1' pathID='p1'>DHCPACK &amp; more</entry>"));
        assertEquals(23, e.facility());
        assertEquals(5, e.severity());
        assertEquals("Oct 27 13:24:12", e.timestamp());
        assertEquals("ductwork", e.hostname());
        assertEquals("dhcpd", e.tag());
        assertEquals("a.example", e.deviceFqdn());
        assertEquals("10.0.0.1", e.deviceIp());
        assertEquals("p1", e.pathId());
        assertEquals("DHCPACK & more", e.text());
    }

    @Test
    void entryDefaultsAreUserNotice() {
        CookedEntry e = (CookedEntry) CookedXml.parse("<entry>x</entry>");
        assertEquals(1, e.facility());
        assertEquals(5, e.severity());
        assertNull(e.hostname());
    }

    @Test
    void badParametersAre501() {
        assertEquals(501, refusal("<entry facility='24'>x</entry>"));
        assertEquals(501, refusal("<entry severity='8'>x</entry>"));
        assertEquals(501, refusal("<entry severity='-1'>x</entry>"));
        assertEquals(501, refusal("<entry colour='red'>x</entry>"));
        assertEquals(501, refusal("<entry hostname='" + "h".repeat(256) + "'>x</entry>"));
        assertEquals(501, refusal("<iam fqdn='a' ip='1.2.3.4'/>"));
        assertEquals(501, refusal("<iam fqdn='a' ip='1.2.3.4' type='printer'/>"));
        assertEquals(501, refusal("<path fromIP='1.2.3.4'/>"));
    }

    @Test
    void syntaxErrorsAre500() {
        assertEquals(500, refusal("<entry>x</entry><entry>y</entry>"));
        assertEquals(500, refusal("<entry>x<b/></entry>"));
        assertEquals(500, refusal("<greeting/>"));
        assertEquals(500, refusal("<entry>unterminated"));
        assertEquals(500, refusal(""));
        assertEquals(500, refusal("<!DOCTYPE entry [<!ENTITY x 'boom'>]><entry>&x;</entry>"));
        assertEquals(500, refusal("<iam fqdn='a' ip='1' type='device'>text</iam>"));
        assertEquals(500, refusal("<path pathID='a'><path pathID='b'/><path pathID='c'/></path>"));
    }

    @Test
    void iamAndNestedPath() {
        SyslogIdentity iam = assertInstanceOf(SyslogIdentity.class,
                CookedXml.parse("<iam fqdn='dev.example' ip='192.0.2.1' type='device' />"));
        assertEquals(new SyslogIdentity("dev.example", "192.0.2.1", "device"), iam);
        SyslogPath p = assertInstanceOf(SyslogPath.class, CookedXml.parse(
                "<path pathID='2' fromIP='192.0.2.2' toIP='192.0.2.3' linkType='7'>"
                        + "<path pathID='1' fromIP='192.0.2.1' toIP='192.0.2.2' linkType='7'/></path>"));
        assertEquals("2", p.pathId());
        assertEquals("192.0.2.2", p.attribute("fromIP"));
        assertEquals("1", p.previous().get(0).pathId());
    }

    @Test
    void pathDepthIsBounded() {
        String deep = "<path pathID='x'>".repeat(CookedXml.MAX_PATH_DEPTH + 1)
                + "</path>".repeat(CookedXml.MAX_PATH_DEPTH + 1);
        assertEquals(550, refusal(deep));
    }

    @Test
    void writtenEntryReadsBack() {
        CookedEntry e = new CookedEntry(4, 2, "Oct 11 22:14:15", "h<o>st", "su", null, null, null,
                "quote ' and \" & <tag> and a \u0001 control");
        CookedEntry back = (CookedEntry) CookedXml.parse(CookedXml.writeEntry(e));
        assertEquals(new CookedEntry(4, 2, "Oct 11 22:14:15", "h<o>st", "su", null, null, null,
                "quote ' and \" & <tag> and a \uFFFD control"), back);
        assertTrue(CookedXml.writeIam(new SyslogIdentity("a'b", "1", "relay")).contains("a&apos;b"));
    }
}
