package io.beepkit.core.xml;

import io.beepkit.api.BeepProtocolException;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
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
        if (xml.length() > maxChars) {
            throw new BeepProtocolException(what + " of " + xml.length() + " characters exceeds the limit of "
                    + maxChars);
        }
        return HardenedXml.parse(xml, what, r -> element(r, what));
    }

    private static Element element(XMLStreamReader r, String what) throws XMLStreamException {
        String name = r.getLocalName();
        Map<String, String> attributes = new LinkedHashMap<>();
        for (int i = 0; i < r.getAttributeCount(); i++) {
            String prefix = r.getAttributePrefix(i);
            String local = r.getAttributeLocalName(i);
            attributes.put(prefix == null || prefix.isEmpty() ? local : prefix + ":" + local, r.getAttributeValue(i));
        }
        StringBuilder text = new StringBuilder();
        while (true) {
            int ev = r.next();
            switch (ev) {
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE ->
                        text.append(r.getText());
                case XMLStreamConstants.END_ELEMENT -> {
                    return new Element(name, attributes, text.toString());
                }
                case XMLStreamConstants.START_ELEMENT ->
                        throw new BeepProtocolException("unexpected <" + r.getLocalName() + "> inside <" + name
                                + "> of " + what);
                case XMLStreamConstants.ENTITY_REFERENCE, XMLStreamConstants.DTD ->
                        throw new BeepProtocolException(what + " must not contain entity references");
                default -> {
                    // comments are ignored
                }
            }
        }
    }

    /** Escapes the five XML specials with the predefined entities only. */
    public static String escape(String s) {
        return HardenedXml.escape(s);
    }
}
