package io.beepkit.core.frame;

import io.beepkit.api.BeepProtocolException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The header grammar of RFC 3080 §2.2.1 / §2.2.1.1 and the SEQ header of RFC 3081 §3.1.3 (CONFORMANCE items 1, 2,
 * 29): every malformed form is a {@link BeepProtocolException} whose message quotes the offending header. The input
 * is the header line without its CRLF; CRLF and bare LF handling belong to the frame decoder.
 */
class FrameHeaderParserTest {

    private static FrameHeader parse(String line) {
        byte[] b = line.getBytes(StandardCharsets.ISO_8859_1);
        return FrameHeaderParser.parse(b, b.length);
    }

    /** Asserts that {@code line} is refused with a message that quotes it and mentions {@code why}. */
    private static void assertRejected(String line, String why) {
        BeepProtocolException e = assertThrows(BeepProtocolException.class, () -> parse(line), line);
        byte[] b = line.getBytes(StandardCharsets.ISO_8859_1);
        String quoted = FrameHeaderParser.printable(b, b.length);
        assertTrue(e.getMessage().contains('"' + quoted + '"'), "message should quote the header: " + e.getMessage());
        assertTrue(e.getMessage().contains(why), "message should mention '" + why + "': " + e.getMessage());
    }

    // ------------------------------------------------------------------ legal headers

    @Test
    @DisplayName("#1 the five data keywords parse with every field")
    void dataHeadersParse() {
        assertEquals(FrameHeader.data(FrameType.MSG, 0, 1, false, 52, 120), parse("MSG 0 1 . 52 120"));
        assertEquals(FrameHeader.data(FrameType.RPY, 0, 1, true, 287, 20), parse("RPY 0 1 * 287 20"));
        assertEquals(FrameHeader.data(FrameType.ERR, 3, 7, false, 0, 0), parse("ERR 3 7 . 0 0"));
        assertEquals(FrameHeader.ans(1, 0, true, 20, 20, 1), parse("ANS 1 0 * 20 20 1"));
        assertEquals(FrameHeader.data(FrameType.NUL, 1, 0, false, 40, 0), parse("NUL 1 0 . 40 0"));
    }

    @Test
    @DisplayName("#2 the longest legal header (62 octets with CRLF) parses with every field at its maximum")
    void longestLegalHeaderParses() {
        String line = "ANS 2147483647 2147483647 . 4294967295 2147483647 4294967295";
        assertEquals(FrameHeader.MAX_HEADER_LENGTH, line.length() + 2);
        FrameHeader h = parse(line);
        assertEquals(FrameHeader.ans(Integer.MAX_VALUE, Integer.MAX_VALUE, false, Seq.MAX, Integer.MAX_VALUE, Seq.MAX), h);
    }

    @Test
    @DisplayName("#29 SEQ channel ackno window parses, also at the maximum values")
    void seqHeadersParse() {
        FrameHeader h = parse("SEQ 0 0 4096");
        assertEquals(FrameType.SEQ, h.type());
        assertEquals(0, h.channel());
        assertEquals(0, h.ackno());
        assertEquals(4096, h.window());
        assertEquals(FrameHeader.seq(Integer.MAX_VALUE, Seq.MAX, Integer.MAX_VALUE),
                parse("SEQ 2147483647 4294967295 2147483647"));
        assertEquals(FrameHeader.seq(5, 0, 0), parse("SEQ 5 0 0"), "a zero window is legal");
    }

    // ------------------------------------------------------------------ item 1: shape of the line

    @Test
    @DisplayName("#1 a NUL octet anywhere in the header terminates")
    void nulOctetTerminates() {
        assertRejected("MSG 0 1 . 0\u00000", "seqno is not a decimal number");
        assertRejected("MSG 0 1 . 0 0\u0000", "size is not a decimal number");
        assertRejected("MSG\u00000 1 . 0 0", "expected one SP before channel");
        assertRejected("MS\u0000 0 1 . 0 0", "unknown keyword");
        assertRejected("MSG 0 1 \u0000 0 0", "continuation indicator");
    }

