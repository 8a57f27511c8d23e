package io.beepkit.core.xml;

/**
 * Decodes what {@link XmlReader} finds between markup: the five predefined entities, character references checked
 * against the characters XML may carry, and the line-end and attribute-value normalization of XML 1.0 (§2.11, §3.3.3).
 * Any other entity reference is refused: with no DTD there is nothing it could name, and refusing it is the guard
 * against entity expansion and external entities.
 */
final class XmlReferences {
    /** The longest character reference accepted, {@code &#x10FFFF;} with leading zeros within reason. */
    private static final int MAX_REFERENCE = 16;

    private XmlReferences() {
    }

    /**
     * Appends the character the reference at {@code amp} stands for to {@code out} and returns the offset after its
     * semicolon.
     */
    static int decode(XmlReader r, String doc, int amp, int end, StringBuilder out) {
        int semi = doc.indexOf(';', amp + 1);
        if (semi < 0 || semi >= end || semi - amp > MAX_REFERENCE) {
            throw r.fail("'&' that starts no reference", amp);
        }
        if (doc.charAt(amp + 1) == '#') {
            out.appendCodePoint(characterReference(r, doc, amp, semi));
            return semi + 1;
        }
        char predefined = predefined(doc, amp + 1, semi);
        if (predefined == 0) {
            throw r.fail("entity reference &" + r.escaped(amp + 1, semi) + "; refused (only the five predefined"
                    + " entities are known; no DTD, no entity definitions)", amp);
        }
        out.append(predefined);
        return semi + 1;
    }

    private static char predefined(String doc, int from, int to) {
        int len = to - from;
        if (len == 2 && doc.charAt(from + 1) == 't') {
            return doc.charAt(from) == 'l' ? '<' : doc.charAt(from) == 'g' ? '>' : 0;
        }
        if (len == 3 && doc.startsWith("amp", from)) {
            return '&';
        }
        if (len == 4 && doc.startsWith("apos", from)) {
            return '\'';
        }
        return len == 4 && doc.startsWith("quot", from) ? '"' : 0;
    }

    private static int characterReference(XmlReader r, String doc, int amp, int semi) {
        boolean hex = amp + 2 < semi && doc.charAt(amp + 2) == 'x';
        int from = amp + (hex ? 3 : 2);
        if (from == semi) {
            throw r.fail("empty character reference", amp);
        }
        int cp = 0;
        for (int i = from; i < semi; i++) {
            int digit = Character.digit(doc.charAt(i), hex ? 16 : 10);
            if (digit < 0 || doc.charAt(i) > 'f') {
                throw r.fail("character reference &" + r.escaped(amp + 1, semi) + "; is not a number", amp);
            }
            cp = cp * (hex ? 16 : 10) + digit;
            if (cp > Character.MAX_CODE_POINT) {
                break;
            }
        }
        if (!XmlChars.isXmlChar(cp)) {
            throw r.fail("character reference &" + r.escaped(amp + 1, semi) + "; names a character XML does not"
                    + " allow", amp);
        }
        return cp;
    }

    /**
     * An attribute value between {@code from} and {@code to} with references replaced and each tab, line feed,
     * carriage return or CR LF pair replaced by one space, as a parser without a DTD reports it.
     */
    static String attributeValue(XmlReader r, String doc, int from, int to, StringBuilder out) {
        out.setLength(0);
        for (int i = from; i < to; ) {
            char c = doc.charAt(i);
            if (c == '&') {
                i = decode(r, doc, i, to, out);
                continue;
            }
            if (c == '\r' && i + 1 < to && doc.charAt(i + 1) == '\n') {
                i++;
            }
            out.append(c == '\t' || c == '\n' || c == '\r' ? ' ' : c);
            i++;
        }
        return out.toString();
    }
}
