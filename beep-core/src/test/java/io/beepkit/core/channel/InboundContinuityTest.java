package io.beepkit.core.channel;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Frame continuation on one channel and direction (RFC 3080 §2.2.1.1, "poorly-formed" rules; CONFORMANCE items 5,
 * 6 and 12): until a message's final frame, the next frame continues the same keyword and msgno; only ANS frames
 * with different ansnos interleave; NUL ends an ANS series and may come alone.
 */
class InboundContinuityTest {
    private final InboundContinuity c = new InboundContinuity();

    private static FrameHeader frame(FrameType type, int msgno, boolean more) {
        return FrameHeader.data(type, 1, msgno, more, 0, type == FrameType.NUL ? 0 : 10);
    }

    private static FrameHeader ans(int msgno, boolean more, long ansno) {
        return FrameHeader.ans(1, msgno, more, 0, 10, ansno);
    }

    /** Asserts that {@code h} is refused and the message names {@code mentions}. */
    private void assertRejected(FrameHeader h, String... mentions) {
        BeepProtocolException e = assertThrows(BeepProtocolException.class, () -> c.accept(h), h.toString());
        for (String m : mentions) {
            assertTrue(e.getMessage().contains(m), "message should mention '" + m + "': " + e.getMessage());
        }
    }

    // ------------------------------------------------------------------ item 5

    @Test
    @DisplayName("#5 frames of one message continue with the same keyword and msgno until '.'")
    void continuationOfOneMessageIsAccepted() {
        c.accept(frame(FrameType.MSG, 1, true));
        assertTrue(c.inProgress());
        c.accept(frame(FrameType.MSG, 1, true));
        c.accept(frame(FrameType.MSG, 1, false));
        assertFalse(c.inProgress());
        c.accept(frame(FrameType.MSG, 2, false));
        c.accept(frame(FrameType.RPY, 7, true));
        c.accept(frame(FrameType.RPY, 7, false));
        assertFalse(c.inProgress());
    }

    @Test
    @DisplayName("#5 another msgno before '.' terminates")
    void otherMsgnoBeforeFinalFrameTerminates() {
        c.accept(frame(FrameType.MSG, 1, true));
        assertRejected(frame(FrameType.MSG, 2, false), "continuation of MSG 1", "MSG 1 2 .");
    }

    @Test
    @DisplayName("#5 another keyword before '.' terminates, even with the same msgno")
    void otherKeywordBeforeFinalFrameTerminates() {
        c.accept(frame(FrameType.RPY, 4, true));
        assertRejected(frame(FrameType.ERR, 4, false), "continuation of RPY 4", "ERR 1 4");
    }

    @Test
    @DisplayName("#5 a reply to our MSG 1 may not interleave with the peer's unfinished MSG 1")
    void replyMayNotInterleaveWithUnfinishedMsg() {
        c.accept(frame(FrameType.MSG, 1, true));
        assertRejected(frame(FrameType.RPY, 1, false), "continuation of MSG 1");
    }

    @Test
    @DisplayName("#5 ANS or NUL inside an unfinished RPY terminates")
    void ansOrNulInsideUnfinishedReplyTerminates() {
        c.accept(frame(FrameType.RPY, 3, true));
        assertRejected(ans(3, false, 0), "continuation of RPY 3");
        InboundContinuity other = new InboundContinuity();
        other.accept(frame(FrameType.RPY, 3, true));
        assertThrows(BeepProtocolException.class, () -> other.accept(frame(FrameType.NUL, 3, false)));
    }

    @Test
    @DisplayName("#5 ANS frames with different ansnos interleave (the RFC's example)")
    void ansWithDifferentAnsnosInterleave() {
        c.accept(ans(0, true, 0));
        c.accept(ans(0, true, 1));
        c.accept(ans(0, false, 0));
        assertTrue(c.inProgress(), "answer 1 is still open");
        c.accept(ans(0, false, 1));
        assertFalse(c.inProgress());
    }

    @Test
    @DisplayName("#5 ANS frames with the same ansno continue that answer")
    void ansWithSameAnsnoContinues() {
        c.accept(ans(0, true, 5));
        c.accept(ans(0, true, 5));
        c.accept(ans(0, false, 5));
        assertFalse(c.inProgress());
    }

    @Test
    @DisplayName("#5 a non-ANS frame while answers are in progress terminates")
    void otherFramesDuringAnswersTerminate() {
        c.accept(ans(2, true, 0));
        assertRejected(frame(FrameType.MSG, 9, false), "interleaves with incomplete answers [0] to msgno 2");
        InboundContinuity rpy = new InboundContinuity();
        rpy.accept(ans(2, true, 0));
        assertThrows(BeepProtocolException.class, () -> rpy.accept(frame(FrameType.RPY, 2, false)));
    }

    @Test
    @DisplayName("#5 ANS to another msgno while answers are in progress terminates")
    void ansToAnotherMsgnoDuringAnswersTerminates() {
        c.accept(ans(2, true, 0));
        assertRejected(ans(3, false, 1), "ANS 1 3", "msgno 2");
    }

    // ------------------------------------------------------------------ item 6

    @Test
    @DisplayName("#6 NUL alone is a complete reply of zero answers")
    void nulAloneMeansZeroAnswers() {
        c.accept(frame(FrameType.NUL, 4, false));
        assertFalse(c.inProgress());
        c.accept(frame(FrameType.MSG, 5, false));
    }

    @Test
    @DisplayName("#6 NUL after every answer completed ends the series")
    void nulEndsTheAnsSeries() {
        c.accept(ans(4, true, 0));
        c.accept(ans(4, false, 1));
        c.accept(ans(4, false, 0));
        c.accept(frame(FrameType.NUL, 4, false));
        assertFalse(c.inProgress());
    }

    @Test
    @DisplayName("#6 NUL while an answer is incomplete terminates")
    void nulBeforeAllAnswersCompletedTerminates() {
        c.accept(ans(4, true, 0));
        c.accept(ans(4, true, 7));
        c.accept(ans(4, false, 0));
        assertRejected(frame(FrameType.NUL, 4, false), "NUL for msgno 4", "[7]");
    }

    // ------------------------------------------------------------------ item 12

    @Test
    @DisplayName("#12 the peer's MSG 1 and the reply to our MSG 1 are different messages")
    void peerMsgAndReplyToOurMsgWithSameMsgnoAreIndependent() {
        c.accept(frame(FrameType.MSG, 1, false));
        c.accept(frame(FrameType.RPY, 1, false));
        c.accept(frame(FrameType.MSG, 1, true));
        c.accept(frame(FrameType.MSG, 1, false));
        assertFalse(c.inProgress());
    }
}
