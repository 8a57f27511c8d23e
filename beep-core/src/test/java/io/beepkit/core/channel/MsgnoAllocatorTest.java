package io.beepkit.core.channel;

import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Outgoing msgnos (RFC 3080 §2.2.1.1, §2.7; CONFORMANCE items 11 and 12): unique among our MSGs awaiting replies on
 * the channel, free again once the reply is complete, wrapping from 2^31-1 to 0, and independent of the peer's
 * msgnos.
 */
class MsgnoAllocatorTest {
    private static final int MAX = Integer.MAX_VALUE;

    /**
     * Puts the allocator's cursor at {@code msgno}: stands in for the 2^31 allocations it takes to come round again,
     * which is the only way the cursor reaches a number that is still outstanding.
     */
    private static void cursorAt(MsgnoAllocator a, int msgno) throws ReflectiveOperationException {
        Field next = MsgnoAllocator.class.getDeclaredField("next");
        next.setAccessible(true);
        next.setInt(a, msgno);
    }

    @Test
    @DisplayName("#11 msgnos are handed out in order from the first")
    void allocatesConsecutively() {
        MsgnoAllocator a = new MsgnoAllocator(1, 10);
        assertEquals(1, a.allocate());
        assertEquals(2, a.allocate());
        assertEquals(3, a.allocate());
        assertEquals(3, a.outstandingCount());
        assertTrue(a.isOutstanding(2));
    }

    @Test
    @DisplayName("#11 msgnos wrap from 2^31-1 to 0")
    void wrapsFrom2To31Minus1ToZero() {
        MsgnoAllocator a = new MsgnoAllocator(MAX - 1, 10);
        assertEquals(MAX - 1, a.allocate());
        assertEquals(MAX, a.allocate());
        assertEquals(0, a.allocate());
        assertEquals(1, a.allocate());
    }

    @Test
    @DisplayName("#11 a msgno still awaiting its reply is skipped when the numbers come round")
    void outstandingMsgnoIsSkippedAfterTheWrap() throws Exception {
        MsgnoAllocator a = new MsgnoAllocator(MAX - 1, 10);
        int longLived = a.allocate(); // 2^31-2, never answered
        int answered = a.allocate();  // 2^31-1
        assertTrue(a.release(answered));
        assertEquals(0, a.allocate());
        assertTrue(a.release(0));
        cursorAt(a, MAX - 1); // ... 2^31 MSGs later
        assertEquals(MAX, a.allocate(), "2^31-2 still awaits its reply: skipped");
        assertTrue(a.isOutstanding(longLived));
    }

    @Test
    @DisplayName("#11 a msgno is reused once its reply is complete")
    void msgnoIsReusedAfterItsReply() throws Exception {
        MsgnoAllocator a = new MsgnoAllocator(0, 10);
        assertEquals(0, a.allocate());
        assertEquals(1, a.allocate());
        assertEquals(2, a.allocate());
        assertTrue(a.release(1));
        assertFalse(a.isOutstanding(1));
        cursorAt(a, 0);
        assertEquals(1, a.allocate(), "0 is outstanding, 1 was answered and is free again");
        assertEquals(3, a.allocate(), "2 is outstanding");
    }

    @Test
    @DisplayName("#11 outstanding msgnos are unique across the wrap under a full window of MSGs")
    void outstandingMsgnosAreUniqueAcrossTheWrap() {
        MsgnoAllocator a = new MsgnoAllocator(MAX - 50, 100);
        Set<Integer> outstanding = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            assertTrue(outstanding.add(a.allocate()));
        }
        for (int i = 0; i < 1000; i++) {
            int oldest = outstanding.iterator().next();
            assertTrue(a.release(oldest));
            outstanding.remove(oldest);
            int n = a.allocate();
            assertTrue(n >= 0, "msgno " + n);
            assertTrue(outstanding.add(n), "msgno " + n + " handed out twice");
        }
        assertEquals(100, a.outstandingCount());
    }

    @Test
    @DisplayName("#11 at most maxOutstanding MSGs await replies; a reply frees a slot")
    void boundedByMaxOutstanding() {
        MsgnoAllocator a = new MsgnoAllocator(0, 2);
        a.allocate();
        a.allocate();
        IllegalStateException e = assertThrows(IllegalStateException.class, a::allocate);
        assertTrue(e.getMessage().contains("2 MSGs already await replies"), e.getMessage());
        assertTrue(a.release(0));
        assertEquals(2, a.allocate());
    }

    @Test
    @DisplayName("#10 releasing a msgno that is not outstanding reports false")
    void releaseOfUnknownMsgnoReportsFalse() {
        MsgnoAllocator a = new MsgnoAllocator(0, 10);
        assertFalse(a.release(0), "never sent");
        a.allocate();
        assertTrue(a.release(0));
        assertFalse(a.release(0), "already answered");
    }

    @Test
    @DisplayName("#12 our msgnos do not depend on the peer's: the peer's MSG 1 does not block our MSG 1")
    void peerMsgnosDoNotConstrainOurs() {
        InboundContinuity inbound = new InboundContinuity();
        MsgnoAllocator ours = new MsgnoAllocator(1, 10);
        inbound.accept(FrameHeader.data(FrameType.MSG, 1, 1, false, 0, 5));
        assertEquals(1, ours.allocate(), "the peer's MSG 1 awaits our reply; our MSG 1 is a different message");
        assertTrue(ours.isOutstanding(1));
    }

    @Test
    void negativeFirstMsgnoIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MsgnoAllocator(-1, 1));
        assertTrue(e.getMessage().contains("-1"), e.getMessage());
    }
}
