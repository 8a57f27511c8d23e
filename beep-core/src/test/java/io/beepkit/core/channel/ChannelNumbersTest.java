package io.beepkit.core.channel;

import io.beepkit.api.SessionRole;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Channel numbers of one session (RFC 3080 §2.3.1.2): the initiator allocates odd numbers, the listener even ones;
 * a number is in use while open or reserved; the session's channel limit counts both; numbers wrap from 2^31-1.
 */
class ChannelNumbersTest {
    private final Set<Integer> open = new HashSet<>();

    private ChannelNumbers numbers(SessionRole role, int max) {
        return new ChannelNumbers(role, max, open::contains);
    }

    @Test
    @DisplayName("the initiator allocates 1, 3, 5; the listener 2, 4, 6")
    void parityPerRole() {
        ChannelNumbers initiator = numbers(SessionRole.INITIATOR, 10);
        assertEquals(List.of(1, 3, 5), List.of(initiator.allocate(0), initiator.allocate(0), initiator.allocate(0)));
        ChannelNumbers listener = numbers(SessionRole.LISTENER, 10);
        assertEquals(List.of(2, 4, 6), List.of(listener.allocate(0), listener.allocate(0), listener.allocate(0)));
    }

    @Test
    @DisplayName("the peer may start only numbers of its own parity, never 0 or a negative one")
    void peerParity() {
        ChannelNumbers initiator = numbers(SessionRole.INITIATOR, 10);
        assertFalse(initiator.wrongParityForPeer(2));
        assertFalse(initiator.wrongParityForPeer(Integer.MAX_VALUE - 1));
        assertTrue(initiator.wrongParityForPeer(1));
        assertTrue(initiator.wrongParityForPeer(Integer.MAX_VALUE));
        assertTrue(initiator.wrongParityForPeer(0));
        assertTrue(initiator.wrongParityForPeer(-2));
        ChannelNumbers listener = numbers(SessionRole.LISTENER, 10);
        assertFalse(listener.wrongParityForPeer(1));
        assertFalse(listener.wrongParityForPeer(Integer.MAX_VALUE));
        assertTrue(listener.wrongParityForPeer(2));
        assertTrue(listener.wrongParityForPeer(0));
        assertTrue(listener.wrongParityForPeer(-1));
    }

    @Test
    @DisplayName("reserve holds a number in use and counts toward the limit; unreserve frees it")
    void reserveAndUnreserve() {
        ChannelNumbers n = numbers(SessionRole.LISTENER, 2);
        assertFalse(n.inUse(7));
        n.reserve(7);
        assertTrue(n.inUse(7));
        assertFalse(n.full(0));
        assertTrue(n.full(1), "one open and one reserved fill a limit of 2");
        n.unreserve(7);
        assertFalse(n.inUse(7));
        assertFalse(n.full(1));
        n.unreserve(7); // unreserving twice is harmless
        assertFalse(n.full(1));
    }

    @Test
    @DisplayName("an open channel is in use without being reserved")
    void openNumbersAreInUse() {
        ChannelNumbers n = numbers(SessionRole.INITIATOR, 4);
        open.add(5);
        assertTrue(n.inUse(5));
        assertFalse(n.inUse(3));
    }

    @Test
    @DisplayName("full at the limit: allocate answers -1 and allocates nothing; below it again allocation resumes")
    void fullAtTheLimit() {
        ChannelNumbers n = numbers(SessionRole.INITIATOR, 3);
        assertEquals(3, n.maxChannels());
        assertFalse(n.full(2));
        assertTrue(n.full(3));
        assertTrue(n.full(4));
        assertEquals(-1, n.allocate(3));
        assertEquals(1, n.allocate(2), "a refused allocation does not use up a number");
        assertTrue(n.inUse(1), "an allocated number is reserved");
        assertTrue(n.full(2), "2 open + 1 reserved = the limit of 3");
        assertEquals(-1, n.allocate(2));
        n.unreserve(1);
        assertEquals(3, n.allocate(2));
    }

    @Test
    @DisplayName("allocate skips numbers that are open or reserved")
    void allocateSkipsNumbersInUse() {
        ChannelNumbers n = numbers(SessionRole.INITIATOR, 100);
        open.add(1);
        open.add(3);
        n.reserve(7);
        assertEquals(5, n.allocate(2));
        assertEquals(9, n.allocate(2), "7 is reserved");
        assertEquals(11, n.allocate(2));
        assertTrue(n.inUse(5) && n.inUse(9) && n.inUse(11));
    }

    /**
     * Walks {@code n} to the top of the number space: every number below {@code top} claims to be open, so each
     * allocate skips a million of them and answers -1 until the top is reached.
     */
    private static List<Integer> allocateAcrossTheTop(ChannelNumbers n, boolean[] belowTopOpen, int count) {
        int first;
        int calls = 0;
        while ((first = n.allocate(0)) == -1) {
            calls++;
            assertTrue(calls < 1100, "allocate never reached the top of the number space");
        }
        belowTopOpen[0] = false;
        List<Integer> out = new ArrayList<>(List.of(first));
        for (int i = 1; i < count; i++) {
            out.add(n.allocate(0));
        }
        return out;
    }

    @Test
    @DisplayName("the initiator reaches 2^31-1 and wraps back to 1, skipping numbers still in use")
    void initiatorWrapsToOne() {
        int top = Integer.MAX_VALUE - 6; // 2147483641, odd
        boolean[] belowTopOpen = {true};
        Set<Integer> stillOpen = Set.of(3);
        ChannelNumbers n = new ChannelNumbers(SessionRole.INITIATOR, 100,
                c -> belowTopOpen[0] ? c < top : stillOpen.contains(c));
        assertEquals(List.of(2147483641, 2147483643, 2147483645, 2147483647, 1, 5, 7),
                allocateAcrossTheTop(n, belowTopOpen, 7));
    }

    @Test
    @DisplayName("the listener reaches 2^31-2 and wraps back to 2, skipping numbers still in use")
    void listenerWrapsToTwo() {
        int top = Integer.MAX_VALUE - 5; // 2147483642, even
        boolean[] belowTopOpen = {true};
        Set<Integer> stillOpen = Set.of(2);
        ChannelNumbers n = new ChannelNumbers(SessionRole.LISTENER, 100,
                c -> belowTopOpen[0] ? c < top : stillOpen.contains(c));
        assertEquals(List.of(2147483642, 2147483644, 2147483646, 4, 6),
                allocateAcrossTheTop(n, belowTopOpen, 5));
    }
}
