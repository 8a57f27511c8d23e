package io.beepkit.syslog.internal;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** However an answer's body is cut into pieces, the same lines come out as from the whole body at once. */
class RawLineSplitterPiecesTest {
    @Test
    void piecesGiveTheSameLinesAsTheWholeBody() {
        Random random = new Random(3195);
        String alphabet = "ab\r\n\u00e9x";
        for (int round = 0; round < 2_000; round++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(300);
            for (int i = 0; i < length; i++) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            byte[] body = text.toString().getBytes(StandardCharsets.UTF_8);
            List<String> expected = reference(text.toString());
            RawLineSplitter s = new RawLineSplitter(10_000, 10_000);
            List<String> got = new ArrayList<>();
            int at = 0;
            while (at < body.length) {
                int n = Math.min(body.length - at, random.nextInt(8));
                got.addAll(s.feed(Arrays.copyOfRange(body, at, at + n)));
                at += n;
            }
            got.addAll(s.end());
            assertEquals(expected, got, text.toString());
        }
    }

    /** RFC 3195 §3.3 as the splitter documents it: CR LF ends a line, empty lines are skipped, a last line counts. */
    private static List<String> reference(String text) {
        List<String> lines = new ArrayList<>();
        for (String l : text.split("\r\n", -1)) {
            if (!l.isEmpty()) {
                lines.add(l);
            }
        }
        return lines;
    }
}
