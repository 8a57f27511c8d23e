package io.beepkit.netty.internal.channel;

import io.beepkit.core.frame.FrameType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;

import java.util.ArrayDeque;

/**
 * A message queued on a channel; the window-aware scheduler cuts it into frames. A whole message is one buffer; a
 * streamed one grows as the application writes and is complete only once ended, so its last frame waits for that.
 */
public final class OutboundMessage {
    private final FrameType type;
    private final int msgno;
    private final long ansno;
    private final int total;
    private ByteBuf payload;
    private boolean complete;
    private boolean truncated;
    private boolean started;
    private boolean wholeFrame;
    private long sent;
    private ArrayDeque<ByteBuf> chunks;
    private long queued;
    private Runnable onWritten;
    /** For streamed messages: told how far sending got, to release the writer's back-pressure. */
    private StreamProgress progress;

    /** What a streamed message's writer is told after each frame. */
    public interface StreamProgress {
        /** {@code octetsSent} of the message have left; {@code octetsQueued} wait. */
        void sent(long octetsSent, long octetsQueued);
    }

    /** A whole message; ownership of {@code payload} passes here. */
    public OutboundMessage(FrameType type, int msgno, long ansno, ByteBuf payload) {
        this.type = type;
        this.msgno = msgno;
        this.ansno = ansno;
        this.payload = payload;
        this.total = payload.readableBytes();
        this.complete = true;
    }

    /** True when the message leaves only as one whole frame, waiting until the peer's window holds all of it. */
    public boolean wholeFrame() {
        return wholeFrame;
    }

    /** Makes a whole message leave only as one whole frame (or lets it be cut again). */
    public void wholeFrame(boolean v) {
        wholeFrame = v && chunks == null;
    }

    /** The frame type: MSG, RPY, ERR, ANS or NUL. */
    public FrameType type() {
        return type;
    }

    /** The msgno it carries. */
    public int msgno() {
        return msgno;
    }

    /** The ansno of an ANS, else -1. */
    public long ansno() {
        return ansno;
    }

    /** Runs once the message's last frame is written, or null. */
    public Runnable onWritten() {
        return onWritten;
    }

    /** Sets what runs once the last frame is written. */
    public void onWritten(Runnable r) {
        onWritten = r;
    }

    /** The writer of a streamed message, told after each frame; or null. */
    public StreamProgress progress() {
        return progress;
    }

    /** Sets the writer told after each frame. */
    public void progress(StreamProgress p) {
        progress = p;
    }

    /** A streamed message, empty and open until {@link #end()}. */
    public static OutboundMessage streamed(FrameType type, int msgno) {
        OutboundMessage m = new OutboundMessage(type, msgno, -1, Unpooled.EMPTY_BUFFER);
        m.chunks = new ArrayDeque<>();
        m.complete = false;
        return m;
    }

    /** Appends octets to a streamed message (ownership passes here). */
    public void append(ByteBuf chunk) {
        if (chunks == null || truncated) {
            chunk.release();
            return;
        }
        chunks.add(chunk);
        queued += chunk.readableBytes();
    }

    /** The application ended a streamed message: its last frame may go. */
    public void end() {
        complete = true;
    }

    /** True once nothing more will be appended. */
    public boolean complete() {
        return complete || truncated;
    }

    /** Octets ready to go now. */
    public int remaining() {
        if (truncated) {
            return 0;
        }
        if (chunks != null) {
            return (int) Math.min(Integer.MAX_VALUE, queued);
        }
        return payload == null ? 0 : payload.readableBytes();
    }

    /** The size of a whole message; for a streamed one, what has been written so far. */
    public int total() {
        return chunks == null ? total : (int) Math.min(Integer.MAX_VALUE, sent + remaining());
    }

    /** True once a frame of it was written. */
    public boolean started() {
        return started;
    }

    /** Octets written so far. */
    public long sent() {
        return sent;
    }

    /** True when a frame can be written: data is ready, or the message ends (possibly with an empty frame). */
    public boolean sendable() {
        return remaining() > 0 || complete();
    }

    /** A retained slice of the next {@code n} octets. */
    public ByteBuf next(int n) {
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
    public void truncate() {
        truncated = true;
    }

    /** Releases every buffer held. */
    public void release() {
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
