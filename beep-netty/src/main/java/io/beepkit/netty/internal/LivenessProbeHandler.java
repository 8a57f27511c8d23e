package io.beepkit.netty.internal;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Tells the session when nothing has been received for the liveness probe's interval, and again every interval
 * while that lasts, by firing {@link #PROBE_DUE} down the pipeline; the session sends the probe.
 */
public final class LivenessProbeHandler extends IdleStateHandler {
    /** The user event that asks the session for a probe. */
    public static final Object PROBE_DUE = new Object() {
        @Override
        public String toString() {
            return "liveness probe due";
        }
    };

    /** @param interval how long the session may receive nothing before a probe; positive */
    public LivenessProbeHandler(Duration interval) {
        super(interval.toNanos(), 0, 0, TimeUnit.NANOSECONDS);
    }

    @Override
    protected void channelIdle(ChannelHandlerContext ctx, IdleStateEvent evt) {
        if (evt.state() == IdleState.READER_IDLE && ctx.channel().isActive()) {
            ctx.fireUserEventTriggered(PROBE_DUE);
        }
    }
}
