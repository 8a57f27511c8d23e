package io.beepkit.netty.internal;

import io.beepkit.core.frame.FrameType;
import io.netty.buffer.ByteBuf;

/** A message queued on a channel: its payload is cut into frames by the window-aware scheduler. */
final class OutboundMessage {
    final FrameType type;
    final int msgno;
    final long ansno;
    private ByteBuf payload;
    private int offset;
    private boolean truncated;
    private boolean started;
    Runnable onWritten;

    OutboundMessage(FrameType type, int msgno, long ansno, ByteBuf payload) {
        this.type = type;
        this.msgno = msgno;
        this.ansno = ansno;
        this.payload = payload;
        this.total = payload.readableBytes();
    }

    int remaining() {
        return truncated || payload == null ? 0 : payload.readableBytes() - offset;
    }

    private int total = -1;

    int total() {
        if (total < 0) {
            total = payload.readableBytes();
        }
        return total;
    }

    boolean started() {
        return started;
    }

    /** A retained slice of the next {@code n} octets. */
    ByteBuf next(int n) {
        started = true;
        ByteBuf slice = payload.retainedSlice(payload.readerIndex() + offset, n);
        offset += n;
        return slice;
    }

    /**
     * The receiver answered with ERR before our last frame (RFC 3080 §2.6.3): send no more of it; the next frame
     * is an empty final one.
     */
    void truncate() {
        truncated = true;
    }

    void release() {
        if (payload != null) {
            payload.release();
            payload = null;
        }
    }
}
