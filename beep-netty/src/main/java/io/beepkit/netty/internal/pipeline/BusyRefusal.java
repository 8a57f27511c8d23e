package io.beepkit.netty.internal.pipeline;

import io.beepkit.core.mgmt.ManagementPayloads;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;

import java.nio.charset.StandardCharsets;

/**
 * The whole pipeline of a connection the listener refuses while over its memory budget: instead of its greeting it
 * sends {@code ERR 0 0} with {@code <error code='421'>} (RFC 3080 §2.4: the listener may refuse a session this way)
 * and closes once that is written. Whatever the peer sends meanwhile is dropped unread. Costs one small buffer.
 */
public final class BusyRefusal extends ChannelInboundHandlerAdapter {
    /** The refusal's diagnostic. */
    public static final String DIAGNOSTIC = "service not available: the listener is over its memory budget";

    private static final byte[] FRAME = frame();
    private boolean sent;

    private static byte[] frame() {
        byte[] payload = ManagementPayloads.error(421, DIAGNOSTIC);
        byte[] header = ("ERR 0 0 . 0 " + payload.length + "\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] trailer = "END\r\n".getBytes(StandardCharsets.US_ASCII);
        byte[] f = new byte[header.length + payload.length + trailer.length];
        System.arraycopy(header, 0, f, 0, header.length);
        System.arraycopy(payload, 0, f, header.length, payload.length);
        System.arraycopy(trailer, 0, f, header.length + payload.length, trailer.length);
        return f;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (ctx.channel().isActive()) {
            refuse(ctx);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        refuse(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ReferenceCountUtil.release(msg);
    }

    private void refuse(ChannelHandlerContext ctx) {
        if (sent) {
            return;
        }
        sent = true;
        ByteBuf buf = ctx.alloc().buffer(FRAME.length).writeBytes(FRAME);
        ctx.writeAndFlush(buf).addListener(ChannelFutureListener.CLOSE);
    }
}
