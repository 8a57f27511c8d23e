package io.beepkit.core.xml;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.LogText;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Parses a document made of exactly one element with attributes and text content and no child elements, the shape
 * of every message of the TLS and SASL profiles (RFC 3080 §7.2, §7.3). Refuses any DOCTYPE, entity definition or
 * reference other than the predefined ones (an XXE and entity-expansion guard), text outside the root and documents
 * longer than the caller's bound, which is checked before any parsing. Every refusal is a
 * {@link BeepProtocolException} naming what was wrong.
 */
public final class StrictXml {
    private StrictXml() {
    }

    /** One parsed element: its name, its attributes in document order, and its text (CDATA included). */
    public record Element(String name, Map<String, String> attributes, String text) {
        /** Copies the attribute map. */
        public Element {
            attributes = Map.copyOf(attributes);
        }

        /** The value of attribute {@code attribute}, or null when absent. */
        public String attribute(String attribute) {
            return attributes.get(attribute);
        }
    }

    /**
     * Parses {@code xml}, which must hold one element without children.
     *
     * @param xml       the document (no XML declaration needed)
     * @param maxChars  the largest document accepted, checked before parsing
     * @param what      names the document in exception messages, for example "SASL blob"
     */
    public static Element parseSingleElement(String xml, int maxChars, String what) {
        if (xml == null) {
            throw new BeepProtocolException("empty " + what);
        }
        return HardenedXml.parse(xml, maxChars, what, r -> element(r, what));
    }

    private static Element element(XmlReader r, String what) {
        String name = r.name();
        Map<String, String> attributes = new LinkedHashMap<>();
        for (int i = 0; i < r.attributeCount(); i++) {
            attributes.put(r.attributeName(i), r.attributeValue(i));
        }
        String text = r.elementText();
        if (text == null) {
            throw new BeepProtocolException("unexpected <" + LogText.escape(r.name(), 40) + "> inside <"
                    + LogText.escape(name, 40) + "> of " + what);
        }
        return new Element(name, attributes, text);
    }

    /** Escapes the five XML specials with the predefined entities only. */
    public static String escape(String s) {
        return HardenedXml.escape(s);
    }
}
