package io.beepkit.core.flow;

import io.beepkit.core.frame.Seq;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SEQ sequences the receive policy produces for given consumption patterns (RFC 3081 §3.1.4). */
class SeqPolicyTest {

    @Test
    void noSeqBeforeHalfWindowIsConsumed() {
        ReceiveWindow w = new ReceiveWindow(0, 4096);
        w.onFrame(0, 1000);
        assertFalse(w.consume(1000));
        w.onFrame(1000, 1000);
        assertFalse(w.consume(1000));
        w.onFrame(2000, 48);
        assertTrue(w.consume(48), "2048 consumed = half the window");
        assertEquals(2048, w.ackno());
        assertEquals(4096, w.advertiseWindow(), "right edge at 6144 = 2048 + 4096");
    }

    @Test
    void oneSeqPerHalfWindowNotPerFrame() {
        ReceiveWindow w = new ReceiveWindow(0, 4096);
        int seqs = 0;
        long seq = 0;
        for (int i = 0; i < 4096; i++) { // 4096 frames of 64 octets = 64 windows
            w.onFrame(seq, 64);
            seq += 64;
            if (w.consume(64)) {
                w.advertiseWindow();
                seqs++;
            }
        }
        assertEquals(4096 * 64 / 2048, seqs, "one SEQ per 2048 octets consumed");
    }

    @Test
    void roomNeededLowersTheThresholdToOneGranuleOnly() {
        ReceiveWindow w = new ReceiveWindow(0, 65536); // granule 32768, threshold 32768
        w.resize(131072); // threshold 65536, granule still 32768
        w.advertiseWindow();
        w.onFrame(0, 40000);
        w.consume(40000);
        assertFalse(w.seqDue(), "the edge could move by 32768 only: below the threshold of half the window");
        assertFalse(w.seqDue(1000), "91072 octets open hold what is needed");
        assertTrue(w.seqDue(100_000), "less open than needed: one granule is enough");
        w.advertiseWindow();
        assertEquals(0, w.rightEdgeSeqno() % 32768, "the edge stays on a granule: " + w.rightEdgeSeqno());
        assertFalse(w.seqDue(1_000_000), "nothing more consumed: the edge cannot move again");
    }

    @Test
    void rightEdgesAreAlignedToTheGranuleOfTheFirstWindow() {
        ReceiveWindow w = new ReceiveWindow(0, 4096);
        long seq = 0;
        for (int i = 0; i < 100; i++) {
            w.onFrame(seq, 4098 - 4096 + 1000); // odd sizes: 1002 octets
            seq += 1002;
            if (w.consume(1002)) {
                w.advertiseWindow();
                assertEquals(0, w.rightEdgeSeqno() % 2048, "edge " + w.rightEdgeSeqno());
            }
        }
    }

    @Test
    void creditOnlyWhatIsConsumed() {
        ReceiveWindow w = new ReceiveWindow(0, 4096);
        w.onFrame(0, 4096);
        assertEquals(0, w.open(), "the peer used the whole window");
        assertFalse(w.consume(1000), "1000 consumed: not yet half");
        assertEquals(0, w.open(), "no credit for unconsumed octets");
        assertTrue(w.consume(1048));
        w.advertiseWindow();
        assertEquals(2048, w.open());
    }

    @Test
    void enlargedWindowIsAnnouncedAtOnce() {
        ReceiveWindow w = new ReceiveWindow(0, 4096);
        assertTrue(w.resize(65536), "a larger window needs a SEQ now");
        assertEquals(0, w.ackno());
        assertEquals(65536, w.advertiseWindow());
    }

    @Test
    void smallerWindowNeverMovesTheRightEdgeLeft() {
        ReceiveWindow w = new ReceiveWindow(0, 8192);
        w.onFrame(0, 1000);
        assertFalse(w.resize(2048));
        long edge = w.rightEdgeSeqno();
        w.consume(1000);
        w.advertiseWindow();
        assertTrue(Seq.compare(w.rightEdgeSeqno(), edge) >= 0, "edge moved left: " + edge + " -> " + w.rightEdgeSeqno());
    }

    @Test
    void policyHoldsAcrossTheSequenceWrap() {
        long start = Seq.MAX - 3000;
        ReceiveWindow w = new ReceiveWindow(start, 4096);
        w.onFrame(start, 4096);
        assertTrue(w.consume(4096));
        int window = w.advertiseWindow();
        assertEquals(Seq.add(start, 4096), w.ackno());
        assertEquals(4096, window);
        assertTrue(w.ackno() < 2000, "wrapped: " + w.ackno());
    }
}
