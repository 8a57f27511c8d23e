package io.beepkit.netty.internal.channel;

import io.beepkit.api.MimeEntity;
import io.beepkit.netty.internal.codec.MimePayloads;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;

/**
 * The frames of one incoming message, held as retained slices (no copy) until the final frame, then decoded with
 * its body copied out once. A one-frame message needs no composite buffer. Bounded: past {@code limit} octets it
 * drops what it holds and only counts.
 */
public final class Assembly {
    private final int limit;
    private ByteBuf parts;
    private long size;

    /** An assembly that holds at most {@code limit} octets. */
    public Assembly(int limit) {
        this.limit = limit;
    }

    /** Adds a frame payload (retained here). Returns false once the message exceeds the limit. */
    public boolean append(ByteBuf payload) {
        size += payload.readableBytes();
        if (size > limit) {
            release();
            return false;
        }
        if (!payload.isReadable()) {
            return true;
        }
        if (parts == null) {
            parts = payload.retainedSlice();
        } else if (parts instanceof CompositeByteBuf c) {
            c.addComponent(true, payload.retainedSlice());
        } else {
            CompositeByteBuf c = Unpooled.compositeBuffer(Integer.MAX_VALUE);
            c.addComponent(true, parts);
            c.addComponent(true, payload.retainedSlice());
            parts = c;
        }
        return true;
    }

    /** Octets appended so far. */
    public long size() {
        return size;
    }

    /** Decodes the message (one copy of its body) and releases the slices. */
    public MimeEntity takeEntity() {
        if (parts == null) {
            return MimePayloads.decode(Unpooled.EMPTY_BUFFER);
        }
        try {
            return MimePayloads.decode(parts);
        } finally {
            release();
        }
    }

    /** Drops what is held. */
    public void release() {
        if (parts != null) {
            parts.release();
            parts = null;
        }
    }
}
