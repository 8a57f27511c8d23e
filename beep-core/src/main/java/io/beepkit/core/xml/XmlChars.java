package io.beepkit.core.xml;

/**
 * The character classes of XML 1.0 (fifth edition, §2.2 and §2.3) that {@link XmlReader} needs: which characters a
 * document may hold at all, white space, and the characters of names.
 */
final class XmlChars {
    private XmlChars() {
    }

    /** XML white space: space, tab, line feed, carriage return. */
    static boolean isSpace(char c) {
        return c == ' ' || c == '\n' || c == '\t' || c == '\r';
    }

    /** Whether code point {@code cp} is a {@code Char}: what a document or a character reference may carry. */
    static boolean isXmlChar(int cp) {
        return cp >= 0x20 && cp <= 0xD7FF || cp == 0x9 || cp == 0xA || cp == 0xD
                || cp >= 0xE000 && cp <= 0xFFFD || cp >= 0x10000 && cp <= 0x10FFFF;
    }

    /**
     * The offset of the first character of {@code s} that is not a {@code Char} (a control, a lone surrogate,
     * U+FFFE, U+FFFF), or -1 when there is none.
     */
    static int firstIllegal(String s) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0xD800) {
                continue; // the common case, ASCII and most of the BMP, in one comparison
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                    continue;
                }
                return i;
            }
            if (!isXmlChar(c)) {
                return i; // controls, a lone low surrogate, U+FFFE, U+FFFF
            }
        }
        return -1;
    }

    /** Whether {@code c} may start a name; surrogates (of an already checked pair) stand for U+10000 to U+EFFFF. */
    static boolean isNameStart(char c) {
        if (c < 0x80) {
            return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == ':';
        }
        return c >= 0xC0 && c <= 0xD6 || c >= 0xD8 && c <= 0xF6 || c >= 0xF8 && c <= 0x2FF
                || c >= 0x370 && c <= 0x37D || c >= 0x37F && c <= 0x1FFF || c == 0x200C || c == 0x200D
                || c >= 0x2070 && c <= 0x218F || c >= 0x2C00 && c <= 0x2FEF || c >= 0x3001 && c <= 0xD7FF
                || c >= 0xF900 && c <= 0xFDCF || c >= 0xFDF0 && c <= 0xFFFD
                || c >= 0xD800 && c <= 0xDB7F || c >= 0xDC00 && c <= 0xDFFF;
    }

    /** Whether {@code c} may continue a name. */
    static boolean isNameChar(char c) {
        if (c < 0x80) {
            return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.'
                    || c == '_' || c == ':';
        }
        return c == 0xB7 || c >= 0x300 && c <= 0x36F || c == 0x203F || c == 0x2040 || isNameStart(c);
    }
}
