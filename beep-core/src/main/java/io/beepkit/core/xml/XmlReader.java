package io.beepkit.core.xml;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.LogText;

import java.util.Arrays;
import java.util.Locale;

/**
 * A strict pull reader of the small XML documents BEEP peers exchange (channel 0, TLS and SASL messages, COOKED
 * syslog): elements, attributes in either quote, character data with the five predefined entities and character
 * references, CDATA sections, an XML declaration; comments and processing instructions are skipped. It refuses,
 * with a {@link BeepProtocolException} naming the document and the offset, anything that is not well-formed XML 1.0
 * and anything a DTD would be needed for: a DOCTYPE, any other entity reference, a character XML does not allow, text
 * or a second element outside the root, unbalanced tags, a repeated attribute, nesting deeper than
 * {@value #MAX_DEPTH} or more than {@value #MAX_ATTRIBUTES} attributes on one element.
 * <p>It works on the document's string in place: names of the BEEP and COOKED vocabularies are returned as
 * constants, attribute values and text as substrings made only when asked for, so a channel-0 message costs a few
 * small objects instead of a general parser's buffers. Made by {@link HardenedXml#parse}; one per document, one thread.
 */
public final class XmlReader {
    /** {@link #next()}: the reader is on a start tag; {@link #name()} and the attributes describe it. */
    public static final int START_ELEMENT = 1;
    /** {@link #next()}: the reader is on an end tag (or the end of an empty-element tag). */
    public static final int END_ELEMENT = 2;
    /** {@link #next()}: character data, references and CDATA sections up to the next tag, as one piece. */
    public static final int TEXT = 3;
    /** {@link #next()}: the document ended after its root element. */
    public static final int END_DOCUMENT = 4;
    /** The deepest nesting of elements accepted. */
    public static final int MAX_DEPTH = 32;
    /** The most attributes one element may carry. */
    public static final int MAX_ATTRIBUTES = 64;

    private final String doc;
    private final String what;
    private final int end;
    private final XmlMarkup markup;
    private final StringBuilder scratch = new StringBuilder(0);
    private int pos;
    private int depth;
    private int[] open = new int[8]; // name start and end of each open element, grown up to MAX_DEPTH
    private boolean rootSeen;
    private boolean emptyElementPending;
    private int nameStart;
    private int nameEnd;
    private String name;
    private final XmlAttributes attributes;
    private int textStart;
    private int textEnd;
    private String text; // the decoded text when it differs from the document's characters
    private boolean whiteSpace;

    XmlReader(String doc, String what) {
        this.doc = doc;
        this.what = what;
        this.end = doc.length();
        this.markup = new XmlMarkup(this, doc);
        this.attributes = new XmlAttributes(this, doc, markup);
        int illegal = XmlChars.firstIllegal(doc);
        if (illegal >= 0) {
            throw fail("character U+" + Integer.toHexString(doc.charAt(illegal)).toUpperCase(Locale.ROOT)
                    + " is not allowed in XML", illegal);
        }
        pos = markup.declaration();
    }

    /**
     * Moves to the next event and returns it: {@link #START_ELEMENT}, {@link #END_ELEMENT}, {@link #TEXT} (never
     * empty) or, after the root element and whatever may follow it, {@link #END_DOCUMENT}.
     */
    public int next() {
        if (emptyElementPending) {
            emptyElementPending = false;
            depth--;
            return END_ELEMENT;
        }
        if (depth == 0) {
            pos = markup.skipMisc(pos, rootSeen);
            if (pos == end) {
                if (!rootSeen) {
                    throw fail("no root element", pos);
                }
                return END_DOCUMENT;
            }
            if (rootSeen) {
                throw fail("more than one root element", pos);
            }
            rootSeen = true;
            return startTag();
        }
        if (readText()) {
            return TEXT;
        }
        if (pos == end) {
            throw fail("the document ends inside <" + escaped(open[2 * depth - 2], open[2 * depth - 1]) + ">", pos);
        }
        return doc.startsWith("</", pos) ? endTag() : startTag();
    }

    /** The name of the element the reader is on, start or end. */
    public String name() {
        if (name == null) {
            name = XmlNames.name(doc, nameStart, nameEnd);
        }
        return name;
    }

    /** The number of attributes of the element the reader is on (a start tag). */
    public int attributeCount() {
        return attributes.count();
    }

    /** The name of attribute {@code i}, in document order. */
    public String attributeName(int i) {
        return attributes.name(i);
    }

    /** The value of attribute {@code i}, references replaced and white space normalized. */
    public String attributeValue(int i) {
        return attributes.value(i);
    }

    /** The value of the attribute named {@code attribute}, or null when the element has none of that name. */
    public String attribute(String attribute) {
        return attributes.value(attribute);
    }

    /** The text of the {@link #TEXT} event the reader is on. */
    public String text() {
        if (text == null) {
            text = doc.substring(textStart, textEnd);
        }
        return text;
    }

