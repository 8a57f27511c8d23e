package io.beepkit.netty.internal;

import io.beepkit.core.frame.FrameType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;

import java.util.ArrayDeque;

/**
 * A message queued on a channel; the window-aware scheduler cuts it into frames. A whole message is one buffer; a
 * streamed one grows as the application writes and is complete only once ended, so its last frame waits for that.
 */
final class OutboundMessage {
    final FrameType type;
    final int msgno;
    final long ansno;
    private final int total;
    private ByteBuf payload;
    private boolean complete;
    private boolean truncated;
    private boolean started;
    private long sent;
    private ArrayDeque<ByteBuf> chunks;
    private long queued;
    Runnable onWritten;
    /** For streamed messages: told how far sending got, to release the writer's back-pressure. */
    StreamProgress progress;

    /** What a streamed message's writer is told after each frame. */
    interface StreamProgress {
        void sent(long octetsSent, long octetsQueued);
    }

    /** A whole message. */
    OutboundMessage(FrameType type, int msgno, long ansno, ByteBuf payload) {
        this.type = type;
        this.msgno = msgno;
        this.ansno = ansno;
        this.payload = payload;
        this.total = payload.readableBytes();
        this.complete = true;
    }

    /** A streamed message, empty and open until {@link #end()}. */
    static OutboundMessage streamed(FrameType type, int msgno) {
        OutboundMessage m = new OutboundMessage(type, msgno, -1, Unpooled.EMPTY_BUFFER);
        m.chunks = new ArrayDeque<>();
        m.complete = false;
        return m;
    }

    /** Appends octets to a streamed message (ownership passes here). */
    void append(ByteBuf chunk) {
        if (chunks == null || truncated) {
            chunk.release();
            return;
        }
        chunks.add(chunk);
        queued += chunk.readableBytes();
    }

    void end() {
        complete = true;
    }

    boolean complete() {
        return complete || truncated;
    }

    /** Octets ready to go now. */
    int remaining() {
        if (truncated) {
            return 0;
        }
        if (chunks != null) {
            return (int) Math.min(Integer.MAX_VALUE, queued);
        }
        return payload == null ? 0 : payload.readableBytes();
    }

    /** The size of a whole message; for a streamed one, what has been written so far. */
    int total() {
        return chunks == null ? total : (int) Math.min(Integer.MAX_VALUE, sent + remaining());
    }

    boolean started() {
        return started;
    }

    long sent() {
        return sent;
    }

    /** True when a frame can be written: data is ready, or the message ends (possibly with an empty frame). */
    boolean sendable() {
        return remaining() > 0 || complete();
    }

    /** A retained slice of the next {@code n} octets. */
    ByteBuf next(int n) {
        started = true;
        sent += n;
        if (chunks == null) {
            return payload.readRetainedSlice(n);
        }
        queued -= n;
        ByteBuf head = chunks.peek();
        if (head.readableBytes() >= n) {
            ByteBuf slice = head.readRetainedSlice(n);
            if (!head.isReadable()) {
                chunks.poll().release();
            }
            return slice;
        }
        // The frame spans several of the writer's chunks: gather slices, still without copying.
        CompositeByteBuf frame = Unpooled.compositeBuffer(Integer.MAX_VALUE);
        int left = n;
        while (left > 0) {
            ByteBuf c = chunks.peek();
            int take = Math.min(left, c.readableBytes());
            frame.addComponent(true, c.readRetainedSlice(take));
            if (!c.isReadable()) {
                chunks.poll().release();
            }
            left -= take;
        }
        return frame;
    }

    /**
     * The receiver answered with ERR before our last frame (RFC 3080 §2.6.3): send no more of it; the next frame
     * is an empty final one.
     */
    void truncate() {
        truncated = true;
    }

    void release() {
        if (chunks != null) {
            chunks.forEach(ByteBuf::release);
            chunks.clear();
            queued = 0;
        }
        if (payload != null) {
            payload.release();
            payload = null;
        }
    }
}
