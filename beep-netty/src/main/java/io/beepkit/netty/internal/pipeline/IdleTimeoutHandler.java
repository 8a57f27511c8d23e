package io.beepkit.netty.internal.pipeline;

import io.beepkit.netty.internal.PeerAddress;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Closes a session after a period with no octet received or sent (SEQ frames included). Off unless configured:
 * without a keep-alive an idle BEEP session cannot be told from a dead peer, and closing an idle one is the
 * application's policy to choose.
 */
public final class IdleTimeoutHandler extends IdleStateHandler {
    private static final Logger log = LoggerFactory.getLogger(IdleTimeoutHandler.class);

    private final Duration timeout;

    /** @param timeout how long a session may stay idle; positive */
    public IdleTimeoutHandler(Duration timeout) {
        super(0, 0, checked(timeout).toNanos(), TimeUnit.NANOSECONDS);
        this.timeout = timeout;
    }

    private static Duration checked(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("idle timeout must be positive: " + timeout);
        }
        return timeout;
    }

    @Override
    protected void channelIdle(ChannelHandlerContext ctx, IdleStateEvent evt) {
        if (evt.state() == IdleState.ALL_IDLE && ctx.channel().isActive()) {
            log.info("closing session with {}: idle for {} ms", PeerAddress.of(ctx.channel()), timeout.toMillis());
            ctx.close();
        }
    }
}
