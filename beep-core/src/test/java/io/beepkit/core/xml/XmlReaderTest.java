package io.beepkit.core.xml;

import io.beepkit.api.BeepProtocolException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link XmlReader} through {@link HardenedXml#parse}: what well-formed documents of the BEEP and COOKED shapes read
 * as, and the refusal of each malformed or hostile form (entity expansion, external entities, deep nesting,
 * unterminated sections, illegal characters, oversized input), each with a message naming the document and the
 * problem, with the peer's characters escaped.
 */
class XmlReaderTest {
    private static final String WHAT = "test XML";

    /** Every event of the document as one line: start tags with attributes, text in brackets, end tags. */
    static String events(String xml) {
        return HardenedXml.parse(xml, WHAT, r -> {
            StringBuilder out = new StringBuilder();
            int depth = 0;
            int event = XmlReader.START_ELEMENT;
            do {
                switch (event) {
                    case XmlReader.START_ELEMENT -> {
                        depth++;
                        out.append('<').append(r.name());
                        for (int i = 0; i < r.attributeCount(); i++) {
                            out.append(' ').append(r.attributeName(i)).append("={").append(r.attributeValue(i))
                                    .append('}');
                        }
                        out.append('>');
                    }
                    case XmlReader.END_ELEMENT -> {
                        depth--;
                        out.append("</").append(r.name()).append('>');
                    }
                    default -> out.append('[').append(r.text()).append(']');
                }
                if (depth > 0) {
                    event = r.next();
                }
            } while (depth > 0);
            return out.toString();
        });
    }

    private static String refused(String xml) {
        BeepProtocolException e = assertThrows(BeepProtocolException.class, () -> events(xml), xml);
        return e.getMessage();
    }

    private static void refused(String xml, String mentions) {
        String message = refused(xml);
        assertTrue(message.contains(mentions), "'" + message + "' should mention '" + mentions + "'");
    }

    @Test
    @DisplayName("elements, attributes in either quote, text and empty elements read as a StAX reader reports them")
    void wellFormed() {
        assertEquals("<start number={1} serverName={a.example}><profile uri={urn:x}></profile></start>",
                events("<start number='1' serverName=\"a.example\"><profile uri='urn:x'/></start>"));
        assertEquals("<greeting>[\n  ]<profile uri={a}></profile>[\n]</greeting>",
                events("<greeting>\n  <profile uri = 'a' />\n</greeting >"));
        assertEquals("<e a={'} b={\"}>[x]</e>", events("<e a=\"'\" b='\"'>x</e>"));
    }

    @Test
    @DisplayName("the five predefined entities and character references, checked and decoded, in text and attributes")
    void references() {
        assertEquals("<e a={<&>'\"}>[<&>'\"A B\uD83D\uDE00]</e>",
                events("<e a='&lt;&amp;&gt;&apos;&quot;'>&lt;&amp;&gt;&apos;&quot;&#65;&#x20;&#x42;&#x1F600;</e>"));
        assertEquals("<e a={a\tb}></e>", events("<e a='a&#9;b'/>"));
    }

    @Test
    @DisplayName("CDATA keeps markup as text; comments, processing instructions and an XML declaration are skipped")
    void cdataCommentsAndProcessingInstructions() {
        assertEquals("<profile>[<ready />&amp; x]</profile>",
                events("<?xml version='1.0' encoding='UTF-8' standalone='yes'?><!-- c --><?pi data?>"
                        + "<profile><![CDATA[<ready />&amp;]]><!-- inside --> <?pi?>x</profile><!-- after -->\n"));
        assertEquals("<e>[]]]</e>", events("<e><![CDATA[]]]]></e>"));
    }

    @Test
    @DisplayName("line ends become LF in text; tab, CR and LF become spaces in attribute values")
    void lineEnds() {
        assertEquals("<e a={a  b c}>[1\n2\n3\n]</e>", events("<e a='a\r\n b\tc'>1\r\n2\r3\n</e>"));
        assertEquals("<e>[x\ny]</e>", events("<e><![CDATA[x\r\ny]]></e>"));
    }

    @Test
    @DisplayName("names of the protocols' vocabularies come back as the same constants; others as their text")
    void names() {
        String xml = "<entry facility='1' other='2'/>";
        HardenedXml.parse(xml, WHAT, r -> {
            assertSame("entry", r.name());
            assertSame("facility", r.attributeName(0));
            assertEquals("other", r.attributeName(1));
            assertEquals("2", r.attribute("other"));
            assertNull(r.attribute("missing"));
            return r;
        });
    }

    @Test
    @DisplayName("elementText reads text up to the end tag, or stops on a child and returns null")
    void elementText() {
        assertEquals("a<b", HardenedXml.parse("<e>a<!-- c -->&lt;b</e>", WHAT, XmlReader::elementText));
        assertEquals("", HardenedXml.parse("<e/>", WHAT, XmlReader::elementText));
        assertEquals("child", HardenedXml.parse("<e>x<child/></e>", WHAT, r -> r.elementText() == null
                ? r.name() : "text"));
    }

    @Test
    @DisplayName("billion laughs and XXE: any DOCTYPE or declaration is refused before anything is expanded")
    void entityExpansionAndExternalEntities() {
        refused("<?xml version='1.0'?><!DOCTYPE lolz [<!ENTITY lol 'lol'><!ENTITY lol2 '&lol;&lol;&lol;&lol;'>"
                + "<!ENTITY lol3 '&lol2;&lol2;&lol2;'>]><lolz>&lol3;</lolz>", "DOCTYPE");
        refused("<!DOCTYPE e [<!ENTITY x SYSTEM 'file:///etc/passwd'>]><e>&x;</e>", "DOCTYPE");
        refused("<!DOCTYPE e SYSTEM 'http://192.0.2.1/e.dtd'><e/>", "DOCTYPE");
        refused("<!ENTITY x 'y'><e/>", "declarations are refused");
        refused("<e><!DOCTYPE e></e>", "DOCTYPE");
        refused("<e>&x;</e>", "entity reference &x; refused");
        refused("<e a='&nbsp;'/>", "entity reference &nbsp; refused");
        refused("<e>&#x110000;</e>", "does not allow");
    }

    @Test
    @DisplayName("nesting is bounded: " + XmlReader.MAX_DEPTH + " levels are read, one more is refused")
    void deepNesting() {
        assertTrue(events(nested(XmlReader.MAX_DEPTH)).startsWith("<e><e>"));
        refused(nested(XmlReader.MAX_DEPTH + 1), "nested deeper than " + XmlReader.MAX_DEPTH);
        refused("<e>".repeat(100_000), "nested deeper than " + XmlReader.MAX_DEPTH);
    }

    private static String nested(int depth) {
        return "<e>".repeat(depth) + "</e>".repeat(depth);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "<e><![CDATA[never closed</e>            | unterminated CDATA section",
            "<e><!-- never closed</e>                 | unterminated comment",
            "<e><!-- a -- b --></e>                   | '--' inside a comment",
            "<e><?pi never closed</e>                 | unterminated processing instruction",
            "<e a='never closed/>                     | unterminated value of attribute a",
            "<e a='1'                                 | unterminated start tag <e>",
            "<e><f></e>                               | </e> does not close <f>",
            "<e></f>                                  | </f> does not close <e>",
            "<e>text                                  | the document ends inside <e>",
            "</e>                                     | expected element name",
            "<e/><f/>                                 | more than one root element",
            "text<e/>                                 | text before the root element",
            "<e/>text                                 | text after the root element",
            "<e/>&amp;                                | text after the root element",
            "<![CDATA[x]]><e/>                        | declarations are refused",
            "<e a='1' a='2'/>                         | attribute a repeated",
            "<e a='1'b='2'/>                          | separated by white space",
            "<e a=1/>                                 | not in quotes",
            "<e a/>                                   | without '='",
            "<e a='<'/>                               | '<' in the value",
            "<e>]]></e>                               | ']]>' in text",
            "<e>&#;</e>                               | empty character reference",
            "<e>&#a;</e>                              | not a number",
            "<e>&#x;</e>                              | empty character reference",
            "<e>&#65</e>                              | '&' that starts no reference",
            "<e>&#0;</e>                              | does not allow",
            "<e>&#xD800;</e>                          | does not allow",
            "<e>&#xFFFE;</e>                          | does not allow",
            "<e>& b</e>                               | '&' that starts no reference",
            "\" \"                                      | no root element",
            "\"\"                                       | no root element",
            "<e/><?xml version='1.0'?>                | PI targets named xml are reserved",
            "<?xml version='1.1'?><e/>                | version 1.0",
            "<?xml version='1.0' encoding='-x'?><e/>  | encoding name",
            "<1e/>                                    | expected element name",
    })
    @DisplayName("malformed documents are refused, saying what is wrong")
    void malformed(String xml, String mentions) {
        refused(xml, mentions);
        assertTrue(refused(xml).startsWith("malformed " + WHAT + ": "));
    }

    @Test
    @DisplayName("characters XML does not allow are refused wherever they are: NUL, controls, lone surrogates, FFFE")
    void illegalCharacters() {
        refused("<e>\u0000</e>", "U+0 is not allowed");
        refused("<e a='\u0001'/>", "U+1 is not allowed");
        refused("<!-- \u001B --><e/>", "U+1B is not allowed");
        refused("<e><![CDATA[\uD800]]></e>", "U+D800 is not allowed");
        refused("<e>\uDC00</e>", "U+DC00 is not allowed");
        refused("<e>\uFFFF</e>", "U+FFFF is not allowed");
        assertEquals("<e>[\uD83D\uDE00]</e>", events("<e>\uD83D\uDE00</e>"));
    }

    @Test
    @DisplayName("the caller's bound is checked before reading; a large attribute within it is read")
    void sizeBound() {
        String huge = "<e a='" + "x".repeat(200_000) + "'/>";
        BeepProtocolException e = assertThrows(BeepProtocolException.class,
                () -> HardenedXml.parse(huge, 4096, WHAT, r -> r));
        assertEquals(WHAT + " of " + huge.length() + " characters exceeds the limit of 4096", e.getMessage());
        assertEquals(200_000, HardenedXml.parse(huge, huge.length(), WHAT, r -> r.attribute("a")).length());
    }

    @Test
    @DisplayName("the peer's characters in a message are escaped and cut")
    void messagesAreEscaped() {
        String message = refused("<e>&a\u202Eb\u2028;</e>");
        assertFalse(message.contains("\u202E") || message.contains("\u2028"), message);
        assertTrue(message.contains("\\u202E"), message);
        assertTrue(refused("<e>&" + "n".repeat(20) + ";</e>").contains("'&' that starts no reference"));
    }

    @Test
    @DisplayName("a root reader that stops early still has the rest of the document checked")
    void restIsChecked() {
        refused("<e a='1'><f></e>", "</e> does not close <f>");
        refused("<e a='1'/>&x;", "text after the root element");
        List<String> seen = new ArrayList<>();
        HardenedXml.parse("<e a='1'><f/></e>", WHAT, r -> seen.add(r.attribute("a")));
        assertEquals(List.of("1"), seen);
    }
}
