package io.beepkit.netty.internal.codec;

import io.beepkit.api.MimeEntity;
import io.beepkit.core.mime.MimeCodec;
import io.beepkit.core.mime.Octets;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.util.ByteProcessor;

import java.util.Arrays;

/**
 * MIME entities to and from Netty buffers without double copying: outbound, a small entity is joined in one array
 * and a larger one leaves as its header section and body, two buffers of one composite (the body array is wrapped,
 * not copied); inbound, the header section is parsed where it lies and the body is copied out once, into the array
 * the application receives.
 */
public final class MimePayloads {
    /** Entities up to this size (header section and body) are joined in one array when encoded. */
    static final int JOIN_LIMIT = 4096;

    private MimePayloads() {
    }

    /**
     * The entity as a buffer: a small one joined in one array (a copy of a few hundred octets costs less than a
     * composite buffer of two, whose parts the frame encoder must gather again); a larger one as its header section
     * and its body array, wrapped, never joined.
     */
    public static ByteBuf encode(MimeEntity entity) {
        byte[] head = MimeCodec.encodeHeaders(entity);
        byte[] body = entity.body();
        if (body.length == 0) {
            return Unpooled.wrappedBuffer(head);
        }
        if (head.length + body.length <= JOIN_LIMIT) {
            byte[] whole = Arrays.copyOf(head, head.length + body.length);
            System.arraycopy(body, 0, whole, head.length, body.length);
            return Unpooled.wrappedBuffer(whole);
        }
        return Unpooled.wrappedBuffer(head, body);
    }

    /** An already encoded payload (for example a channel-0 element), wrapped. */
    public static ByteBuf wrap(byte[] payload) {
        return Unpooled.wrappedBuffer(payload);
    }

    /** Decodes the readable octets of {@code payload} (not released here): one copy of the body. */
    public static MimeEntity decode(ByteBuf payload) {
        return MimeCodec.decode(new BufferOctets(payload));
    }

    /** The readable octets of a buffer, indexed from its reader index. */
    private record BufferOctets(ByteBuf buf) implements Octets {
        @Override
        public int length() {
            return buf.readableBytes();
        }

        @Override
        public byte get(int index) {
            return buf.getByte(buf.readerIndex() + index);
        }

        @Override
        public int indexOfCrlf(int from, int limit) {
            int base = buf.readerIndex();
            int i = from;
            while (i + 1 < limit) {
                int cr = buf.forEachByte(base + i, limit - 1 - i, ByteProcessor.FIND_CR);
                if (cr < 0) {
                    return -1;
                }
                if (buf.getByte(cr + 1) == '\n') {
                    return cr - base;
                }
                i = cr - base + 1;
            }
            return -1;
        }

        @Override
        public byte[] copy(int from, int to) {
            return ByteBufUtil.getBytes(buf, buf.readerIndex() + from, to - from, true);
        }
    }
}
