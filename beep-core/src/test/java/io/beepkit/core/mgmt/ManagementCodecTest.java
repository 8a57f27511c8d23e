package io.beepkit.core.mgmt;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.mgmt.ManagementMessage.Close;
import io.beepkit.core.mgmt.ManagementMessage.Error;
import io.beepkit.core.mgmt.ManagementMessage.Greeting;
import io.beepkit.core.mgmt.ManagementMessage.Ok;
import io.beepkit.core.mgmt.ManagementMessage.Profile;
import io.beepkit.core.mgmt.ManagementMessage.Start;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Channel-0 XML (RFC 3080 §2.3.1.1 greeting, §2.3.1.2 start, §2.3.1.3 close, §2.3.1.4 error, §2.2.2.1 and §6.4;
 * CONFORMANCE items 16, 18 and 20, codec side): what peers send parses into {@link ManagementMessage}s, what we
 * write has no XML declaration, no DOCTYPE and only predefined entities, and any DOCTYPE or entity definition is
 * refused.
 */
class ManagementCodecTest {

    private static ManagementMessage parse(String xml) {
        return ManagementCodec.parse(xml.getBytes(StandardCharsets.UTF_8));
    }

    private static BeepProtocolException rejected(String xml, String mentions) {
        BeepProtocolException e = assertThrows(BeepProtocolException.class, () -> parse(xml), xml);
        assertTrue(e.getMessage().contains(mentions), "message should mention '" + mentions + "': " + e.getMessage());
        return e;
    }

    // ------------------------------------------------------------------ item 16: greeting

    @Test
    @DisplayName("#16 greeting profiles, features and localize are parsed")
    void greetingWithFeaturesAndLocalize() {
        Greeting g = (Greeting) parse("""
                <greeting features='x-compress x-foo' localize='fr en'>
                   <profile uri='http://iana.org/beep/TLS' />
                   <profile uri='http://iana.org/beep/SASL/OTP'/>
                </greeting>""");
        assertEquals(List.of("http://iana.org/beep/TLS", "http://iana.org/beep/SASL/OTP"), g.profiles());
        assertEquals("x-compress x-foo", g.features());
        assertEquals("fr en", g.localize());
    }

    @Test
    @DisplayName("#16 localize defaults to i-default; an empty greeting offers nothing")
    void greetingDefaults() {
        Greeting g = (Greeting) parse("<greeting />");
        assertEquals(List.of(), g.profiles());
        assertNull(g.features());
        assertEquals("i-default", g.localize());
        assertEquals("i-default", new Greeting(List.of(), null, null).localize());
    }

    @Test
    @DisplayName("#16 a greeting is written with empty profile elements; localize only when not i-default")
    void greetingIsWrittenWithEmptyProfiles() {
        assertEquals("<greeting features='x-compress'><profile uri='urn:a' /><profile uri='urn:b' /></greeting>",
                ManagementCodec.write(new Greeting(List.of("urn:a", "urn:b"), "x-compress", "i-default")));
        assertEquals("<greeting />", ManagementCodec.write(new Greeting(List.of(), null, null)));
        assertEquals("<greeting localize='fr' />", ManagementCodec.write(new Greeting(List.of(), null, "fr")));
        Greeting g = new Greeting(List.of("urn:a"), "f1 f2", "en");
        assertEquals(g, ManagementCodec.parse(ManagementCodec.write(g).getBytes(StandardCharsets.UTF_8)));
    }

    // ------------------------------------------------------------------ item 18: start and profile

    @Test
    @DisplayName("#18 start with several profiles keeps their order, serverName and piggybacked data")
    void startWithSeveralProfiles() {
        Start s = (Start) parse("""
                <start number='1' serverName='beep.example.com'>
                   <profile uri='urn:first' />
                   <profile uri='urn:second' encoding='base64'>PGluaXQgLz4=</profile>
                   <profile uri='urn:third'><![CDATA[<ready />]]></profile>
                </start>""");
        assertEquals(1, s.number());
        assertEquals("beep.example.com", s.serverName());
        assertEquals(List.of(new Profile("urn:first"), new Profile("urn:second", "<init />", true),
                new Profile("urn:third", "<ready />", false)), s.profiles());
    }

    @Test
    @DisplayName("#18 base64 piggyback may be split over lines")
    void base64PiggybackMayContainLineBreaks() {
        Profile p = (Profile) parse("<profile uri='urn:x' encoding='base64'>\r\n  aGVs\r\n  bG8=\r\n</profile>");
        assertEquals("hello", p.content());
        assertTrue(p.base64());
    }

    @Test
    @DisplayName("#18 invalid base64 piggyback is refused, not silently dropped")
    void invalidBase64IsRefused() {
        rejected("<profile uri='urn:x' encoding='base64'>!!!!</profile>", "invalid base64");
        rejected("<profile uri='urn:x' encoding='base64'>aGVs*bG8=</profile>", "invalid base64");
    }

