package io.beepkit.core.sasl;

import java.text.Normalizer;

/**
 * SASLprep (RFC 4013), the stringprep profile SCRAM applies to passwords (RFC 5802 §2.2) and user names (§5.1).
 * Mapping (B.1 to nothing, C.1.2 non-ASCII spaces to SPACE), then NFKC with {@link Normalizer} (the JDK's Unicode
 * tables, not the Unicode 3.2 ones RFC 3454 froze: the two differ only for characters assigned after 3.2), then the
 * prohibited-output tables C.1.2 to C.9, unassigned code points (as for stored strings: refused), and the bidi rule
 * (RFC 3454 §6). Written out here rather than taken from a library: the tables are short.
 */
public final class SaslPrep {
    private SaslPrep() {
    }

    /**
     * {@code input} prepared.
     *
     * @throws IllegalArgumentException naming the rule (never the text) when the input has a prohibited character,
     *                                  breaks the bidi rule, or prepares to the empty string
     */
    public static char[] prepare(char[] input) {
        StringBuilder mapped = new StringBuilder(input.length);
        for (int i = 0; i < input.length; ) {
            int cp = Character.codePointAt(input, i);
            i += Character.charCount(cp);
            if (mappedToNothing(cp)) {
                continue;
            }
            mapped.appendCodePoint(nonAsciiSpace(cp) ? ' ' : cp);
        }
        String normalized = Normalizer.normalize(mapped, Normalizer.Form.NFKC);
        clear(mapped);
        if (normalized.isEmpty()) {
            throw new IllegalArgumentException("SASLprep: the string is empty after preparation");
        }
        check(normalized);
        return normalized.toCharArray();
    }

    /** {@code input} prepared, as a string (user names). */
    public static String prepare(String input) {
        return new String(prepare(input.toCharArray()));
    }

    private static void check(String s) {
        boolean randAl = false;
        boolean l = false;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (prohibited(cp)) {
                throw new IllegalArgumentException("SASLprep: prohibited character U+"
                        + Integer.toHexString(cp).toUpperCase(java.util.Locale.ROOT) + " (RFC 4013 section 2.3)");
            }
            if (Character.getType(cp) == Character.UNASSIGNED) {
                throw new IllegalArgumentException("SASLprep: unassigned code point (RFC 4013 section 2.5)");
            }
            byte d = Character.getDirectionality(cp);
            randAl |= d == Character.DIRECTIONALITY_RIGHT_TO_LEFT || d == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC;
            l |= d == Character.DIRECTIONALITY_LEFT_TO_RIGHT;
        }
        if (randAl && (l || !isRandAl(s.codePointAt(0)) || !isRandAl(s.codePointBefore(s.length())))) {
            throw new IllegalArgumentException(
                    "SASLprep: right-to-left text breaks the bidi rule (RFC 3454 section 6)");
        }
    }

    private static boolean isRandAl(int cp) {
        byte d = Character.getDirectionality(cp);
        return d == Character.DIRECTIONALITY_RIGHT_TO_LEFT || d == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC;
    }

    /** RFC 3454 table B.1. */
    static boolean mappedToNothing(int cp) {
        return cp == 0x00AD || cp == 0x034F || cp == 0x1806 || (cp >= 0x180B && cp <= 0x180D)
                || (cp >= 0x200B && cp <= 0x200D) || cp == 0x2060 || (cp >= 0xFE00 && cp <= 0xFE0F) || cp == 0xFEFF;
    }

    /** RFC 3454 table C.1.2. */
    static boolean nonAsciiSpace(int cp) {
        return cp == 0x00A0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200B) || cp == 0x202F || cp == 0x205F
                || cp == 0x3000;
    }

    /** RFC 4013 section 2.3: tables C.1.2, C.2.1, C.2.2, C.3, C.4, C.5, C.6, C.7, C.8, C.9. */
    static boolean prohibited(int cp) {
        return nonAsciiSpace(cp)
                || cp <= 0x1F || cp == 0x7F // C.2.1
                || (cp >= 0x80 && cp <= 0x9F) || cp == 0x06DD || cp == 0x070F || cp == 0x180E // C.2.2
                || cp == 0x200C || cp == 0x200D || cp == 0x2028 || cp == 0x2029 || (cp >= 0x2060 && cp <= 0x2063)
                || cp == 0xFEFF || (cp >= 0x1D173 && cp <= 0x1D17A)
                || (cp >= 0xE000 && cp <= 0xF8FF) || cp >= 0xF0000 && cp <= 0xFFFFD // C.3
                || cp >= 0x100000 && cp <= 0x10FFFD
                || (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE // C.4
                || (cp >= 0xD800 && cp <= 0xDFFF) // C.5
                || (cp >= 0xFFF9 && cp <= 0xFFFD) // C.6
                || (cp >= 0x2FF0 && cp <= 0x2FFB) // C.7
                || cp == 0x0340 || cp == 0x0341 || cp == 0x200E || cp == 0x200F // C.8
                || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x206A && cp <= 0x206F)
                || cp == 0xE0001 || (cp >= 0xE0020 && cp <= 0xE007F); // C.9
    }

    private static void clear(StringBuilder sb) {
        for (int i = 0; i < sb.length(); i++) {
            sb.setCharAt(i, '\0');
        }
    }
}
