package io.beepkit.netty.conformance;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.beepkit.netty.conformance.Violations.TIMEOUT;
import static io.beepkit.netty.conformance.Violations.assertFailsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONFORMANCE #5 (frame continuation) and #7 (seqno continuity) over a real socket, against the library as listener
 * (a scripted initiator sends the bad frame) and as initiator (a scripted listener replies with it).
 */
class SequenceViolationTest extends LibraryPeersTest {
    // ------------------------------------------------------------------ #5 continuation

    @Test
    @DisplayName("#5 a frame with another msgno before the previous MSG's final frame terminates")
    void otherMsgnoBeforeFinalFrameTerminates() throws Exception {
        assertListenerTerminates(p -> p.send("MSG", 1, 0, true, "abc").send("MSG", 1, 1, false, "def"),
                "channel 1: expected the continuation of MSG 0 but got MSG 1 1 . 3 3");
    }

    @Test
    @DisplayName("#5 a frame with another keyword before the previous MSG's final frame terminates")
    void otherKeywordBeforeFinalFrameTerminates() throws Exception {
        assertListenerTerminates(p -> p.send("MSG", 1, 0, true, "abc").send("RPY", 1, 0, false, "def"),
                "channel 1: expected the continuation of MSG 0 but got RPY 1 0 . 3 3");
    }

    @Test
    @DisplayName("#5 frames of another channel may interleave with an unfinished MSG (control)")
    void otherChannelMayInterleaveWithUnfinishedMsg() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, StandardProfiles.ECHO).startChannel(3, StandardProfiles.ECHO);
            peer.send("MSG", 1, 0, true, "\r\nabc").send("MSG", 3, 0, false, "\r\nx").send("MSG", 1, 0, false, "def");
            ReadFrame first = peer.readData();
            ReadFrame second = peer.readData();
            assertEquals("RPY 3 0 . 0 " + first.payload().length, first.header().toString());
            assertTrue(first.text().endsWith("\r\nx"), first.toString());
            assertEquals(FrameType.RPY, second.type());
            assertEquals(1, second.header().channel());
            assertTrue(second.text().endsWith("\r\nabcdef"), second.toString());
        }
    }

    @Test
    @DisplayName("#5 a reply frame of another keyword before the reply's final frame fails the initiator's MSG")
    void replyKeywordChangeBeforeFinalFrameFailsPendingMsg() throws Exception {
        assertPendingMsgFails((peer, n) -> peer.send("RPY", n, 0, true, "\r\npo").send("ERR", n, 0, false, "ng"),
                n -> "expected the continuation of RPY 0 but got ERR " + n + " 0 . 4 2");
    }

    @Test
    @DisplayName("#5 answers with different ansnos may interleave; NUL before they complete terminates")
    void nulBeforeInterleavedAnswersCompleteTerminates() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            int n = ch.number();
            // Control: two interleaved answers, completed, then NUL: accepted.
            CompletableFuture<Reply> first = ch.send(MimeEntity.of("one"));
            lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == n);
            lib.peer.sendAns(n, 0, true, 0, "\r\na").sendAns(n, 0, true, 1, "\r\nb")
                    .sendAns(n, 0, false, 1, "B").sendAns(n, 0, false, 0, "A").send("NUL", n, 0, false, "");
            Reply r = first.get(TIMEOUT, TimeUnit.SECONDS);
            assertEquals(Reply.Kind.ANSWERS, r.kind());
            assertEquals(List.of("aA", "bB"), r.answers().stream().map(MimeEntity::bodyText).sorted().toList());
            // Violation: NUL while answer 1 is incomplete.
            CompletableFuture<Reply> second = ch.send(MimeEntity.of("two"));
            lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == n);
            lib.peer.sendAns(n, 1, true, 1, "\r\nc").send("NUL", n, 1, false, "");
            lib.peer.readUntilClosed();
            assertFailsWith(second, SessionClosedException.class, "NUL for msgno 1 while answers [1] are incomplete");
        }
    }

    // ------------------------------------------------------------------ #7 seqno

    @Test
    @DisplayName("#7 a channel's first frame at a seqno other than 0 terminates")
    void firstFrameNotAtSeqnoZeroTerminates() throws Exception {
        assertListenerTerminates(p -> p.sendAt("MSG", 1, 0, false, 1, "\r\nhi".getBytes(StandardCharsets.UTF_8)),
                "frame seqno 1 but expected 0");
    }

    @Test
    @DisplayName("#7 a frame repeating the previous frame's seqno terminates")
    void repeatedSeqnoTerminates() throws Exception {
        assertListenerTerminates(p -> {
            p.send("MSG", 1, 0, false, "\r\nabc");
            ReadFrame echo = p.readData();
            assertEquals(FrameType.RPY, echo.type(), echo.toString());
            p.sendAt("MSG", 1, 1, false, 0, "\r\ndef".getBytes(StandardCharsets.UTF_8));
        }, "frame seqno 0 but expected 5");
    }

    @Test
    @DisplayName("#7 a frame skipping ahead of the expected seqno terminates")
    void skippedSeqnoTerminates() throws Exception {
        assertListenerTerminates(p -> p.send("MSG", 1, 0, true, "\r\nab")
                        .sendAt("MSG", 1, 0, false, 5, "c".getBytes(StandardCharsets.UTF_8)),
                "frame seqno 5 but expected 4");
    }

    @Test
    @DisplayName("#7 a seqno mismatch on channel 0 terminates")
    void seqnoMismatchOnChannelZeroTerminates() throws Exception {
        assertListenerTerminates(p -> p.sendAt("MSG", 0, 7, false, 0,
                        ScriptedPeer.mgmt("<start number='5'><profile uri='" + StandardProfiles.ECHO + "'/></start>")
                                .getBytes(StandardCharsets.UTF_8)),
                "frame seqno 0 but expected");
    }

    @Test
    @DisplayName("#7 a reply at the wrong seqno fails the initiator's pending MSG naming both seqnos")
    void replySeqnoMismatchFailsPendingMsg() throws Exception {
        byte[] pong = "\r\npong".getBytes(StandardCharsets.UTF_8);
        assertPendingMsgFails((peer, n) -> peer.sendAt("RPY", n, 0, false, 7, pong),
                n -> "frame seqno 7 but expected 0");
    }
}
