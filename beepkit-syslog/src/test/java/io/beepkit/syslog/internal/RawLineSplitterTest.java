package io.beepkit.syslog.internal;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** RFC 3195 §3.3: CR LF separated entries in each ANS, read piece by piece; and the entity's header section. */
class RawLineSplitterTest {
    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void linesSplitAcrossPiecesAndCrLfSplitInTwo() {
        RawLineSplitter s = new RawLineSplitter(100, 10);
        List<String> out = new ArrayList<>(s.feed(b("<13>one\r")));
        out.addAll(s.feed(b("\n<13>tw")));
        out.addAll(s.feed(b("o\r\n\r\nbare\rcr and\nlf\r\nlast")));
        out.addAll(s.end());
        assertEquals(List.of("<13>one", "<13>two", "bare\rcr and\nlf", "last"), out);
    }

    @Test
    void lineLimitIsEnforcedBeforeBuffering() {
        RawLineSplitter s = new RawLineSplitter(8, 10);
        s.feed(b("12345678"));
        assertEquals(550, assertThrows(SyslogViolation.class, () -> s.feed(b("9"))).code());
    }

    @Test
    void linesPerAnswerAreLimited() {
        RawLineSplitter s = new RawLineSplitter(8, 2);
        assertThrows(SyslogViolation.class, () -> s.feed(b("a\r\nb\r\nc\r\n")));
    }

    @Test
    void headerSectionSkippedPieceByPiece() {
        EntityBodyReader r = new EntityBodyReader();
        assertArrayEquals(new byte[0], r.feed(b("Content-Type: text/pl")));
        assertArrayEquals(new byte[0], r.feed(b("ain\r\n\r")));
        assertArrayEquals(b("body"), r.feed(b("\nbody")));
        assertArrayEquals(b("more"), r.feed(b("more")));
    }

    @Test
    void emptyHeaderSectionAndNoHeaderSection() {
        assertArrayEquals(b("x\r\n"), new EntityBodyReader().feed(b("\r\nx\r\n")));
        assertArrayEquals(b("<13>no headers at all\r\n"), new EntityBodyReader().feed(b("<13>no headers at all\r\n")));
        EntityBodyReader undecided = new EntityBodyReader();
        assertArrayEquals(new byte[0], undecided.feed(b("<entry>x</entry>")));
        assertArrayEquals(b("<entry>x</entry>"), undecided.end());
    }

    @Test
    void endlessHeaderSectionIsRefused() {
        EntityBodyReader r = new EntityBodyReader();
        r.feed(b("X-A: "));
        assertThrows(SyslogViolation.class, () -> r.feed(new byte[EntityBodyReader.MAX_HEADER_SECTION]));
    }
}
