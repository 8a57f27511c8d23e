package io.beepkit.netty.internal.codec;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * Reports every {@link Frame} crossing the pipeline to a tracer, one line per frame: {@code <- MSG 1 0 . 0 12} for a
 * frame received (after {@link BeepFrameDecoder}) and {@code -> SEQ 1 12 4096} for a frame sent (before
 * {@link BeepFrameEncoder}). Installed between the encoder and the session handler only when
 * {@link io.beepkit.netty.SessionConfig#frameTracer()} is set. Frames pass through untouched; a failing tracer is logged
 * and otherwise ignored.
 */
public final class FrameTraceHandler extends ChannelDuplexHandler {
    private static final Logger log = LoggerFactory.getLogger(FrameTraceHandler.class);

    private final Consumer<String> tracer;

    public FrameTraceHandler(Consumer<String> tracer) {
        this.tracer = Objects.requireNonNull(tracer, "tracer");
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (msg instanceof Frame f) {
            trace("<- ", f);
        }
        super.channelRead(ctx, msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
        if (msg instanceof Frame f) {
            trace("-> ", f);
        }
        super.write(ctx, msg, promise);
    }

    private void trace(String direction, Frame f) {
        try {
            tracer.accept(direction + f.header());
        } catch (RuntimeException e) {
            log.warn("frame tracer failed: {}", e.toString());
        }
    }
}
