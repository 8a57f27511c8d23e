package io.beepkit.netty.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;

/**
 * The frames of one incoming message, held as retained slices (no copy) until the final frame, then turned into a
 * byte array once. Bounded: past {@code limit} octets it drops what it holds and only counts.
 */
final class Assembly {
    private final int limit;
    private CompositeByteBuf parts;
    private long size;

    Assembly(int limit) {
        this.limit = limit;
    }

    /** Adds a frame payload (retained here). Returns false once the message exceeds the limit. */
    boolean append(ByteBuf payload) {
        size += payload.readableBytes();
        if (size > limit) {
            release();
            return false;
        }
        if (payload.isReadable()) {
            if (parts == null) {
                parts = Unpooled.compositeBuffer(Integer.MAX_VALUE);
            }
            parts.addComponent(true, payload.retainedSlice());
        }
        return true;
    }

    boolean overflowed() {
        return size > limit;
    }

    long size() {
        return size;
    }

    /** Copies the message out and releases the slices. */
    byte[] take() {
        if (parts == null) {
            return new byte[0];
        }
        byte[] out = ByteBufUtil.getBytes(parts);
        release();
        return out;
    }

    void release() {
        if (parts != null) {
            parts.release();
            parts = null;
        }
    }
}
