package io.beepkit.core.xml;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.LogText;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link XmlReader} against the JDK's StAX parser configured as beepkit configured it before (no DTD, no external
 * entities, coalescing, an entity reference refused): on generated well-formed documents and on mutations of them
 * (a character deleted, one of the XML specials inserted, a piece repeated, the end cut off), both accept or both
 * refuse, and where both accept they report the same elements, attributes and text. The one difference allowed:
 * this reader refuses a malformed encoding name in the XML declaration, which StAX reading characters ignores.
 * Seeded, so a failure repeats.
 */
class XmlReaderAgainstStaxTest {
    private static final String[] INSERTS = {"<", ">", "&", "'", "\"", "/", "]", "-", "?", "!", ";", "#", "=", " ",
            "\r", "\u0000", "x", "<!--", "]]>", "&#", "<![CDATA[", "</a>", "<a>", "&amp;", "\uD800"};
    private static final String STRICTER = "REFUSED (a malformed encoding name)";
    private final XMLInputFactory factory = staxFactory();
    private final Random random = new Random(20261128);

    private static XMLInputFactory staxFactory() {
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        return f;
    }

    @Test
    @DisplayName("generated and mutated documents: same accept or refuse, same content where accepted")
    void sameVerdictAndContent() {
        List<String> disagreements = new ArrayList<>();
        int accepted = 0;
        int documents = 0;
        for (int i = 0; i < 3000; i++) {
            String doc = document();
            List<String> variants = new ArrayList<>(List.of(doc));
            for (int m = 0; m < 4; m++) {
                variants.add(mutate(doc));
            }
            for (String xml : variants) {
                documents++;
                String ours = ours(xml);
                String theirs = stax(xml);
                if (!ours.equals(theirs) && !ours.equals(STRICTER)) {
                    disagreements.add(LogText.escape(xml, 300) + "\n   ours:  " + LogText.escape(ours, 300)
                            + "\n   StAX:  " + LogText.escape(theirs, 300));
                }
                accepted += ours.startsWith("REFUSED") ? 0 : 1;
            }
        }
        assertTrue(disagreements.isEmpty(), disagreements.size() + " of " + documents + " differ, for example:\n"
                + String.join("\n", disagreements.subList(0, Math.min(8, disagreements.size()))));
        assertTrue(accepted > documents / 5 && accepted < documents, "accepted " + accepted + " of " + documents);
    }

    @Test
    @DisplayName("the generated documents are well-formed")
    void generatedDocumentsAreWellFormed() {
        for (int i = 0; i < 200; i++) {
            String doc = document();
            assertEquals(stax(doc), ours(doc), doc);
            assertTrue(!ours(doc).startsWith("REFUSED"), doc);
        }
    }

    private String ours(String xml) {
        try {
            return XmlReaderTest.events(xml);
        } catch (BeepProtocolException e) {
            // StAX reading from characters does not look at the declared encoding; this reader checks its syntax
            return e.getMessage().contains("encoding name") ? STRICTER : "REFUSED";
        }
    }

