package io.beepkit.core.frame;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sequence arithmetic modulo 2^32 (RFC 3080 §2.2.1.2, RFC 3081 §3.1; CONFORMANCE items 7 and 8), exercised with
 * values next to 4294967295 so every operation crosses the wrap.
 */
class SeqTest {
    private static final long MAX = 4294967295L;

    @Test
    @DisplayName("#8 add wraps from 2^32-1 to 0")
    void addWrapsModulo2To32() {
        assertEquals(0, Seq.add(MAX, 1));
        assertEquals(4, Seq.add(MAX - 5, 10));
        assertEquals(MAX, Seq.add(MAX, 0));
        assertEquals(MAX, Seq.add(0, MAX));
        assertEquals(7, Seq.add(7, 1L << 32), "a whole cycle lands on the same number");
        assertEquals(MAX - 1, Seq.add(MAX, MAX), "the largest sum of a seqno and a 32-bit delta");
    }

    @Test
    @DisplayName("#7 the next seqno is seqno + size modulo 2^32, also for the largest frame")
    void nextSeqnoAfterTheLargestFrame() {
        assertEquals(2147483646L, Seq.add(MAX, Integer.MAX_VALUE));
        long afterTwo = Seq.add(Seq.add(0, Integer.MAX_VALUE), Integer.MAX_VALUE);
        assertEquals(MAX - 1, afterTwo, "two maximal frames from 0");
        assertEquals(0, Seq.add(afterTwo, 2), "and a 2-octet frame completes the cycle");
    }

    @Test
    @DisplayName("#8 distance counts forward across the wrap")
    void distanceCountsForwardAcrossTheWrap() {
        assertEquals(12, Seq.distance(MAX - 5, 6));
        assertEquals(1, Seq.distance(MAX, 0));
        assertEquals(0, Seq.distance(MAX, MAX));
        assertEquals(MAX, Seq.distance(0, MAX));
        assertEquals(MAX, Seq.distance(1, 0), "one behind is almost a whole cycle ahead");
    }

    @Test
    @DisplayName("#8 compare orders numbers across the wrap (serial number arithmetic)")
    void compareAcrossTheWrap() {
        assertEquals(1, Seq.compare(0, MAX), "0 follows 2^32-1");
        assertEquals(-1, Seq.compare(MAX, 0));
        assertEquals(11, Seq.compare(5, MAX - 5));
        assertEquals(-11, Seq.compare(MAX - 5, 5));
        assertEquals(0, Seq.compare(MAX, MAX));
        assertEquals(4096, Seq.compare(Seq.add(MAX - 100, 4096), MAX - 100));
    }

    @Test
    @DisplayName("#8 compare is correct up to 2^31-1 apart in either direction")
    void compareHoldsWithinHalfTheSpace() {
        long a = MAX - 10;
        long ahead = Seq.add(a, Integer.MAX_VALUE);
        assertEquals(Integer.MAX_VALUE, Seq.compare(ahead, a));
        assertEquals(-Integer.MAX_VALUE, Seq.compare(a, ahead));
        assertTrue(Seq.compare(Seq.add(a, 1L << 31), a) < 0, "exactly half a cycle apart is ambiguous; it reads as behind");
    }

    @Test
    @DisplayName("#2 a sequence number is 0..2^32-1")
    void checkRefusesValuesOutside32Bits() {
        assertEquals(0, Seq.check(0, "seqno"));
        assertEquals(MAX, Seq.check(MAX, "seqno"));
        IllegalArgumentException high = assertThrows(IllegalArgumentException.class, () -> Seq.check(MAX + 1, "seqno"));
        assertTrue(high.getMessage().contains("4294967296"), high.getMessage());
        IllegalArgumentException low = assertThrows(IllegalArgumentException.class, () -> Seq.check(-1, "ackno"));
        assertTrue(low.getMessage().contains("ackno") && low.getMessage().contains("-1"), low.getMessage());
    }
}
