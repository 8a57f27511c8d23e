package io.beepkit.syslog.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads the common form of a COOKED {@code <entry>} without an XML parser: {@code <entry} with known attributes in
 * single or double quotes, text, {@code </entry>}, surrounded by nothing but whitespace, with the five predefined
 * entities and no character an XML parser would change or refuse (line breaks in attributes, CR in text, controls,
 * surrogates, {@code ]]>}). Anything else, including every form that is an error, is left to {@link CookedXml}'s
 * hardened parser, so the result never differs from it. Creating a StAX reader per MSG was the largest single cost
 * of a collector reading COOKED.
 */
final class CookedEntryReader {
    private CookedEntryReader() {
    }

    /**
     * The entry's attributes (raw, to be validated as the parser's are) and its text, or null when {@code xml} is not
     * in the simple form.
     */
    static Read read(String xml, Set<String> allowed) {
        int n = xml.length();
        int i = skipSpace(xml, 0);
        if (!xml.startsWith("<entry", i)) {
            return null;
        }
        i += 6;
        Map<String, String> attributes = new LinkedHashMap<>(8);
        while (true) {
            int start = i;
            i = skipSpace(xml, i);
            if (i >= n) {
                return null;
            }
            if (xml.charAt(i) == '>') {
                i++;
                break;
            }
            if (i == start) {
                return null; // attributes must be separated by whitespace
            }
            int eq = xml.indexOf('=', i);
            if (eq < 0) {
                return null;
            }
            String name = xml.substring(i, eq);
            if (!allowed.contains(name) || attributes.containsKey(name) || eq + 1 >= n) {
                return null;
            }
            char quote = xml.charAt(eq + 1);
            if (quote != '\'' && quote != '"') {
                return null;
            }
            int end = xml.indexOf(quote, eq + 2);
            if (end < 0) {
                return null;
            }
            String value = decode(xml, eq + 2, end, true);
            if (value == null) {
                return null;
            }
            attributes.put(name, value);
            i = end + 1;
        }
        int close = xml.indexOf("</entry>", i);
        if (close < 0 || skipSpace(xml, close + 8) != n) {
            return null;
        }
        String text = decode(xml, i, close, false);
        return text == null ? null : new Read(attributes, text);
    }

    /** An entry's attributes and text, as the XML parser would report them. */
    record Read(Map<String, String> attributes, String text) {
    }

    /** The characters between {@code from} and {@code to} with entities replaced; null for anything unusual. */
    private static String decode(String xml, int from, int to, boolean attribute) {
        StringBuilder out = null;
        int copied = from;
        for (int i = from; i < to; i++) {
            char c = xml.charAt(i);
            if (c == '<' || c >= 0xD800 || (c < 0x20 && (attribute || c != '\t' && c != '\n'))) {
                return null; // an error, or a character the parser would normalize
            }
            if (c == '>' && !attribute && i >= from + 2 && xml.charAt(i - 1) == ']' && xml.charAt(i - 2) == ']') {
                return null; // ]]> may not appear in text
            }
            if (c == '&') {
                int semi = xml.indexOf(';', i);
                if (semi < 0 || semi >= to) {
                    return null;
                }
                char decoded = switch (xml.substring(i + 1, semi)) {
                    case "amp" -> '&';
                    case "lt" -> '<';
                    case "gt" -> '>';
                    case "quot" -> '"';
                    case "apos" -> '\'';
                    default -> 0;
                };
                if (decoded == 0) {
                    return null;
                }
                if (out == null) {
                    out = new StringBuilder(to - from);
                }
                out.append(xml, copied, i).append(decoded);
                i = semi;
                copied = semi + 1;
            }
        }
        return out == null ? xml.substring(from, to) : out.append(xml, copied, to).toString();
    }

    private static int skipSpace(String s, int i) {
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t' || s.charAt(i) == '\r'
                || s.charAt(i) == '\n')) {
            i++;
        }
        return i;
    }
}
