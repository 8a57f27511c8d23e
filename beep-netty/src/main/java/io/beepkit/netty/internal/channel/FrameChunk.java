package io.beepkit.netty.internal.channel;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MessageChunk;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A piece of a MSG as the engine hands it to a streaming handler: one frame's payload, as a retained slice of the
 * network buffer or as a copy, released when the handler's call returns.
 */
public final class FrameChunk implements MessageChunk {
    private final BeepChannel channel;
    private final int msgno;
    private final ByteBuf buffer;
    private final boolean last;
    /** The copy this chunk was made from, handed out by the first {@link #bytes()} instead of a second copy. */
    private final AtomicReference<byte[]> copy;
    private final AtomicBoolean released = new AtomicBoolean();

    private FrameChunk(BeepChannel channel, int msgno, ByteBuf buffer, boolean last, byte[] copy) {
        this.channel = channel;
        this.msgno = msgno;
        this.buffer = buffer;
        this.last = last;
        this.copy = new AtomicReference<>(copy);
    }

    /** A chunk over the frame's payload itself; {@code slice} is retained for it and now belongs to it. */
    public static FrameChunk slice(BeepChannel channel, int msgno, ByteBuf slice, boolean last) {
        return new FrameChunk(channel, msgno, slice, last, null);
    }

    /** A chunk over a copy of the frame's payload. */
    public static FrameChunk copy(BeepChannel channel, int msgno, byte[] octets, boolean last) {
        return new FrameChunk(channel, msgno, Unpooled.wrappedBuffer(octets), last, octets);
    }

    @Override
    public BeepChannel channel() {
        return channel;
    }

    @Override
    public int msgno() {
        return msgno;
    }

    @Override
    public int size() {
        return buffer.readableBytes();
    }

    @Override
    public byte[] bytes() {
        ByteBuf b = buffer(); // fails once released, copy or not
        byte[] own = copy.getAndSet(null);
        return own != null ? own : ByteBufUtil.getBytes(b);
    }

    @Override
    public boolean last() {
        return last;
    }

    /** The payload, without a copy; valid until {@link #release()}. */
    public ByteBuf buffer() {
        if (released.get()) {
            throw new IllegalStateException("the chunk of msgno " + msgno + " on channel " + channel.number()
                    + " was released when its handler's call returned");
        }
        return buffer;
    }

    /** Releases the buffer; later calls do nothing. */
    public void release() {
        if (released.compareAndSet(false, true)) {
            buffer.release();
        }
    }

    @Override
    public String toString() {
        return "MessageChunk[channel " + channel.number() + ", msgno " + msgno + ", " + buffer.readableBytes()
                + " octets" + (last ? ", last]" : "]");
    }
}