    @Test
    @DisplayName("#18 a start without profiles, without number or with a bad number is refused")
    void malformedStartIsRefused() {
        rejected("<start number='1' />", "<start> lists no profile");
        rejected("<start><profile uri='urn:a' /></start>", "lacks the number attribute");
        rejected("<start number='2147483648'><profile uri='urn:a' /></start>", "number='2147483648' out of range");
        rejected("<start number='-1'><profile uri='urn:a' /></start>", "number='-1' is not a number");
        rejected("<start number='+1'><profile uri='urn:a' /></start>", "number='+1' is not a number");
        rejected("<start number='1'><profile /></start>", "<profile> without uri");
        rejected("<start number='1'><close code='200' /></start>", "unexpected <close> in <start>");
        rejected("<start number='1'><profile uri='urn:a' encoding='gzip'>x</profile></start>", "encoding 'gzip'");
    }

    @Test
    @DisplayName("#18 start is written with every profile; base64 data is encoded and reads back")
    void startIsWrittenAndReadBack() {
        Start s = new Start(3, "host.example", List.of(new Profile("urn:a"),
                new Profile("urn:b", "<blob>caf\u00e9</blob>", true), new Profile("urn:c", "a<b & 'c'", false)));
        String xml = ManagementCodec.write(s);
        assertTrue(xml.startsWith("<start number='3' serverName='host.example'><profile uri='urn:a' />"), xml);
        assertTrue(xml.contains("<profile uri='urn:b' encoding='base64'>PGJsb2I+Y2Fmw6k8L2Jsb2I+</profile>"), xml);
        assertTrue(xml.contains("<profile uri='urn:c'>a&lt;b &amp; &apos;c&apos;</profile>"), xml);
        assertEquals(s, ManagementCodec.parse(xml.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    @DisplayName("#18 piggybacked elements are written in CDATA, as RFC 3080 and Vortex write them")
    void piggybackedElementsAreWrittenInCdata() {
        Start s = new Start(1, null, List.of(new Profile("http://iana.org/beep/TLS", "<ready />", false)));
        String xml = ManagementCodec.write(s);
        assertEquals("<start number='1'><profile uri='http://iana.org/beep/TLS'><![CDATA[<ready />]]></profile></start>",
                xml);
        assertEquals(s, ManagementCodec.parse(xml.getBytes(StandardCharsets.UTF_8)));
        assertEquals("<profile uri='urn:x'><![CDATA[<blob status='complete' />]]></profile>",
                ManagementCodec.write(new Profile("urn:x", "<blob status='complete' />", false)));
        // content that would end the section early is escaped instead
        Profile tricky = new Profile("urn:x", "<a>]]></a>", false);
        String written = ManagementCodec.write(tricky);
        assertEquals("<profile uri='urn:x'>&lt;a&gt;]]&gt;&lt;/a&gt;</profile>", written);
        assertEquals(tricky, ManagementCodec.parse(written.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    @DisplayName("#18 the profile reply: the chosen uri, with or without data")
    void profileReply() {
        assertEquals(new Profile("urn:echo"), parse("<profile uri='urn:echo' />"));
        assertEquals(new Profile("urn:echo", "<proceed />", false), parse("<profile uri='urn:echo'>&lt;proceed /&gt;</profile>"));
        assertEquals("<profile uri='urn:echo' />", ManagementCodec.write(new Profile("urn:echo")));
        assertEquals("<profile uri='urn:echo' encoding='base64'>aGk=</profile>",
                ManagementCodec.write(new Profile("urn:echo", "hi", true)));
    }

    // ------------------------------------------------------------------ close, ok, error

    @Test
    @DisplayName("#22 close parses number, code and diagnostic; number defaults to 0")
    void closeParses() {
        assertEquals(new Close(1, 200, ""), parse("<close number='1' code='200' />"));
        assertEquals(new Close(0, 200, ""), parse("<close code='200' />"));
        assertEquals(new Close(5, 550, "still working"), parse("<close number='5' code='550'>still working</close>"));
        rejected("<close number='1' />", "lacks the code attribute");
    }

    @Test
    @DisplayName("#22 a session close is always written with number='0'")
    void sessionCloseAlwaysCarriesNumberZero() {
        assertEquals("<close number='0' code='200' />", ManagementCodec.write(new Close(0, 200, null)));
        assertEquals("<close number='0' code='200' />", ManagementCodec.write(new Close(0, 200, "")));
        assertEquals("<close number='7' code='200'>bye &amp; thanks</close>",
                ManagementCodec.write(new Close(7, 200, "bye & thanks")));
    }

    @Test
    @DisplayName("#20 ok and error parse and are written with predefined entities only")
    void okAndError() {
        assertEquals(new Ok(), parse("<ok />"));
        assertEquals(new Ok(), parse("<ok/>"));
        assertEquals("<ok />", ManagementCodec.write(new Ok()));
        assertEquals(new Error(550, "no profiles <here> & 'there' \"too\""),
                parse("<error code='550' xml:lang='en'>no profiles &lt;here&gt; &amp; &apos;there&apos; &quot;too&quot;</error>"));
        assertEquals("<error code='550'>a &lt;b&gt; &amp; &apos;c&apos; &quot;d&quot;</error>",
                ManagementCodec.write(new Error(550, "a <b> & 'c' \"d\"")));
        rejected("<error code='5000'>x</error>", "5000");
        rejected("<error>x</error>", "lacks the code attribute");
    }

    // ------------------------------------------------------------------ item 20: XML hygiene

    @ParameterizedTest
    @ValueSource(strings = {
            "<!DOCTYPE greeting><greeting />",
            "<!DOCTYPE greeting SYSTEM 'file:///etc/passwd'><greeting />",
            "<!DOCTYPE error [<!ENTITY x SYSTEM 'file:///etc/passwd'>]><error code='550'>&x;</error>",
            "<!DOCTYPE greeting [<!ENTITY a 'aaaaaaaaaa'><!ENTITY b '&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;'>]><greeting features='&b;' />",
            "<?xml version='1.0'?>\n<!DOCTYPE ok [<!ELEMENT ok EMPTY>]><ok />",
    })
    @DisplayName("#20 any DOCTYPE or entity definition is refused (XXE and entity expansion)")
    void doctypeAndEntityDefinitionsAreRefused(String xml) {
        rejected(xml, "DOCTYPE");
    }

    @Test
    @DisplayName("#20 a reference to an undeclared entity is refused")
    void undeclaredEntityIsRefused() {
        rejected("<error code='550'>&nbsp;</error>", "malformed channel-0 XML");
    }

    @Test
    @DisplayName("#20 predefined entities and character references are accepted")
    void predefinedEntitiesAreAccepted() {
        assertEquals(new Error(421, "A&B"), parse("<error code='421'>&#65;&amp;&#x42;</error>"));
    }

    @Test
    @DisplayName("#20 an XML declaration from the peer is tolerated")
    void xmlDeclarationIsTolerated() {
        assertEquals(new Ok(), parse("<?xml version='1.0' encoding='UTF-8'?>\r\n<ok />"));
    }

    @Test
    @DisplayName("#20 malformed channel-0 XML is refused")
    void malformedXmlIsRefused() {
        rejected("", "malformed channel-0 XML");
        rejected("   ", "malformed channel-0 XML");
        rejected("<greeting>", "malformed channel-0 XML");
        rejected("<ok /><ok />", "malformed channel-0 XML");
        rejected("hello <ok />", "malformed channel-0 XML");
        rejected("<begin number='1' />", "unknown channel-0 element <begin>");
        rejected("<greeting><ok /></greeting>", "unexpected <ok> in <greeting>");
        rejected("<greeting>text</greeting>", "unexpected text in <greeting>");
        rejected("<error code='550'><b>x</b></error>", "unexpected <b> inside an element");
    }

    @Test
    @DisplayName("#20 written XML has no declaration and no DOCTYPE, and reads back")
    void writtenXmlHasNoDeclarationAndReadsBack() {
        List<ManagementMessage> all = List.of(
                new Greeting(List.of("urn:a"), "f", "de"),
                new Start(1, "s&n", List.of(new Profile("urn:a", "x'y", false), new Profile("urn:b", "<z/>", true))),
                new Profile("urn:a", "data", false),
                new Close(0, 200, "ok"),
                new Ok(),
                new Error(501, "<bad>"));
        for (ManagementMessage m : all) {
            String xml = ManagementCodec.write(m);
            assertTrue(xml.startsWith("<") && !xml.startsWith("<?") && !xml.startsWith("<!"), xml);
            assertFalse(xml.contains("<?xml") || xml.contains("<!DOCTYPE") || xml.contains("<!ENTITY"), xml);
            assertEquals(m, ManagementCodec.parse(xml.getBytes(StandardCharsets.UTF_8)), xml);
        }
    }

    @Test
    @DisplayName("#20 escape uses only the five predefined entities")
    void escapeUsesPredefinedEntitiesOnly() {
        assertEquals("&lt;a&gt; &amp; &apos;b&apos; &quot;c&quot; \u00e9", ManagementCodec.escape("<a> & 'b' \"c\" \u00e9"));
        assertEquals("plain", ManagementCodec.escape("plain"));
    }
}