    /** Whether the {@link #TEXT} event the reader is on is white space only. */
    public boolean isWhiteSpace() {
        return whiteSpace;
    }

    /**
     * From a start tag, reads the element's text up to its end tag and returns it, the reader then on that end tag;
     * returns null, the reader on the child's start tag, if a child element comes first.
     */
    public String elementText() {
        String first = null;
        StringBuilder more = null;
        while (true) {
            int event = next();
            if (event == END_ELEMENT) {
                return more != null ? more.toString() : first != null ? first : "";
            }
            if (event == START_ELEMENT) {
                return null;
            }
            if (first == null) {
                first = text();
            } else {
                more = (more == null ? new StringBuilder(first) : more).append(text());
            }
        }
    }

    /** Reads the rest of the document, which must close the root element and hold nothing but misc after it. */
    void finish() {
        while (depth > 0 || emptyElementPending) {
            next();
        }
        next(); // END_DOCUMENT, or a refusal of what follows the root
    }

    private int startTag() {
        pos++;
        nameStart = pos;
        nameEnd = pos = markup.name(pos, "element name");
        name = null;
        attributes.clear();
        while (true) {
            int before = pos;
            pos = markup.skipSpace(pos);
            if (pos == end) {
                throw fail("unterminated start tag <" + escaped(nameStart, nameEnd) + ">", nameStart - 1);
            }
            char c = doc.charAt(pos);
            if (c == '>' || c == '/' && doc.startsWith("/>", pos)) {
                emptyElementPending = c == '/';
                pos += emptyElementPending ? 2 : 1;
                break;
            }
            if (pos == before) {
                throw fail("attributes must be separated by white space", pos);
            }
            pos = attributes.read(pos, scratch);
        }
        if (depth == MAX_DEPTH) {
            throw fail("elements nested deeper than " + MAX_DEPTH, nameStart - 1);
        }
        if (2 * depth == open.length) {
            open = Arrays.copyOf(open, open.length * 2);
        }
        open[2 * depth] = nameStart;
        open[2 * depth + 1] = nameEnd;
        depth++;
        return START_ELEMENT;
    }

    private int endTag() {
        int from = pos + 2;
        int to = markup.name(from, "element name");
        pos = markup.skipSpace(to);
        if (pos == end || doc.charAt(pos) != '>') {
            throw fail("unterminated end tag </" + escaped(from, to) + ">", from - 2);
        }
        int openStart = open[2 * depth - 2];
        int openEnd = open[2 * depth - 1];
        if (to - from != openEnd - openStart || !doc.regionMatches(from, doc, openStart, openEnd - openStart)) {
            throw fail("</" + escaped(from, to) + "> does not close <" + escaped(openStart, openEnd) + ">", from - 2);
        }
        pos++;
        depth--;
        nameStart = from;
        nameEnd = to;
        name = null;
        attributes.clear();
        return END_ELEMENT;
    }

    /** Reads character data, references and CDATA up to the next tag; false when there is none. */
    private boolean readText() {
        int start = pos;
        int plainFrom = pos;
        boolean decoded = false;
        boolean space = true;
        scratch.setLength(0);
        while (pos < end) {
            char c = doc.charAt(pos);
            if (c == '<') {
                if (!markup.isContentMarkup(pos)) {
                    break; // a tag
                }
                scratch.append(doc, plainFrom, pos);
                int before = scratch.length();
                pos = plainFrom = markup.skipContentMarkup(pos, scratch);
                space &= allSpace(before);
                decoded = true;
            } else if (c == '&' || c == '\r') {
                scratch.append(doc, plainFrom, pos);
                int before = scratch.length();
                if (c == '&') {
                    pos = XmlReferences.decode(this, doc, pos, end, scratch);
                } else {
                    scratch.append('\n');
                    pos += pos + 1 < end && doc.charAt(pos + 1) == '\n' ? 2 : 1;
                }
                space &= allSpace(before);
                decoded = true;
                plainFrom = pos;
            } else {
                if (c == '>' && pos >= start + 2 && doc.startsWith("]]>", pos - 2)) {
                    throw fail("']]>' in text", pos - 2);
                }
                space &= XmlChars.isSpace(c);
                pos++;
            }
        }
        if (decoded) {
            scratch.append(doc, plainFrom, pos);
            text = scratch.toString();
            whiteSpace = space;
            return !text.isEmpty();
        }
        textStart = start;
        textEnd = pos;
        text = null;
        whiteSpace = space;
        return pos > start;
    }

    private boolean allSpace(int from) {
        for (int i = from; i < scratch.length(); i++) {
            if (!XmlChars.isSpace(scratch.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** A refusal of this document: what was wrong and where. */
    BeepProtocolException fail(String problem, int offset) {
        return new BeepProtocolException("malformed " + what + ": " + problem + " at offset " + offset);
    }

    /** The document's characters between two offsets, safe to put in a message. */
    String escaped(int from, int to) {
        return LogText.escape(doc.substring(from, Math.min(to, end)), 40);
    }
}
