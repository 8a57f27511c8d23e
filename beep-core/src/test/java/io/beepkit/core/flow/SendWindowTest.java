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
 * The peer's window as our sender sees it (RFC 3081 §3.1.1-§3.1.3; CONFORMANCE items 8, 27, 28 and 29), with
 * counters preset near 2^32: never send past ackno + window, the window counts from the ackno, a SEQ acknowledging
 * octets never sent terminates. {@link FragmentPlannerTest} covers how frames are cut against this window.
 */
class SendWindowTest {
    /** 100 octets before the wrap: 4294967196. */
    private static final long NEAR_WRAP = Seq.MAX - 99;

    @Test
    @DisplayName("#27 a channel starts at seqno 0 with 4096 octets open")
    void startsAtSeqnoZeroWith4096Octets() {
        SendWindow w = new SendWindow();
        assertEquals(0, w.nextSeqno());
        assertEquals(4096, w.available());
        assertEquals(4096, w.peerWindow());
        assertEquals(0, w.inFlight());
        assertEquals(SendWindow.DEFAULT_WINDOW, 4096);
    }

    @Test
    @DisplayName("#8 #28 sending advances the seqno modulo 2^32 and never passes ackno + window")
    void neverSendsPastTheRightEdgeAcrossTheWrap() {
        SendWindow w = new SendWindow(NEAR_WRAP, 4096);
        w.consume(4000);
        assertEquals(3900, w.nextSeqno(), "4294967196 + 4000 wraps to 3900");
        assertEquals(96, w.available());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> w.consume(97));
        assertEquals("sending 97 octets with only 96 open", e.getMessage());
        w.consume(96);
        assertEquals(0, w.available());
        w.consume(0); // an empty final frame needs no window
        assertEquals(3996, w.nextSeqno());
    }

    @Test
    @DisplayName("#29 the SEQ window counts from its ackno, across the wrap")
    void seqWindowCountsFromAckno() {
        SendWindow w = new SendWindow(NEAR_WRAP, 4096);
        w.consume(4096);
        long ackno = Seq.add(NEAR_WRAP, 2048); // the peer has taken 2048 octets: 1948 after the wrap
        assertEquals(1948, ackno);
        assertTrue(w.onSeq(ackno, 4096), "the right edge moved from 3996 to 6044");
        assertEquals(2048, w.available());
        assertEquals(2048, w.inFlight());
        assertTrue(w.onSeq(w.nextSeqno(), 4096));
        assertEquals(4096, w.available());
        assertEquals(0, w.inFlight());
    }

    @Test
    @DisplayName("#29 a SEQ acknowledging octets never sent terminates, across the wrap")
    void seqAcknowledgingUnsentOctetsTerminates() {
        SendWindow w = new SendWindow(NEAR_WRAP, 4096);
        w.consume(200);
        assertEquals(100, w.nextSeqno());
        BeepProtocolException e = assertThrows(BeepProtocolException.class, () -> w.onSeq(101, 4096));
        assertEquals("SEQ acknowledges 101 but the next octet we send is 100", e.getMessage());
        assertTrue(w.onSeq(100, 4096), "acknowledging everything sent is fine");
        assertFalse(w.onSeq(100, 101), "the same ackno again is fine");
        BeepProtocolException back = assertThrows(BeepProtocolException.class, () -> w.onSeq(Seq.MAX, 101));
        assertEquals("SEQ acknowledges 4294967295, behind the 100 the peer already acknowledged", back.getMessage());
    }

    @Test
    @DisplayName("#29 SEQ 1 2147483648 1 on a fresh channel terminates: half the space ahead is not an old ackno")
    void acknoHalfTheSpaceAheadTerminates() {
        SendWindow w = new SendWindow();
        BeepProtocolException e = assertThrows(BeepProtocolException.class, () -> w.onSeq(2147483648L, 1));
        assertEquals("SEQ acknowledges 2147483648 but the next octet we send is 0", e.getMessage());
        assertEquals(4096, w.available(), "the window is untouched");
    }

    @Test
    @DisplayName("#29 SEQ 1 4294967295 0 on a fresh channel terminates: one before seqno 0 was never sent")
    void acknoBeforeTheFirstSeqnoTerminates() {
        SendWindow w = new SendWindow();
        BeepProtocolException e = assertThrows(BeepProtocolException.class, () -> w.onSeq(Seq.MAX, 0));
        assertEquals("SEQ acknowledges 4294967295, behind the 0 the peer already acknowledged", e.getMessage());
        assertEquals(4096, w.available(), "the window is untouched");
    }

    @Test
    @DisplayName("#29 every ackno from the last one to the next seqno is accepted, across the wrap")
    void everyAcknoInsideTheSentRangeIsAccepted() {
        SendWindow w = new SendWindow(NEAR_WRAP, 4096);
        w.consume(4096); // sent NEAR_WRAP .. 3995, across the wrap
        for (long step = 0; step <= 4096; step += 512) {
            w.onSeq(Seq.add(NEAR_WRAP, step), 4096);
        }
        assertThrows(BeepProtocolException.class, () -> w.onSeq(Seq.add(NEAR_WRAP, 4097), 4096));
        assertThrows(BeepProtocolException.class, () -> w.onSeq(Seq.add(NEAR_WRAP, 4095), 4096));
    }

    @Test
    @DisplayName("#29 a SEQ that moves the right edge left is counted and honoured: we never overrun")
    void shrinkingSeqIsCountedAndHonoured() {
        SendWindow w = new SendWindow(NEAR_WRAP, 4096);
        w.consume(150); // next seqno 50, right edge 3996
        assertFalse(w.onSeq(50, 1000), "edge 1050 is left of 3996");
        assertEquals(1, w.shrinkCount());
        assertEquals(1000, w.available());
        assertFalse(w.onSeq(50, 1000), "the same SEQ again moves nothing");
        assertEquals(1, w.shrinkCount());
        assertThrows(IllegalStateException.class, () -> w.consume(1001));
    }

    @Test
    @DisplayName("#29 onSeq reports whether more may be sent than before")
    void onSeqReportsWhetherTheWindowOpened() {
        SendWindow w = new SendWindow(NEAR_WRAP, 4096);
        w.consume(4096);
        assertFalse(w.onSeq(NEAR_WRAP, 4096), "acknowledges nothing new");
        assertFalse(w.onSeq(Seq.add(NEAR_WRAP, 100), 3996), "same edge");
        assertTrue(w.onSeq(Seq.add(NEAR_WRAP, 100), 3997));
        assertEquals(1, w.available());
    }

    @Test
    @DisplayName("#28 the largest window (2^31-1) is usable across the wrap")
    void largestWindowAcrossTheWrap() {
        SendWindow w = new SendWindow(NEAR_WRAP, 4096);
        assertTrue(w.onSeq(NEAR_WRAP, Integer.MAX_VALUE));
        assertEquals(Integer.MAX_VALUE, w.available());
        assertEquals(Integer.MAX_VALUE, w.peerWindow());
        w.consume(Integer.MAX_VALUE);
        assertEquals(0, w.available());
        assertEquals(Seq.add(NEAR_WRAP, Integer.MAX_VALUE), w.nextSeqno());
    }

    @Test
    @DisplayName("#31 peerWindow is the largest window advertised, not what is left of it")
    void peerWindowIsTheLargestAdvertised() {
        SendWindow w = new SendWindow(NEAR_WRAP, 4096);
        w.consume(3000);
        // all 3000 received, 2000 of them not yet consumed: the window field is 2096, the peer's buffer still 4096
        assertTrue(w.onSeq(w.nextSeqno(), 2096));
        assertEquals(2096, w.available());
        assertEquals(4096, w.peerWindow());
        assertEquals(0, w.shrinkCount());
        w.onSeq(w.nextSeqno(), 16384);
        assertEquals(16384, w.peerWindow());
        assertEquals(16384, w.available());
    }

    @Test
    @DisplayName("#31 peerWindow follows a peer that shrinks its window to the path within a few SEQs")
    void peerWindowFollowsAShrinkingPeer() {
        SendWindow w = new SendWindow(NEAR_WRAP, 65536);
        for (int i = 0; i < SendWindow.RECENT_SEQS - 1; i++) {
            w.consume(4096);
            w.onSeq(w.nextSeqno(), 4096);
            assertEquals(65536, w.peerWindow(), "a window field this small may be unconsumed octets, at first");
        }
        w.consume(4096);
        w.onSeq(w.nextSeqno(), 4096);
        // every recent SEQ said 4096: that is the window now; a planner waiting for half of 64 KiB would stall
        assertEquals(4096, w.peerWindow());
    }

    @Test
    void invalidStartIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new SendWindow(Seq.MAX + 1, 4096));
        assertThrows(IllegalArgumentException.class, () -> new SendWindow(0, -1));
        assertThrows(IllegalArgumentException.class, () -> new SendWindow().onSeq(-1, 4096));
    }
}
