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
 * Writes a {@link Frame} as three buffers: a small header, the payload slice as handed over (no copy), and the shared
 * trailer. The mirror of {@link BeepFrameDecoder}. Stateless and sharable.
 */
@ChannelHandler.Sharable
public final class BeepFrameEncoder extends MessageToMessageEncoder<Frame> {
    public static final BeepFrameEncoder INSTANCE = new BeepFrameEncoder();

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
        ByteBuf header = ctx.alloc().buffer(n).writeBytes(line, 0, n);
        out.add(header);
        if (h.type() == FrameType.SEQ) {
            frame.release();
            return; // no payload, no trailer
        }
        if (h.size() > 0) {
            out.add(frame.payload()); // ownership passes on: written and released by the transport
        } else {
            frame.release();
        }
        out.add(TRAILER.duplicate());
    }

    @Override
    public boolean acceptOutboundMessage(Object msg) {
        return msg instanceof Frame;
    }
}
