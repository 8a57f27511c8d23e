package io.beepkit.core.channel;

import io.beepkit.core.channel.ReplyOrder.Slot;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reply ordering on one channel (RFC 3080 §2.6.1): replies produced in any order leave in the order their MSGs
 * arrived, and a msgno is remembered until its MSG has fully arrived and its replies have all left.
 */
class ReplyOrderTest {
    private final ReplyOrder<String, String> order = new ReplyOrder<>();
    private final List<String> wire = new ArrayList<>();

    private boolean drain() {
        return order.drain(wire::add);
    }

    @Test
    @DisplayName("replies produced last-MSG-first leave in MSG order, each MSG's ANS before its NUL")
    void outOfOrderRepliesLeaveInMsgOrder() {
        Slot<String, String> m0 = order.open(0, "a0");
        Slot<String, String> m1 = order.open(1, "a1");
        Slot<String, String> m2 = order.open(2, "a2");
        assertEquals(3, order.awaiting());

        order.produce(m2, "RPY 2", true);
        order.produce(m1, "ANS 1.0", false);
        order.produce(m1, "NUL 1", true);
        assertFalse(drain(), "MSG 0 is unanswered: nothing may leave");
        assertEquals(List.of(), wire);

        order.produce(m0, "ANS 0.0", false);
        assertTrue(drain());
        assertEquals(List.of("ANS 0.0"), wire, "MSG 0's answer leaves, MSG 0 is not done");
        assertEquals(3, order.awaiting());

        order.produce(m0, "ANS 0.1", false);
        order.produce(m0, "NUL 0", true);
        assertTrue(drain());
        assertEquals(List.of("ANS 0.0", "ANS 0.1", "NUL 0", "ANS 1.0", "NUL 1", "RPY 2"), wire);
        assertEquals(0, order.awaiting());
        assertTrue(order.isEmpty());
        assertTrue(m0.drained() && m1.drained() && m2.drained());
        assertFalse(drain(), "nothing left to hand on");
    }

    @Test
    @DisplayName("a later MSG's replies wait for the earlier MSG's final reply, not just its first")
    void laterMsgWaitsForEarlierFinalReply() {
        Slot<String, String> m5 = order.open(5, "a5");
        Slot<String, String> m9 = order.open(9, "a9");
        order.produce(m9, "RPY 9", true);
        order.produce(m5, "ANS 5.0", false);
        drain();
        assertEquals(List.of("ANS 5.0"), wire);
        assertFalse(m5.ended());
        assertTrue(m9.ended());
        assertFalse(m9.drained());
        order.produce(m5, "NUL 5", true);
        drain();
        assertEquals(List.of("ANS 5.0", "NUL 5", "RPY 9"), wire);
    }

    @Test
    @DisplayName("last frame first, replies drained second: the msgno is forgotten only at the drain")
    void forgottenAfterLastFrameThenDrain() {
        Slot<String, String> m = order.open(3, "a3");
        order.receivingDone(m);
        assertSame(m, order.find(3), "replies still owed: msgno 3 may not be reused");
        order.produce(m, "RPY 3", true);
        assertSame(m, order.find(3), "reply produced but not handed on");
        drain();
        assertTrue(m.drained());
        assertNull(order.find(3));
    }

    @Test
    @DisplayName("replies drained first (an early ERR), last frame second: forgotten only when the last frame arrives")
    void forgottenAfterDrainThenLastFrame() {
        Slot<String, String> m = order.open(4, "a4");
        order.produce(m, "ERR 4", true);
        drain();
        assertEquals(List.of("ERR 4"), wire);
        assertTrue(m.drained());
        assertTrue(order.isEmpty(), "nothing awaits replies");
        assertSame(m, order.find(4), "frames of MSG 4 still arriving: msgno 4 may not be reused");
        order.receivingDone(m);
        assertNull(order.find(4));
    }

    @Test
    @DisplayName("neither condition alone forgets a MSG")
    void neitherAloneForgets() {
        Slot<String, String> a = order.open(1, "a");
        Slot<String, String> b = order.open(2, "b");
        order.receivingDone(a);
        order.produce(b, "RPY 2", true);
        drain(); // b cannot leave before a
        assertFalse(b.drained());
        assertSame(a, order.find(1));
        assertSame(b, order.find(2));
    }

    @Test
    @DisplayName("clear hands every remembered MSG's attachment and every unsent reply over, then forgets all")
    void clearHandsEverythingOver() {
        Slot<String, String> m0 = order.open(0, "a0");
        Slot<String, String> m1 = order.open(1, "a1");
        Slot<String, String> m2 = order.open(2, "a2");
        Slot<String, String> m3 = order.open(3, "a3");
        order.produce(m0, "ERR 0", true);
        drain(); // m0 drained but still receiving: remembered, its reply already sent
        order.produce(m2, "ANS 2.0", false);
        order.produce(m2, "ANS 2.1", false);
        order.produce(m1, "RPY 1", true);
        order.receivingDone(m1);

        List<String> forgotten = new ArrayList<>();
        List<String> released = new ArrayList<>();
        order.clear(forgotten::add, released::add);

        forgotten.sort(null);
        assertEquals(List.of("a0", "a1", "a2", "a3"), forgotten);
        assertEquals(List.of("RPY 1", "ANS 2.0", "ANS 2.1"), released, "unsent replies, in order; ERR 0 had left");
        assertEquals(List.of("ERR 0"), wire);
        assertTrue(order.isEmpty());
        assertEquals(0, order.awaiting());
        for (int msgno = 0; msgno <= 3; msgno++) {
            assertNull(order.find(msgno));
        }
        assertFalse(drain());
        assertFalse(m3.drained(), "MSG 3 never answered");
    }

    @Test
    @DisplayName("a fully forgotten MSG is not handed over again by clear")
    void clearSkipsForgottenMsgs() {
        Slot<String, String> m = order.open(0, "done");
        order.produce(m, "RPY 0", true);
        order.receivingDone(m);
        drain();
        order.open(1, "live");
        List<String> forgotten = new ArrayList<>();
        List<String> released = new ArrayList<>();
        order.clear(forgotten::add, released::add);
        assertEquals(List.of("live"), forgotten);
        assertEquals(List.of(), released);
    }

    @Test
    @DisplayName("a msgno may be reused once forgotten, and takes its place at the end of the order")
    void msgnoReusedAfterForgetting() {
        Slot<String, String> first = order.open(0, "first");
        Slot<String, String> other = order.open(1, "other");
        order.produce(first, "RPY 0", true);
        order.receivingDone(first);
        drain();
        assertNull(order.find(0));
        Slot<String, String> again = order.open(0, "again");
        assertSame(again, order.find(0));
        assertEquals("again", again.attachment());
        assertEquals(0, again.msgno());
        order.produce(again, "RPY 0 again", true);
        drain();
        assertEquals(List.of("RPY 0"), wire, "the reused msgno waits behind MSG 1");
        order.produce(other, "RPY 1", true);
        drain();
        assertEquals(List.of("RPY 0", "RPY 1", "RPY 0 again"), wire);
    }
}
