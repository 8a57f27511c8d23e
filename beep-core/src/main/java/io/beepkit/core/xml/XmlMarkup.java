package io.beepkit.core.xml;

/**
 * The markup of a document other than tags, for {@link XmlReader}: the XML declaration, names, white space, and what
 * carries nothing (comments, processing instructions) or only text (CDATA sections). A DOCTYPE, or any other
 * {@code <!} declaration, is refused wherever it appears.
 */
final class XmlMarkup {
    private static final String CDATA = "<![CDATA[";

    private final XmlReader reader;
    private final String doc;
    private final int end;
    private int valueFrom;
    private int valueTo;

    XmlMarkup(XmlReader reader, String doc) {
        this.reader = reader;
        this.doc = doc;
        this.end = doc.length();
    }

    /** The offset after the XML declaration at the very start, or 0 when there is none. */
    int declaration() {
        if (!doc.startsWith("<?xml") || end < 6 || !XmlChars.isSpace(doc.charAt(5))) {
            return 0;
        }
        int p = pseudoAttribute(5, "version");
        if (p < 0 || !valueIs("1.0")) {
            throw reader.fail("the XML declaration must give version 1.0", 0);
        }
        int q = pseudoAttribute(p, "encoding");
        if (q >= 0) {
            if (!isEncodingName()) {
                throw reader.fail("encoding name " + reader.escaped(valueFrom, valueTo) + " is malformed", valueFrom);
            }
            p = q;
        }
        q = pseudoAttribute(p, "standalone");
        if (q >= 0) {
            if (!valueIs("yes") && !valueIs("no")) {
                throw reader.fail("standalone must be yes or no", valueFrom);
            }
            p = q;
        }
        p = skipSpace(p);
        if (!doc.startsWith("?>", p)) {
            throw reader.fail("malformed XML declaration", p);
        }
        return p + 2;
    }

    /** Reads {@code S name Eq quoted-value} at {@code p}; -1 when {@code name} is not there. */
    private int pseudoAttribute(int p, String name) {
        int q = skipSpace(p);
        if (q == p || !doc.startsWith(name, q)) {
            return -1;
        }
        q = skipSpace(q + name.length());
        if (q == end || doc.charAt(q) != '=') {
            throw reader.fail("malformed XML declaration", q);
        }
        q = skipSpace(q + 1);
        char quote = q < end ? doc.charAt(q) : 0;
        int close = quote == '\'' || quote == '"' ? doc.indexOf(quote, q + 1) : -1;
        if (close < 0) {
            throw reader.fail("malformed XML declaration", q);
        }
        valueFrom = q + 1;
        valueTo = close;
        return close + 1;
    }

    private boolean valueIs(String value) {
        return valueTo - valueFrom == value.length() && doc.startsWith(value, valueFrom);
    }

    private boolean isEncodingName() {
        for (int i = valueFrom; i < valueTo; i++) {
            char c = doc.charAt(i);
            boolean letter = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
            if (!letter && (i == valueFrom || !(c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-'))) {
                return false;
            }
        }
        return valueTo > valueFrom;
    }

    /**
     * Skips white space, comments and processing instructions outside the root element and returns the offset of
     * the next tag, or the end of the document; anything else there is refused.
     */
    int skipMisc(int p, boolean afterRoot) {
        while (true) {
            p = skipSpace(p);
            if (p == end) {
                return p;
            }
            if (doc.startsWith("<!--", p)) {
                p = skipComment(p);
            } else if (doc.startsWith("<?", p)) {
                p = skipProcessingInstruction(p);
            } else if (doc.startsWith("<!", p)) {
                throw declaration(p);
            } else if (doc.charAt(p) == '<') {
                return p;
            } else {
                throw reader.fail("text " + (afterRoot ? "after" : "before") + " the root element", p);
            }
        }
    }

    /** Whether the {@code <} at {@code p} inside an element starts a comment, CDATA, a PI or a declaration. */
    boolean isContentMarkup(int p) {
        return p + 1 < end && (doc.charAt(p + 1) == '!' || doc.charAt(p + 1) == '?');
    }

    /**
     * Skips the comment, processing instruction or CDATA section at {@code p}, appending a CDATA section's text (line
     * ends normalized) to {@code text}; returns the offset after it.
     */
    int skipContentMarkup(int p, StringBuilder text) {
        if (doc.startsWith("<!--", p)) {
            return skipComment(p);
        }
        if (doc.charAt(p + 1) == '?') {
            return skipProcessingInstruction(p);
        }
        if (!doc.startsWith(CDATA, p)) {
            throw declaration(p);
        }
        int close = doc.indexOf("]]>", p + CDATA.length());
        if (close < 0) {
            throw reader.fail("unterminated CDATA section", p);
        }
        for (int i = p + CDATA.length(); i < close; i++) {
            char c = doc.charAt(i);
            if (c == '\r') {
                c = '\n';
                if (i + 1 < close && doc.charAt(i + 1) == '\n') {
                    i++;
                }
            }
            text.append(c);
        }
        return close + 3;
    }

    private RuntimeException declaration(int p) {
        if (doc.startsWith("<!DOCTYPE", p)) {
            return reader.fail("a DOCTYPE is refused (no DTD, no entity definitions)", p);
        }
        return reader.fail("'<!' that starts neither a comment nor a CDATA section (declarations are refused)", p);
    }

    private int skipComment(int p) {
        int dashes = doc.indexOf("--", p + 4);
        if (dashes < 0) {
            throw reader.fail("unterminated comment", p);
        }
        if (dashes + 2 == end || doc.charAt(dashes + 2) != '>') {
            throw reader.fail("'--' inside a comment", dashes);
        }
        return dashes + 3;
    }

    private int skipProcessingInstruction(int p) {
        int targetEnd = name(p + 2, "processing instruction target");
        if (targetEnd - p - 2 == 3 && doc.regionMatches(true, p + 2, "xml", 0, 3)) {
            throw reader.fail("an XML declaration must come first, and PI targets named xml are reserved", p);
        }
        if (!doc.startsWith("?>", targetEnd) && (targetEnd == end || !XmlChars.isSpace(doc.charAt(targetEnd)))) {
            throw reader.fail("malformed processing instruction", targetEnd);
        }
        int close = doc.indexOf("?>", targetEnd);
        if (close < 0) {
            throw reader.fail("unterminated processing instruction", p);
        }
        return close + 2;
    }

    /** The offset after the name at {@code p}; refused when no name starts there. */
    int name(int p, String kind) {
        if (p >= end || !XmlChars.isNameStart(doc.charAt(p))) {
            throw reader.fail("expected " + kind, p);
        }
        p++;
        while (p < end && XmlChars.isNameChar(doc.charAt(p))) {
            p++;
        }
        return p;
    }

    /** The offset of the first character at or after {@code p} that is not white space. */
    int skipSpace(int p) {
        while (p < end && XmlChars.isSpace(doc.charAt(p))) {
            p++;
        }
        return p;
    }
}
