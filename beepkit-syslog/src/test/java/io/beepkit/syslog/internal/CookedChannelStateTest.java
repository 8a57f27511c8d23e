package io.beepkit.syslog.internal;

import io.beepkit.syslog.SyslogLimits;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A COOKED MSG read in one frame (the shortcut) gives exactly what the same MSG gives in pieces: the body text, or
 * the same refusal; and both count against {@code maxPendingEntries} alike.
 */
class CookedChannelStateTest {
    private static final SyslogLimits LIMITS = SyslogLimits.DEFAULT.toBuilder().maxEntrySize(64).build();

    /** The body text, or "refused CODE" (the state checked afresh: no MSG left pending by a refusal). */
    private static String read(List<byte[]> pieces) {
        CookedChannelState state = new CookedChannelState(LIMITS);
        try {
            String got = null;
            for (int i = 0; i < pieces.size(); i++) {
                got = state.feed(7, pieces.get(i), i == pieces.size() - 1);
                if (i < pieces.size() - 1) {
                    assertNull(got);
                }
            }
            state.answered();
            return got;
        } catch (SyslogViolation v) {
            return "refused " + v.code();
        }
    }

    private static List<byte[]> cut(byte[] payload, Random random) {
        List<byte[]> pieces = new ArrayList<>();
        int at = 0;
        while (at < payload.length) {
            int n = 1 + random.nextInt(Math.max(1, payload.length - at));
            pieces.add(Arrays.copyOfRange(payload, at, at + n));
            at += n;
        }
        if (pieces.isEmpty()) {
            pieces.add(new byte[0]);
        }
        return pieces;
    }

    @Test
    void oneFrameReadsAsPiecesDo() {
        String entry = "<entry facility='1'>h\u00e9llo</entry>";
        List<String> payloads = List.of(entry, "Content-Type: application/beep+xml\r\n\r\n" + entry,
                "\r\n" + entry, "Content-Type: application/beep+xml\r\n", "no header line at all",
                "Content-Type: x\r\n\r\n" + "y".repeat(64), "Content-Type: x\r\n\r\n" + "y".repeat(65),
                "z".repeat(64), "z".repeat(65), "X-Long: " + "h".repeat(5000), "", "a:b");
        Random random = new Random(3195);
        for (String p : payloads) {
            byte[] payload = p.getBytes(StandardCharsets.UTF_8);
            String whole = read(List.of(payload));
            for (int i = 0; i < 20; i++) {
                assertEquals(whole, read(cut(payload, random)), p);
            }
        }
        assertEquals(entry, read(List.of(("Content-Type: application/beep+xml\r\n\r\n" + entry)
                .getBytes(StandardCharsets.UTF_8))));
        assertEquals("refused 550", read(List.of(("X-Long: " + "h".repeat(5000)).getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void oneFrameMsgsCountAsPending() {
        CookedChannelState state = new CookedChannelState(SyslogLimits.DEFAULT.toBuilder().maxPendingEntries(2)
                .build());
        byte[] entry = "<entry>x</entry>".getBytes(StandardCharsets.UTF_8);
        assertEquals("<entry>x</entry>", state.feed(1, entry, true));
        assertNull(state.feed(2, Arrays.copyOf(entry, 3), false)); // a MSG in pieces counts once begun
        assertEquals(550, assertThrows(SyslogViolation.class, () -> state.feed(3, entry, true)).code());
        state.answered();
        assertEquals("<entry>x</entry>", state.feed(4, entry, true));
        assertEquals(550, assertThrows(SyslogViolation.class, () -> state.feed(5, entry, true)).code());
    }
}
