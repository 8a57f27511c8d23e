package io.beepkit.core.sasl;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** SASLprep: the examples of RFC 4013 section 3, and one test per step of the profile. */
class SaslPrepTest {

    @Test
    void rfc4013_section3_examples() {
        assertEquals("IX", SaslPrep.prepare("I\u00ADX"), "SOFT HYPHEN mapped to nothing");
        assertEquals("user", SaslPrep.prepare("user"), "no transformation");
        assertEquals("USER", SaslPrep.prepare("USER"), "case preserved");
        assertEquals("a", SaslPrep.prepare("\u00AA"), "output is NFKC");
        assertEquals("IX", SaslPrep.prepare("\u2168"), "output is NFKC");
        assertThrows(IllegalArgumentException.class, () -> SaslPrep.prepare("\u0007"), "prohibited character");
        assertThrows(IllegalArgumentException.class, () -> SaslPrep.prepare("\u0627\u0031"), "bidi check");
    }

    @Test
    void rfc4013_section2_1_nonAsciiSpaceBecomesSpace() {
        assertEquals("a b", SaslPrep.prepare("a\u00A0b"));
        assertEquals("a b", SaslPrep.prepare("a\u3000b"));
    }

    @Test
    void rfc4013_section2_3_prohibitedOutputIsRefused() {
        for (String s : new String[]{"a\u0000", "a\u007F", "a\u0085", "a\uE000", "a\uFFFE", "a\u200E", "a\u2FF0",
                "a\uD800", "a\uDB40\uDC01"}) {
            assertThrows(IllegalArgumentException.class, () -> SaslPrep.prepare(s), s);
        }
    }

    @Test
    void rfc4013_section2_4_rightToLeftTextMustStartAndEndRightToLeft() {
        assertEquals("\u0627\u0628", SaslPrep.prepare("\u0627\u0628"));
        assertThrows(IllegalArgumentException.class, () -> SaslPrep.prepare("\u0627a\u0628"));
    }

    @Test
    void emptyAfterPreparationIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> SaslPrep.prepare("\u00AD"));
    }

    @Test
    void theErrorNeverQuotesTheText() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SaslPrep.prepare("secret\u0007"));
        assertEquals(-1, e.getMessage().indexOf("secret"));
    }
}
