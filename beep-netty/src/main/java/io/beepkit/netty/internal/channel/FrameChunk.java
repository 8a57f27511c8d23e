package io.beepkit.netty.internal.channel;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MessageChunk;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A piece of a MSG as the engine hands it to a streaming handler: one frame's payload as a retained slice of the
 * network buffer, released once when the handler's stage completes.
 */
public final class FrameChunk implements MessageChunk {
    private final BeepChannel channel;
    private final int msgno;
    private final ByteBuf buffer;
    private final boolean last;
    private final AtomicBoolean released = new AtomicBoolean();

    /** @param buffer the frame's payload, retained for this chunk: it now belongs to the chunk */
    public FrameChunk(BeepChannel channel, int msgno, ByteBuf buffer, boolean last) {
        this.channel = channel;
        this.msgno = msgno;
        this.buffer = buffer;
        this.last = last;
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
        return ByteBufUtil.getBytes(buffer());
    }

    @Override
    public boolean last() {
        return last;
    }

    /** The frame's payload, without a copy; valid until {@link #release()}. */
    public ByteBuf buffer() {
        if (released.get()) {
            throw new IllegalStateException("the chunk of msgno " + msgno + " on channel " + channel.number()
                    + " was released when its handler's stage completed");
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