    @Test
    @DisplayName("#1 a double space terminates")
    void doubleSpaceTerminates() {
        assertRejected("MSG  0 1 . 0 0", "channel is empty");
        assertRejected("MSG 0  1 . 0 0", "msgno is empty");
        assertRejected("MSG 0 1  . 0 0", "continuation indicator");
        assertRejected("MSG 0 1 .  0 0", "seqno is empty");
        assertRejected("MSG 0 1 . 0  0", "size is empty");
        assertRejected("ANS 0 1 . 0 0  0", "ansno is empty");
        assertRejected("SEQ 0  0 4096", "ackno is empty");
    }

    @Test
    @DisplayName("#1 leading or trailing space terminates")
    void leadingOrTrailingSpaceTerminates() {
        assertRejected(" MSG 0 1 . 0 0", "unknown keyword");
        assertRejected("MSG 0 1 . 0 0 ", "trailing octets");
        assertRejected("ANS 0 1 . 0 0 0 ", "trailing octets");
        assertRejected("SEQ 0 0 4096 ", "trailing octets");
    }

    @ParameterizedTest
    @ValueSource(strings = {"msg 0 1 . 0 0", "Msg 0 1 . 0 0", "rpY 0 1 . 0 0", "seq 0 0 4096"})
    @DisplayName("#1 a keyword not in upper case terminates")
    void lowerCaseKeywordTerminates(String line) {
        assertRejected(line, "unknown keyword");
    }

    @ParameterizedTest
    @ValueSource(strings = {"FOO 0 1 . 0 0", "END 0 1 . 0 0", "MSX 0 1 . 0 0", "ACK 0 0 4096"})
    @DisplayName("#1 an unknown keyword terminates")
    void unknownKeywordTerminates(String line) {
        assertRejected(line, "unknown keyword");
    }

    @Test
    @DisplayName("#1 a keyword glued to more letters or digits terminates")
    void keywordMustBeFollowedBySpace() {
        assertRejected("MSGS 0 1 . 0 0", "expected one SP before channel");
        assertRejected("MSG0 1 . 0 0", "expected one SP before channel");
    }

    @Test
    @DisplayName("#1 a tab, an LF or an octet above 0x7F in place of a field terminates")
    void otherOctetsTerminate() {
        assertRejected("MSG\t0 1 . 0 0", "expected one SP before channel");
        assertRejected("MSG 0 1 . 0 0\n", "size is not a decimal number");
        assertRejected("MSG 0 1 . 0 \u00E9", "size is not a decimal number");
    }

    @Test
    @DisplayName("#1 a missing or an extra field terminates")
    void wrongFieldCountTerminates() {
        assertRejected("MSG", "too short");
        assertRejected("MSG 0 1 . 0", "expected one SP before size");
        assertRejected("MSG 0 1 .", "expected one SP before seqno");
        assertRejected("MSG 0 1", "expected SP and '.' or '*'");
        assertRejected("MSG 0 1 . 0 0 0", "trailing octets");
        assertRejected("ANS 0 1 . 0 0", "expected one SP before ansno");
        assertRejected("RPY 0 1 . 0 0 0", "trailing octets");
    }

    @Test
    @DisplayName("#1 the continuation indicator is exactly one '.' or '*'")
    void continuationIndicatorIsOneDotOrStar() {
        assertRejected("MSG 0 1 , 0 0", "must be '.' or '*'");
        assertRejected("MSG 0 1 + 0 0", "must be '.' or '*'");
        assertRejected("MSG 0 1 .. 0 0", "must be one octet");
        assertRejected("MSG 0 1 *. 0 0", "must be one octet");
        assertRejected("MSG 0 1 0 0 0", "must be '.' or '*'");
    }

    // ------------------------------------------------------------------ item 2: numbers

    @Test
    @DisplayName("#2 a leading '+' or '-' terminates")
    void signedNumbersTerminate() {
        assertRejected("MSG +1 1 . 0 0", "channel is not a decimal number");
        assertRejected("MSG 0 -1 . 0 0", "msgno is not a decimal number");
        assertRejected("MSG 0 1 . +0 0", "seqno is not a decimal number");
        assertRejected("MSG 0 1 . 0 -0", "size is not a decimal number");
        assertRejected("ANS 0 1 . 0 0 -1", "ansno is not a decimal number");
        assertRejected("SEQ 0 -1 4096", "ackno is not a decimal number");
    }

