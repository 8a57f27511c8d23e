package io.beepkit.netty.internal.codec;

import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.util.ReferenceCounted;

/**
 * One frame: its header and its payload (empty for SEQ). The payload is a retained slice of the network buffer on
 * the way in and of the application's buffer on the way out; whoever holds a frame releases it once.
 */
public final class Frame {
    private final FrameHeader header;
    private final ByteBuf payload;

    public Frame(FrameHeader header, ByteBuf payload) {
        if (payload.readableBytes() != header.size() && header.type() != FrameType.SEQ) {
            throw new IllegalArgumentException("payload of " + payload.readableBytes() + " octets for " + header);
        }
        this.header = header;
        this.payload = payload;
    }

    public static Frame seq(FrameHeader header) {
        return new Frame(header, Unpooled.EMPTY_BUFFER);
    }

    public FrameHeader header() {
        return header;
    }

    public ByteBuf payload() {
        return payload;
    }

    /** Releases the payload. */
    public void release() {
        ReferenceCounted p = payload;
        if (p.refCnt() > 0) {
            p.release();
        }
    }

    @Override
    public String toString() {
        return header.toString();
    }
}
