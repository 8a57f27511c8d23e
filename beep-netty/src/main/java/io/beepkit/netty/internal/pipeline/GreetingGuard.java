package io.beepkit.netty.internal.pipeline;

import io.beepkit.netty.internal.GreetingReceivedEvent;
import io.beepkit.netty.internal.PeerAddress;
import io.beepkit.netty.internal.ViolationLog;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection whose peer has not delivered its complete greeting within a timeout, or has sent more than a
 * limit of octets without completing it: silent, half-greeted and never-ending greetings cost a descriptor and
 * buffers only for a bounded time and size. Sits in front of the frame decoder, counting raw octets; removes itself
 * once the session fires {@link GreetingReceivedEvent}, so an established session pays nothing for it. Closing logs
 * through the listener's {@link ViolationLog}, so thousands of silent peers cannot flood the log.
 */
public final class GreetingGuard extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(GreetingGuard.class);

    private final Duration timeout;
    private final int maxOctets;
    private final ViolationLog violations;
    private ScheduledFuture<?> timer;
    private long octets;
    private boolean greeted;

    /**
     * @param timeout    how long the peer has to complete its greeting, counted from when the channel is set up (for an
     *                   initiator that includes connecting)
     * @param maxOctets  the most octets, framing included, the peer may send before its greeting is complete
     * @param violations where closes are logged (rate-limited per kind)
     */
    public GreetingGuard(Duration timeout, int maxOctets, ViolationLog violations) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("greeting timeout must be positive: " + timeout);
        }
        if (maxOctets < 1) {
            throw new IllegalArgumentException("maxOctets must be >= 1: " + maxOctets);
        }
        this.timeout = timeout;
        this.maxOctets = maxOctets;
        this.violations = violations;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        timer = ctx.executor().schedule(() -> onTimeout(ctx), timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancel();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancel();
        ctx.fireChannelInactive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf buf) {
            octets += buf.readableBytes();
        }
        ctx.fireChannelRead(msg); // the greeting may complete while this read is decoded
        if (!greeted && octets > maxOctets && ctx.channel().isActive()) {
            violations.warn(log, "greeting too large",
                    "closing connection from {}: {} octets received without a complete greeting, limit {}",
                    PeerAddress.of(ctx.channel()), octets, maxOctets);
            ctx.close();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt == GreetingReceivedEvent.INSTANCE && !greeted) {
            greeted = true;
            cancel();
            ctx.pipeline().remove(this);
        }
        ctx.fireUserEventTriggered(evt);
    }

    private void onTimeout(ChannelHandlerContext ctx) {
        if (greeted || !ctx.channel().isActive()) {
            return;
        }
        violations.warn(log, "greeting timeout",
                "closing connection from {}: no complete greeting within {} ms ({} octets received)",
                PeerAddress.of(ctx.channel()), timeout.toMillis(), octets);
        ctx.close();
    }

    private void cancel() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }
}
