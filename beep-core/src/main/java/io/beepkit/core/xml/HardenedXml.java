package io.beepkit.core.xml;

import io.beepkit.api.BeepProtocolException;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.StringReader;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one hardened reading of peer XML that channel 0, TLS and SASL share: a StAX parser with DTDs and external
 * entities off (an XXE and entity-expansion guard), a document of exactly one root element, any DOCTYPE or entity
 * reference refused, no text outside the root. Every refusal is a {@link BeepProtocolException} naming the document;
 * parser errors are wrapped, never printed.
 */
public final class HardenedXml {
    /**
     * Factories not in use. A factory's {@code createXMLStreamReader} is not thread-safe, and one factory shared
     * behind a lock made every event loop wait while another built its reader: in an attack run with thousands of
     * channel starts, event loops waited up to a second for that lock, and a fresh session's echo with them. Each
     * parse borrows a factory of its own instead and gives it back; at most {@link #IDLE_MAX} are kept.
     */
    private static final ConcurrentLinkedQueue<XMLInputFactory> IDLE = new ConcurrentLinkedQueue<>();
    private static final AtomicInteger IDLE_COUNT = new AtomicInteger();
    static final int IDLE_MAX = 16;

    private HardenedXml() {
    }

    /** Reads the root element with the reader positioned on its START_ELEMENT, and returns what it makes of it. */
    @FunctionalInterface
    public interface RootReader<T> {
        /** Reads the element (and its content, up to its END_ELEMENT) at the reader's position. */
        T read(XMLStreamReader r) throws XMLStreamException;
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
     * Parses {@code text}, which must hold exactly one root element, handing that element to {@code root}.
     *
     * @param what names the document in exception messages, for example "channel-0 XML"
     * @throws BeepProtocolException if the document is malformed, empty, has a DOCTYPE or entity references, more
     *                               than one root element or text outside it, or if {@code root} refuses it
     */
    public static <T> T parse(String text, String what, RootReader<T> root) {
        XMLStreamReader r = null;
        XMLInputFactory factory = borrow();
        try {
            r = factory.createXMLStreamReader(new StringReader(text));
            T result = null;
            while (r.hasNext()) {
                switch (r.next()) {
                    case XMLStreamConstants.DTD, XMLStreamConstants.ENTITY_DECLARATION,
                            XMLStreamConstants.ENTITY_REFERENCE ->
                            throw new BeepProtocolException(what + " must not contain a DOCTYPE or entity definitions");
                    case XMLStreamConstants.START_ELEMENT -> {
                        if (result != null) {
                            throw new BeepProtocolException("more than one root element in " + what);
                        }
                        result = root.read(r);
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
            giveBack(factory);
        }
    }

    private static XMLInputFactory borrow() {
        XMLInputFactory f = IDLE.poll();
        if (f == null) {
            return newFactory();
        }
        IDLE_COUNT.decrementAndGet();
        return f;
    }

    private static void giveBack(XMLInputFactory f) {
        if (IDLE_COUNT.incrementAndGet() <= IDLE_MAX) {
            IDLE.offer(f);
        } else {
            IDLE_COUNT.decrementAndGet(); // enough kept: this one is left to the collector
        }
    }

    /** Factories kept for the next parses (for tests). */
    static int idleFactories() {
        return IDLE_COUNT.get();
    }

    /** Escapes the five XML specials with the predefined entities only; returns {@code s} itself when none occur. */
    public static String escape(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String rep = switch (c) {
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '&' -> "&amp;";
                case '\'' -> "&apos;";
                case '"' -> "&quot;";
                default -> null;
            };
            if (rep != null) {
                if (sb == null) {
                    sb = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                sb.append(rep);
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? s : sb.toString();
    }
}
