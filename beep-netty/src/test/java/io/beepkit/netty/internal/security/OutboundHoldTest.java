package io.beepkit.netty.internal.security;

import io.beepkit.core.frame.FrameType;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OutboundHoldTest {
    @Test
    @DisplayName("RFC 3080 §3.1.3.1: after <ready /> the initiator sends no SEQ, not even on channel 0")
    void noSeqAfterReady() {
        assertFalse(OutboundHold.CHANNEL_ZERO_ONLY.allowsSeq(0));
        assertFalse(OutboundHold.CHANNEL_ZERO_ONLY.allowsSeq(1));
        assertTrue(OutboundHold.CHANNEL_ZERO_ONLY.allows(0, FrameType.MSG), "the queued <ready /> itself leaves");
        assertFalse(OutboundHold.CHANNEL_ZERO_ONLY.allows(1, FrameType.MSG));
    }

    @Test
    @DisplayName("RFC 3080 §3.1.3.1: the listener sends only the replies it owes, no MSG and no SEQ")
    void listenerSendsOnlyReplies() {
        assertFalse(OutboundHold.REPLIES_ONLY.allowsSeq(0));
        assertFalse(OutboundHold.REPLIES_ONLY.allows(3, FrameType.MSG));
        assertTrue(OutboundHold.REPLIES_ONLY.allows(3, FrameType.RPY));
        assertTrue(OutboundHold.NONE.allowsSeq(5));
    }
}
