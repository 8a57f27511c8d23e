package io.beepkit.syslog.internal;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replies a COOKED device awaits stay within half its receive window. */
class ReplyRoomTest {

    /** Hands over entries while the room admits them; returns how many went. */
    private static int fill(ReplyRoom room) {
        int n = 0;
        while (room.admitsAnother() && n < 10_000) {
            room.handedOver();
            n++;
        }
        return n;
    }

    @Test
    void halfOfTheDeviceWindowAtTheFirstEstimate() {
        ReplyRoom room = new ReplyRoom(4096);
        assertEquals(2048 / ReplyRoom.FIRST_REPLY_ESTIMATE, fill(room), "46 <ok /> of 44 octets in 2048");
    }

    @Test
    void aReplyFreesItsRoom() {
        ReplyRoom room = new ReplyRoom(4096);
        int n = fill(room);
        room.answered(44);
        assertTrue(room.admitsAnother());
        room.handedOver();
        assertFalse(room.admitsAnother());
        assertEquals(n, room.awaiting());
    }

    @Test
    void theLargestReplySeenSetsTheCount() {
        ReplyRoom room = new ReplyRoom(4096);
        room.handedOver();
        room.answered(200); // an <error> with its text, say
        assertEquals(2048 / 200, fill(room));
    }

    @Test
    void oneEntryAlwaysGoesEvenWithAReplyLargerThanTheRoom() {
        ReplyRoom room = new ReplyRoom(4096);
        room.handedOver();
        room.answered(5000);
        assertEquals(1, fill(room));
    }

    @Test
    void aWindowTooSmallIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new ReplyRoom(1));
    }
}
