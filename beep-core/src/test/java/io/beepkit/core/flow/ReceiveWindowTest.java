package io.beepkit.core.flow;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.frame.Seq;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Our receive window (RFC 3080 §2.2.1.2, RFC 3081 §3.1.1-§3.1.4; CONFORMANCE items 7, 8, 27-30), with counters
 * preset near 2^32 so that every check crosses the wrap. {@link SeqPolicyTest} covers the SEQ policy from seqno 0
 * (half-window trigger, one SEQ per half window, granule alignment, shrinking); this class adds the frame checks,
 * the SEQ fields as the peer applies them, and the cases where a peer must not be left blocked.
 */
class ReceiveWindowTest {
    /** 1000 octets before the wrap. */
    private static final long NEAR_WRAP = Seq.MAX - 999;

    /** Receives {@code total} octets in frames of {@code frame} octets, returning the next expected seqno. */
    private static long receive(ReceiveWindow w, long seqno, int total, int frame) {
        for (int done = 0; done < total; done += frame) {
            int n = Math.min(frame, total - done);
            w.onFrame(seqno, n);
            seqno = Seq.add(seqno, n);
        }
        return seqno;
    }

    @Test
    @DisplayName("#27 a channel starts at seqno 0 with 4096 octets open")
    void startsAtSeqnoZeroWith4096Octets() {
        ReceiveWindow w = new ReceiveWindow();
        assertEquals(0, w.expectedSeqno());
        assertEquals(0, w.ackno());
        assertEquals(4096, w.window());
        assertEquals(4096, w.open());
        assertEquals(4096, w.rightEdgeSeqno());
        assertFalse(w.seqDue());
        w.onFrame(0, 4096);
        assertEquals(0, w.open());
    }

    @Test
    @DisplayName("#7 the first frame must carry the initial seqno")
    void firstFrameMustCarryTheInitialSeqno() {
        BeepProtocolException e = assertThrows(BeepProtocolException.class, () -> new ReceiveWindow().onFrame(1, 10));
        assertEquals("frame seqno 1 but expected 0", e.getMessage());
        ReceiveWindow near = new ReceiveWindow(NEAR_WRAP, 4096);
        BeepProtocolException e2 = assertThrows(BeepProtocolException.class, () -> near.onFrame(0, 10));
        assertTrue(e2.getMessage().contains("expected " + NEAR_WRAP), e2.getMessage());
    }

    @Test
    @DisplayName("#7 #8 each seqno is the previous seqno plus size modulo 2^32; a mismatch terminates")
    void seqnoFollowsModulo2To32() {
        ReceiveWindow w = new ReceiveWindow(Seq.MAX - 99, 4096);
        w.onFrame(Seq.MAX - 99, 100);
        assertEquals(0, w.expectedSeqno(), "4294967196 + 100 wraps to 0");
        w.onFrame(0, 50);
        w.onFrame(50, 0);
        assertEquals(50, w.expectedSeqno());
        BeepProtocolException behind = assertThrows(BeepProtocolException.class, () -> w.onFrame(49, 1));
        assertEquals("frame seqno 49 but expected 50", behind.getMessage());
        BeepProtocolException repeated = assertThrows(BeepProtocolException.class, () -> w.onFrame(0, 50));
        assertEquals("frame seqno 0 but expected 50", repeated.getMessage());
        BeepProtocolException unwrapped = assertThrows(BeepProtocolException.class, () -> w.onFrame(Seq.MAX + 51, 1));
        assertTrue(unwrapped.getMessage().contains("expected 50"), unwrapped.getMessage());
    }

    @Test
    @DisplayName("#28 a frame past the advertised right edge terminates, across the wrap")
    void overrunTerminates() {
        ReceiveWindow w = new ReceiveWindow(NEAR_WRAP, 4096);
        long next = receive(w, NEAR_WRAP, 4000, 1000);
        assertEquals(3000, next);
        BeepProtocolException e = assertThrows(BeepProtocolException.class, () -> w.onFrame(3000, 97));
        assertEquals("frame of 97 octets at seqno 3000 overruns the window: 96 octets were open", e.getMessage());
        w.onFrame(3000, 96);
        assertEquals(0, w.open());
        w.onFrame(3096, 0); // an empty final frame fits a full window
        assertThrows(BeepProtocolException.class, () -> w.onFrame(3096, 1));
    }

    @Test
    @DisplayName("#30 credit only consumed octets; the SEQ's ackno wraps and its window counts from it")
    void creditsOnlyConsumedOctetsAcrossTheWrap() {
        ReceiveWindow w = new ReceiveWindow(NEAR_WRAP, 4096);
        SendWindow peer = new SendWindow(NEAR_WRAP, 4096);
        peer.consume(3000);
        peer.consume(1096);
        long next = receive(w, NEAR_WRAP, 4096, 1000);
        assertEquals(3096, next);
        assertEquals(0, peer.available());

        assertFalse(w.consume(1000), "less than half the window consumed");
        assertTrue(w.consume(1048), "half the window consumed");
        long ackno = w.ackno();
        int window = w.advertiseWindow();
        assertEquals(3096, ackno, "the next seqno expected, past the wrap");
        assertEquals(2048, window, "2048 octets are still unconsumed: they are not credited");
        assertEquals(Seq.add(ackno, window), w.rightEdgeSeqno());

        assertTrue(peer.onSeq(ackno, window));
        assertEquals(2048, peer.available());
        assertEquals(2048, w.open());
    }

