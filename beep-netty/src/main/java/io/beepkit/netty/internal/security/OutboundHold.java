package io.beepkit.netty.internal.security;

/**
 * What may leave while TLS is being negotiated (RFC 3080 §3.1.3): a peer that sent {@code <ready />} sends nothing
 * more until the answer; a peer that received it sends only the replies it still owes, then the answer.
 */
public enum OutboundHold {
    /** Everything may leave. */
    NONE,
    /**
     * Only channel 0's queued frames (our {@code <ready />} start and what precedes it), and no SEQ on any channel:
     * a SEQ written after the {@code <ready />} is traffic the peer reads as the start of the TLS handshake.
     */
    CHANNEL_ZERO_ONLY,
    /** Only replies (RPY, ERR, ANS, NUL): no MSG and no SEQ. */
    REPLIES_ONLY;

    /** True if a frame of {@code type} on channel {@code channel} may leave. */
    public boolean allows(int channel, io.beepkit.core.frame.FrameType type) {
        return switch (this) {
            case NONE -> true;
            case CHANNEL_ZERO_ONLY -> channel == 0;
            case REPLIES_ONLY -> type != io.beepkit.core.frame.FrameType.MSG;
        };
    }

    /**
     * True if a SEQ on channel {@code channel} may leave. A peer that sent {@code <ready />} sends none until the
     * answer (RFC 3080 §3.1.3.1, "must not send any further traffic"); the peer's greeting and the answer fit in the
     * 4096 octets channel 0 starts with, and a SEQ held back leaves once TLS is refused.
     */
    public boolean allowsSeq(int channel) {
        return this == NONE;
    }
}
