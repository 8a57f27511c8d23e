package io.beepkit.syslog;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The COOKED device's receive window, sized for the replies to the entries it keeps in flight. */
class SyslogSenderWindowTest {
    @Test
    void theWindowHoldsTheRepliesOfEveryEntryInHalfOfItAndNeverShrinksBelowTheRfcWindow() {
        assertEquals(4096, SyslogSender.replyWindow(1));
        assertEquals(4096, SyslogSender.replyWindow(46), "46 <ok /> of 44 octets fit in 2048");
        assertEquals(2 * 47 * 44, SyslogSender.replyWindow(47));
        assertEquals(2 * 1024 * 44, SyslogSender.replyWindow(1024));
    }

    @Test
    void anInFlightCountOutsideItsRangeIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SyslogSender.cooked(null, null, 0));
        assertTrue(e.getMessage().contains("entriesInFlight") && e.getMessage().endsWith(": 0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SyslogSender.cooked(null, null, 65_537));
    }
}