    @Test
    @DisplayName("#30 the hysteresis follows the current window: half of 16384 after growth")
    void hysteresisFollowsTheCurrentWindow() {
        ReceiveWindow w = new ReceiveWindow(NEAR_WRAP, 4096);
        assertTrue(w.resize(16384));
        assertEquals(16384, w.advertiseWindow());
        long seqno = NEAR_WRAP;
        for (int i = 1; i <= 8; i++) {
            w.onFrame(seqno, 1024);
            seqno = Seq.add(seqno, 1024);
            assertEquals(i == 8, w.consume(1024), "SEQ only once 8192 octets are consumed, frame " + i);
        }
        assertEquals(Seq.add(NEAR_WRAP, 8192), w.ackno());
        assertEquals(16384, w.advertiseWindow());
    }

    @Test
    @DisplayName("#30 an enlarged window reaches a peer blocked at 4096 at once, with nothing consumed")
    void enlargedWindowUnblocksAPeerAtOnce() {
        ReceiveWindow w = new ReceiveWindow(NEAR_WRAP, 4096);
        SendWindow peer = new SendWindow(NEAR_WRAP, 4096);
        peer.consume(4096);
        receive(w, NEAR_WRAP, 4096, 4096);
        assertEquals(0, w.open());
        assertEquals(0, peer.available(), "the peer is blocked");

        assertTrue(w.resize(8192), "no consumption needed to announce a larger window");
        long ackno = w.ackno();
        int window = w.advertiseWindow();
        assertEquals(3096, ackno);
        assertEquals(4096, window, "8192 minus the 4096 still unconsumed");
        assertTrue(peer.onSeq(ackno, window));
        assertEquals(4096, peer.available());
        w.onFrame(ackno, 4096);
        assertFalse(w.resize(8192), "the same size again is not an enlargement");
    }

    @Test
    @DisplayName("#30 a window shrunk below the first window still reopens for a drained, blocked peer")
    void shrunkWindowStillReopensForABlockedPeer() {
        ReceiveWindow w = new ReceiveWindow(NEAR_WRAP, 4096);
        SendWindow peer = new SendWindow(NEAR_WRAP, 4096);
        w.resize(1024); // a small profile window or an exhausted session budget
        long sent = 0;
        for (int round = 0; round < 50; round++) {
            int n = peer.available();
            assertTrue(n > 0, "round " + round + ": the peer is blocked although everything it sent was consumed");
            long seqno = peer.nextSeqno();
            peer.consume(n);
            w.onFrame(seqno, n);
            sent += n;
            boolean due = w.consume(n);
            assertTrue(due, "round " + round + ": all " + sent + " octets consumed, the peer is at the edge: SEQ due");
            assertTrue(peer.onSeq(w.ackno(), w.advertiseWindow()));
            assertTrue(peer.available() <= 1024, "the shrunk window is honoured once the old edge is passed");
        }
    }

    @Test
    @DisplayName("#29 #30 SEQs across the wrap never move the edge left, match the edge, and come once per half window")
    void seqsAcrossTheWrapNeverMoveTheEdgeLeft() {
        long start = Seq.MAX - 5000;
        ReceiveWindow w = new ReceiveWindow(start, 8192);
        SendWindow peer = new SendWindow(start, 8192);
        long lastEdge = w.rightEdgeSeqno();
        long unconsumed = 0;
        int frames = 0;
        int seqs = 0;
        for (int i = 0; i < 3000; i++) {
            if (i == 1000) {
                assertFalse(w.resize(6000), "a smaller window is not announced");
            }
            int n = Math.min(100, peer.available());
            if (n > 0) {
                long seqno = peer.nextSeqno();
                peer.consume(n);
                w.onFrame(seqno, n);
                unconsumed += n;
                frames++;
            }
            if (i % 3 == 0 && unconsumed > 0 && w.consume(unconsumed)) { // the application lags behind
                long ackno = w.ackno();
                int window = w.advertiseWindow();
                long edge = Seq.add(ackno, window);
                assertEquals(w.rightEdgeSeqno(), edge);
                assertTrue(Seq.compare(edge, lastEdge) >= 0, "edge moved left: " + lastEdge + " -> " + edge);
                lastEdge = edge;
                peer.onSeq(ackno, window);
                seqs++;
            }
            if (i % 3 == 0) {
                unconsumed = 0;
            }
        }
        assertTrue(w.ackno() < start, "the stream crossed the wrap: ackno " + w.ackno());
        assertTrue(seqs * 10 < frames, seqs + " SEQs for " + frames + " frames of 100 octets");
        assertEquals(0, peer.shrinkCount(), "our SEQs never shrank the peer's view of the window");
    }

    @Test
    void consumingMoreThanReceivedIsABug() {
        ReceiveWindow w = new ReceiveWindow(NEAR_WRAP, 4096);
        w.onFrame(NEAR_WRAP, 10);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.consume(11));
        assertTrue(e.getMessage().contains("11") && e.getMessage().contains("10"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> w.resize(1));
    }
}
