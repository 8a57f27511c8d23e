package io.beepkit.core.xml;

import java.util.Arrays;

/**
 * The attributes of the start tag {@link XmlReader} is on, kept as offsets into the document: a value becomes a
 * string only when asked for, unless references or white space had to be replaced in it. At most
 * {@value XmlReader#MAX_ATTRIBUTES}, each name once.
 */
final class XmlAttributes {
    private final XmlReader reader;
    private final String doc;
    private final XmlMarkup markup;
    private int count;
    private int[] bounds = new int[4 * 4]; // name start, name end, value start, value end
    private String[] values = new String[4]; // values made so far

    XmlAttributes(XmlReader reader, String doc, XmlMarkup markup) {
        this.reader = reader;
        this.doc = doc;
        this.markup = markup;
    }

    void clear() {
        count = 0;
    }

    int count() {
        return count;
    }

    String name(int i) {
        return XmlNames.name(doc, bounds[4 * i], bounds[4 * i + 1]);
    }

    String value(int i) {
        String v = values[i];
        if (v == null) {
            v = doc.substring(bounds[4 * i + 2], bounds[4 * i + 3]);
            values[i] = v;
        }
        return v;
    }

    /** The value of the attribute named {@code name}, or null. */
    String value(String name) {
        for (int i = 0; i < count; i++) {
            int from = bounds[4 * i];
            if (bounds[4 * i + 1] - from == name.length() && doc.startsWith(name, from)) {
                return value(i);
            }
        }
        return null;
    }

    /** Reads the attribute at {@code pos} ({@code name = 'value'}) and returns the offset after it. */
    int read(int pos, StringBuilder scratch) {
        int from = pos;
        int to = markup.name(pos, "attribute name");
        int p = markup.skipSpace(to);
        if (p == doc.length() || doc.charAt(p) != '=') {
            throw reader.fail("attribute " + reader.escaped(from, to) + " without '='", p);
        }
        p = markup.skipSpace(p + 1);
        char quote = p < doc.length() ? doc.charAt(p) : 0;
        if (quote != '\'' && quote != '"') {
            throw reader.fail("value of attribute " + reader.escaped(from, to) + " not in quotes", p);
        }
        int valueStart = p + 1;
        int valueEnd = doc.indexOf(quote, valueStart);
        if (valueEnd < 0) {
            throw reader.fail("unterminated value of attribute " + reader.escaped(from, to), p);
        }
        boolean plain = true;
        for (int i = valueStart; i < valueEnd; i++) {
            char c = doc.charAt(i);
            if (c == '<') {
                throw reader.fail("'<' in the value of attribute " + reader.escaped(from, to), i);
            }
            plain &= c != '&' && c != '\t' && c != '\n' && c != '\r';
        }
        for (int i = 0; i < count; i++) {
            int other = bounds[4 * i];
            if (bounds[4 * i + 1] - other == to - from && doc.regionMatches(other, doc, from, to - from)) {
                throw reader.fail("attribute " + reader.escaped(from, to) + " repeated", from);
            }
        }
        if (count == XmlReader.MAX_ATTRIBUTES) {
            throw reader.fail("more than " + XmlReader.MAX_ATTRIBUTES + " attributes", from);
        }
        if (4 * count == bounds.length) {
            bounds = Arrays.copyOf(bounds, bounds.length * 2);
            values = Arrays.copyOf(values, values.length * 2);
        }
        int at = 4 * count;
        bounds[at] = from;
        bounds[at + 1] = to;
        bounds[at + 2] = valueStart;
        bounds[at + 3] = valueEnd;
        values[count] = plain ? null : XmlReferences.attributeValue(reader, doc, valueStart, valueEnd, scratch);
        count++;
        return valueEnd + 1;
    }
}
