package io.beepkit.core.xml;

import io.beepkit.api.BeepProtocolException;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.StringReader;
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
    private static final XMLInputFactory FACTORY = newFactory();

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

    private static XMLInputFactory newFactory() {
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        return f;
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
        XMLStreamReader r = null;
        try {
            synchronized (FACTORY) {
                r = FACTORY.createXMLStreamReader(new StringReader(xml));
            }
            Element result = null;
            while (r.hasNext()) {
                int ev = r.next();
                switch (ev) {
                    case XMLStreamConstants.DTD, XMLStreamConstants.ENTITY_DECLARATION,
                            XMLStreamConstants.ENTITY_REFERENCE ->
                            throw new BeepProtocolException(what + " must not contain a DOCTYPE or entity references");
                    case XMLStreamConstants.START_ELEMENT -> {
                        if (result != null) {
                            throw new BeepProtocolException("more than one root element in " + what);
                        }
                        result = element(r, what);
                    }
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.SPACE, XMLStreamConstants.CDATA -> {
                        if (!r.isWhiteSpace()) {
                            throw new BeepProtocolException("text outside the root element of " + what);
                        }
                    }
                    default -> {
                        // comments, processing instructions and END_DOCUMENT carry nothing
                    }
                }
            }
            if (result == null) {
                throw new BeepProtocolException("empty " + what);
            }
            return result;
        } catch (XMLStreamException | RuntimeException e) {
            if (e instanceof BeepProtocolException bpe) {
                throw bpe;
            }
            throw new BeepProtocolException("malformed " + what + ": " + e.getMessage());
        } finally {
            if (r != null) {
                try {
                    r.close();
                } catch (XMLStreamException ignored) {
                    // nothing to release
                }
            }
        }
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
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '\'' -> sb.append("&apos;");
                case '"' -> sb.append("&quot;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /**
     * Makes peer-supplied text safe for one log line: control characters become {@code \xNN} and the result is cut
     * at {@code maxChars} characters.
     */
    public static String forLog(String peerText, int maxChars) {
        if (peerText == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder(Math.min(peerText.length(), maxChars) + 8);
        int i = 0;
        for (; i < peerText.length() && sb.length() < maxChars; i++) {
            char c = peerText.charAt(i);
            if (c < 0x20 || c == 0x7f || c == '\\') {
                sb.append(String.format("\\x%02x", (int) c));
            } else {
                sb.append(c);
            }
        }
        if (i < peerText.length()) {
            sb.append("...");
        }
        return sb.toString();
    }
}