    /** The same rendering as {@link XmlReaderTest#events}, from StAX events, with the old hardened reading's rules. */
    private String stax(String xml) {
        StringBuilder out = new StringBuilder();
        StringBuilder text = new StringBuilder();
        int depth = 0;
        boolean rootSeen = false;
        try {
            XMLStreamReader r = factory.createXMLStreamReader(new StringReader(xml));
            while (r.hasNext()) {
                int event = r.next();
                if (event == XMLStreamConstants.DTD || event == XMLStreamConstants.ENTITY_REFERENCE
                        || event == XMLStreamConstants.ENTITY_DECLARATION) {
                    return "REFUSED";
                }
                if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA
                        || event == XMLStreamConstants.SPACE) {
                    if (depth > 0) {
                        text.append(r.getText());
                    } else if (!r.isWhiteSpace()) {
                        return "REFUSED";
                    }
                    continue;
                }
                if (event != XMLStreamConstants.START_ELEMENT && event != XMLStreamConstants.END_ELEMENT) {
                    continue; // comments and processing instructions: text around them is one piece
                }
                if (!text.isEmpty()) {
                    out.append('[').append(text).append(']');
                    text.setLength(0);
                }
                if (event == XMLStreamConstants.START_ELEMENT) {
                    if (depth == 0 && rootSeen) {
                        return "REFUSED";
                    }
                    rootSeen = true;
                    depth++;
                    out.append('<').append(r.getLocalName());
                    for (int i = 0; i < r.getAttributeCount(); i++) {
                        out.append(' ').append(r.getAttributeLocalName(i)).append("={").append(r.getAttributeValue(i))
                                .append('}');
                    }
                    out.append('>');
                } else {
                    depth--;
                    out.append("</").append(r.getLocalName()).append('>');
                }
            }
            return rootSeen ? out.toString() : "REFUSED";
        } catch (XMLStreamException | RuntimeException e) {
            return "REFUSED";
        }
    }

    private String document() {
        StringBuilder sb = new StringBuilder();
        if (random.nextInt(4) == 0) {
            sb.append(random.nextBoolean() ? "<?xml version='1.0'?>" : "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
        }
        misc(sb);
        element(sb, 0);
        misc(sb);
        return sb.toString();
    }

    private void misc(StringBuilder sb) {
        switch (random.nextInt(5)) {
            case 0 -> sb.append("\r\n");
            case 1 -> sb.append("<!-- note -->");
            case 2 -> sb.append(" <?pi some data?> ");
            default -> {
                // nothing
            }
        }
    }

    private void element(StringBuilder sb, int depth) {
        String name = pick("a", "profile", "start", "entry", "x-y.z", "_n1");
        sb.append('<').append(name);
        int attributes = random.nextInt(4);
        for (int i = 0; i < attributes; i++) {
            char quote = random.nextBoolean() ? '\'' : '"';
            sb.append(pick(" ", "\n", " \t")).append(pick("uri", "number", "b", "c")).append(i)
                    .append(pick("=", " = ")).append(quote).append(value(quote)).append(quote);
        }
        if (random.nextInt(4) == 0) {
            sb.append(pick("/>", " />"));
            return;
        }
        sb.append('>');
        int children = depth < 4 ? random.nextInt(4) : 0;
        for (int i = 0; i <= children; i++) {
            sb.append(content());
            if (i < children) {
                element(sb, depth + 1);
            }
        }
        sb.append("</").append(name).append(pick(">", " >"));
    }

    private String value(char quote) {
        StringBuilder v = new StringBuilder();
        int parts = random.nextInt(4);
        for (int i = 0; i < parts; i++) {
            v.append(pick("urn:x", "1", "&amp;", "&lt;", "&#65;", "&#x1F600;", "a\tb", "c\r\nd", "e\rf", ">", " ",
                    "é", quote == '\'' ? "\"" : "'", "&apos;&quot;", "]]>", "&#9;"));
        }
        return v.toString();
    }

    private String content() {
        StringBuilder v = new StringBuilder();
        int parts = random.nextInt(4);
        for (int i = 0; i < parts; i++) {
            v.append(pick("text", "\n  ", "&amp;", "&gt;", "&#x42;", "<![CDATA[<ready />]]>", "<!-- c -->",
                    "<?pi x?>", "a\r\nb", "c\rd", "'\"", "]]", "\uD83D\uDE00", "<![CDATA[]]>", "&#13;", "x>"));
        }
        return v.toString();
    }

    private String mutate(String doc) {
        int at = random.nextInt(doc.length() + 1);
        return switch (random.nextInt(4)) {
            case 0 -> at == doc.length() ? doc : doc.substring(0, at) + doc.substring(at + 1);
            case 1 -> doc.substring(0, at) + INSERTS[random.nextInt(INSERTS.length)] + doc.substring(at);
            case 2 -> {
                int to = Math.min(doc.length(), at + random.nextInt(12));
                yield doc.substring(0, to) + doc.substring(at, to) + doc.substring(to);
            }
            default -> doc.substring(0, at);
        };
    }

    private String pick(String... options) {
        return options[random.nextInt(options.length)];
    }
}