    @Test
    @DisplayName("#2 a leading non-digit or a non-digit inside a number terminates")
    void nonDigitsTerminate() {
        assertRejected("MSG a1 1 . 0 0", "channel is not a decimal number");
        assertRejected("MSG 0 0x1 . 0 0", "msgno is not a decimal number");
        assertRejected("MSG 0 1 . 1e3 0", "seqno is not a decimal number");
        assertRejected("MSG 0 1 . 0 12a", "size is not a decimal number");
        assertRejected("SEQ 0 0 4k", "window is not a decimal number");
    }

    @Test
    @DisplayName("#2 channel, msgno and size accept 2^31-1 and refuse 2^31")
    void thirtyOneBitFieldsRefuse2To31() {
        assertEquals(Integer.MAX_VALUE, parse("MSG 2147483647 0 . 0 0").channel());
        assertEquals(Integer.MAX_VALUE, parse("MSG 0 2147483647 . 0 0").msgno());
        assertEquals(Integer.MAX_VALUE, parse("MSG 0 0 . 0 2147483647").size());
        assertRejected("MSG 2147483648 0 . 0 0", "channel 2147483648 out of range 0..2147483647");
        assertRejected("MSG 0 2147483648 . 0 0", "msgno 2147483648 out of range 0..2147483647");
        assertRejected("MSG 0 0 . 0 2147483648", "size 2147483648 out of range 0..2147483647");
        assertRejected("MSG 0 0 . 0 9999999999", "size 9999999999 out of range");
    }

    @Test
    @DisplayName("#2 seqno accepts 2^32-1 and refuses 2^32")
    void seqnoRefuses2To32() {
        assertEquals(Seq.MAX, parse("MSG 0 0 . 4294967295 0").seqno());
        assertRejected("MSG 0 0 . 4294967296 0", "seqno 4294967296 out of range 0..4294967295");
    }

    @Test
    @DisplayName("#2 ansno is accepted up to 2^32-1 and refused at 2^32")
    void ansnoAcceptedUpTo2To32Minus1() {
        assertEquals(Seq.MAX, parse("ANS 1 0 . 0 0 4294967295").ansno());
        assertEquals(2147483648L, parse("ANS 1 0 . 0 0 2147483648").ansno(), "above the generated range, still accepted");
        assertRejected("ANS 1 0 . 0 0 4294967296", "ansno 4294967296 out of range 0..4294967295");
    }

    @Test
    @DisplayName("#2 a number of more than ten digits terminates, even with a legal value")
    void overlongNumberTerminates() {
        assertRejected("MSG 00000000001 0 . 0 0", "channel has too many digits");
        assertRejected("ANS 1 0 . 0 0 04294967295", "ansno has too many digits");
    }

    // ------------------------------------------------------------------ NUL and SEQ forms

    @Test
    @DisplayName("#6 NUL with '*' terminates; its size is checked by the session")
    void nulMustBeFinal() {
        assertFalse(parse("NUL 1 0 . 0 0").more());
        assertRejected("NUL 1 0 * 0 0", "NUL must be '.'");
        // The size is the session's to judge: Vortex's CRLF-only NUL is tolerated there, anything else terminates
        // (NulFrameTest in beep-netty).
        assertEquals(2, parse("NUL 1 0 . 0 2").size());
    }

    @Test
    @DisplayName("#29 a malformed SEQ terminates")
    void malformedSeqTerminates() {
        assertRejected("SEQ 0 0", "expected one SP before window");
        assertRejected("SEQ 0 0 4096 0", "trailing octets");
        assertRejected("SEQ 0 0 . 4096", "window is not a decimal number");
        assertRejected("SEQ 0 4294967296 4096", "ackno 4294967296 out of range 0..4294967295");
        assertRejected("SEQ 0 0 2147483648", "window 2147483648 out of range 0..2147483647");
        assertRejected("SEQ 2147483648 0 4096", "channel 2147483648 out of range");
        assertRejected("SEQ -1 0 4096", "channel is not a decimal number");
    }

    @Test
    @DisplayName("#1 the printable rendering escapes unprintable octets so log lines stay on one line")
    void printableEscapesControlOctets() {
        byte[] b = {'M', 'S', 'G', 0, '\r', '\n', (byte) 0xFF};
        assertEquals("MSG\\x00\\x0D\\x0A\\xFF", FrameHeaderParser.printable(b, b.length));
    }
}
