package io.beepkit.core.xml;

import io.beepkit.api.BeepProtocolException;

/**
 * The one hardened reading of peer XML that channel 0, TLS, SASL and COOKED share: {@link XmlReader}, beepkit's own
 * strict reader of small documents, which knows no DTD and so can neither fetch nor expand an entity. A document is
 * exactly one root element; any DOCTYPE, entity reference other than the five predefined ones, text outside the root,
 * or malformation is refused. Every refusal is a {@link BeepProtocolException} naming the document.
 * <p>It replaced the JDK's StAX parser, whose reader, built for every document with buffers sized for large ones,
 * was most of what a listener allocated while peers flooded it with channel starts.
 */
public final class HardenedXml {
    private HardenedXml() {
    }

    /** Reads the root element with the reader positioned on its START_ELEMENT, and returns what it makes of it. */
    @FunctionalInterface
    public interface RootReader<T> {
        /**
         * Reads the element at the reader's position, usually up to its END_ELEMENT; whatever of it is left unread
         * is still checked for well-formedness.
         */
        T read(XmlReader r);
    }

    /**
     * Parses {@code text}, which must hold exactly one root element, handing that element to {@code root}.
     *
     * @param what names the document in exception messages, for example "channel-0 XML"
     * @throws BeepProtocolException if the document is malformed, empty, has a DOCTYPE or entity references, more
     *                               than one root element or text outside it, or if {@code root} refuses it
     */
    public static <T> T parse(String text, String what, RootReader<T> root) {
        return parse(text, Integer.MAX_VALUE, what, root);
    }

    /**
     * {@link #parse(String, String, RootReader)} of a document of at most {@code maxChars} characters, a bound
     * checked before anything is read.
     *
     * @throws BeepProtocolException also if {@code text} is longer than {@code maxChars}
     */
    public static <T> T parse(String text, int maxChars, String what, RootReader<T> root) {
        if (text.length() > maxChars) {
            throw new BeepProtocolException(what + " of " + text.length() + " characters exceeds the limit of "
                    + maxChars);
        }
        try {
            XmlReader r = new XmlReader(text, what);
            if (r.next() != XmlReader.START_ELEMENT) {
                throw new BeepProtocolException("empty " + what);
            }
            T result = root.read(r);
            if (result == null) {
                throw new BeepProtocolException("empty " + what);
            }
            r.finish();
            return result;
        } catch (BeepProtocolException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new BeepProtocolException("malformed " + what + ": " + e.getMessage());
        }
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
