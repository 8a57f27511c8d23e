package io.beepkit.netty.internal.codec;

import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameHeaderWriter;
import io.beepkit.core.frame.FrameType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageEncoder;
import io.netty.util.concurrent.FastThreadLocal;

import java.util.List;

/**
 * Writes a {@link Frame}, the mirror of {@link BeepFrameDecoder}. A payload on the heap, or a small one, leaves in one
 * I/O buffer with its header and trailer: the transport would copy a heap payload into a direct buffer anyway, so
 * doing it here costs no extra copy and saves the header and trailer buffers, their outbound-buffer entries and the
 * promises that tie three writes together. A large direct payload is not copied: it leaves as the retained slice
 * handed over, between a small header buffer and the shared trailer. Stateless and sharable.
 */
@ChannelHandler.Sharable
public final class BeepFrameEncoder extends MessageToMessageEncoder<Frame> {
    public static final BeepFrameEncoder INSTANCE = new BeepFrameEncoder();
    /** Direct payloads up to this size are copied next to their header: cheaper than a write of their own. */
    static final int MERGE_DIRECT_LIMIT = 1024;

    private static final ByteBuf TRAILER = Unpooled.unreleasableBuffer(
            Unpooled.directBuffer(5).writeBytes(FrameHeaderWriter.TRAILER)).asReadOnly();

    /** Per event-loop scratch space for one header line: no allocation per frame. */
    private static final FastThreadLocal<byte[]> SCRATCH = new FastThreadLocal<>() {
        @Override
        protected byte[] initialValue() {
            return new byte[FrameHeader.MAX_HEADER_LENGTH];
        }
    };

    private BeepFrameEncoder() {
        super(Frame.class);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, Frame frame, List<Object> out) {
        FrameHeader h = frame.header();
        byte[] line = SCRATCH.get();
        int n = FrameHeaderWriter.write(h, line);
        if (h.type() == FrameType.SEQ) {
            frame.release();
            out.add(ctx.alloc().ioBuffer(n).writeBytes(line, 0, n)); // no payload, no trailer
            return;
        }
        ByteBuf payload = frame.payload();
        int size = h.size();
        if (size == 0 || size <= MERGE_DIRECT_LIMIT || !payload.isDirect()) {
            int trailer = FrameHeaderWriter.TRAILER.length;
            ByteBuf whole = ctx.alloc().ioBuffer(n + size + trailer).writeBytes(line, 0, n);
            try {
                // getBytes copies a composite payload part by part; writeBytes would first join it in a new
                // heap buffer (CompositeByteBuf.nioBuffer).
                payload.getBytes(payload.readerIndex(), whole, n, size);
                whole.writerIndex(n + size).writeBytes(FrameHeaderWriter.TRAILER);
            } catch (RuntimeException e) {
                whole.release();
                throw e;
            } finally {
                frame.release();
            }
            out.add(whole);
            return;
        }
        out.add(ctx.alloc().ioBuffer(n).writeBytes(line, 0, n));
        out.add(payload); // ownership passes on: written and released by the transport
        out.add(TRAILER.duplicate());
    }
    @Override
    public boolean acceptOutboundMessage(Object msg) {
        return msg instanceof Frame;
    }
}
