package io.beepkit.netty.internal.session;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.SessionRole;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.codec.BeepFrameDecoder;
import io.beepkit.netty.internal.codec.FrameLimits;
import io.beepkit.netty.internal.security.OutboundHold;
import io.beepkit.netty.internal.security.TuningHost;
import io.beepkit.netty.tls.TlsConfig;
import io.netty.channel.Channel;

import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * What the TLS and SASL wiring may do to the session, and in particular the TLS tuning reset in place (RFC 3080
 * §3.1.3): every channel is dropped from the {@link ChannelTable}, the scheduler and the receive-window controller
 * forget them, channel management starts afresh (channel 0 restarts at msgno 0 and seqno 0 with the new greeting),
 * and a new frame decoder replaces the old one. The {@link DefaultBeepSession} itself, and its counters of closed
 * channels, stay.
 */
final class SessionReset implements TuningHost {
    private final SessionContext ctx;
    private final DefaultBeepSession session;
    private final ReceiveFlowController flow;
    private final OutboundScheduler scheduler;
    private final ChannelTable table;
    private final String peerHost;
    private final int peerPort;
    private final Duration tuningTimeout;
    private final FrameLimits frameLimits;

    SessionReset(SessionContext ctx, DefaultBeepSession session, ReceiveFlowController flow,
                 OutboundScheduler scheduler, ChannelTable table, String peerHost, int peerPort, TlsConfig tls,
                 FrameLimits frameLimits) {
        this.ctx = ctx;
        this.session = session;
        this.flow = flow;
        this.scheduler = scheduler;
        this.table = table;
        this.peerHost = peerHost;
        this.peerPort = peerPort;
        this.tuningTimeout = tls == null ? TlsConfig.DEFAULT_HANDSHAKE_TIMEOUT : tls.handshakeTimeout();
        this.frameLimits = frameLimits;
    }

    @Override
    public BeepSession session() {
        return session;
    }

    @Override
    public SessionRole role() {
        return ctx.role();
    }

    @Override
    public Channel channel() {
        return session.nettyChannel();
    }

    @Override
    public String peerHost() {
        return peerHost;
    }

    @Override
    public int peerPort() {
        return peerPort;
    }

    @Override
    public Executor callbacks() {
        return ctx.callbacks();
    }

    @Override
    public Collection<ChannelImpl> allChannels() {
        return table.all();
    }

    @Override
    public void hold(OutboundHold hold) {
        ctx.hold(hold);
        if (hold == OutboundHold.NONE && !ctx.closed()) {
            flow.resumeSeqs(table.all());
            scheduler.writePending();
        }
    }

    @Override
    public void requestStart(ChannelRequest request, CompletableFuture<BeepChannel> f) {
        session.management().requestStart(request, f);
    }

    @Override
    public void resetForTls(BeepException cause) {
        table.dropAll(cause, ctx);
        scheduler.clear();
        flow.reset();
        session.management().reset(cause);
        ctx.hold(OutboundHold.NONE);
        // Whatever the old decoder still held arrived after the ready: the handler treats it as a violation.
        Channel ch = channel();
        ch.pipeline().replace(BeepFrameDecoder.NAME, BeepFrameDecoder.NAME,
                new BeepFrameDecoder(BeepFrameDecoder.frameLimit(ctx.config().flow().maxWindow()),
                        frameLimits));
    }

    @Override
    public void greet() {
        session.start();
    }

    @Override
    public void sessionReady() {
        session.tellApplication();
    }

    @Override
    public void terminate(BeepException e) {
        ctx.terminate(e);
    }

    @Override
    public Duration tuningTimeout() {
        return tuningTimeout;
    }
}
