package io.beepkit.netty.internal.session;

import io.beepkit.netty.diagnostics.FailureText;
import io.beepkit.netty.internal.PeerAddress;
import io.beepkit.api.BeepException;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.SessionClosedException;
import io.beepkit.api.SessionRole;
import io.beepkit.core.LogText;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.internal.LivenessProbeHandler;
import io.beepkit.netty.internal.SocketSetup;
import io.beepkit.netty.internal.Transport;
import io.beepkit.netty.internal.codec.Frame;
import io.beepkit.netty.internal.codec.FrameLimits;
import io.beepkit.netty.internal.mgmt.ChannelManagement;
import io.beepkit.netty.internal.security.SecurityEndpoint;
import io.beepkit.netty.internal.security.SessionTuning;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.channels.ClosedChannelException;
import java.util.function.Consumer;

/**
 * The Netty side of one BEEP session, and nothing else: it builds the engine's pieces, hands them decoded frames,
 * routes errors (a protocol violation terminates the session with one log line; any other failure closes it), and
 * ends each read burst in a fixed order: application callbacks of the burst, the burst's SEQs, pending frames, then
 * the one flush.
 */
public final class BeepSessionHandler extends ChannelDuplexHandler {
    private static final Logger log = LoggerFactory.getLogger(BeepSessionHandler.class);

    private final SessionContext ctx;
    private final ReceiveFlowController flow;
    private final OutboundScheduler scheduler;
    private final InboundDispatcher dispatcher;
    private final DefaultBeepSession session;
    private final Transport transport;
    private final SessionTuning tuning;
    private final FrameLimits frameLimits;
    private ChannelHandlerContext channelContext;
    private boolean started;
    private boolean reading;
    private final ReadSlices slices = new ReadSlices();
    private Throwable failure;

    /**
     * @param onReady   told on the callback executor once greetings are exchanged (and, for an initiator, TLS and
     *                  SASL on connect done)
     * @param transport the transport, to read socket options back (null to skip)
     * @param security  the listener's or initiator's TLS and SASL
     * @param callbackSetup where application callbacks run
     * @param peerHost  the host connected to (initiator: SNI, certificate check, DIGEST-MD5), or null
     * @param peerPort  the port connected to, or 0
     */
    public BeepSessionHandler(SessionRole role, SessionConfig config, ProfileRegistry registry,
                              Consumer<BeepSession> onReady, Transport transport, SecurityEndpoint security,
                              CallbackSetup callbackSetup, String peerHost, int peerPort) {
        CallbackDispatcher callbacks = callbackSetup.newDispatcher();
        this.ctx = new SessionContext(role, config, registry, callbacks, this::terminate, this::remoteAddress);
        this.transport = transport;
        ChannelTable table = new ChannelTable();
        this.frameLimits = new ReceiveWindowLimits(table, ctx.memory(), ctx.turn());
        this.flow = new ReceiveFlowController(ctx);
        this.scheduler = new OutboundScheduler(ctx, flow);
        this.session = new DefaultBeepSession(ctx, table, flow, scheduler, onReady);
        this.tuning = new SessionTuning(new SessionReset(ctx, session, flow, scheduler, table, peerHost, peerPort,
                security.tls(), frameLimits), security);
        session.tuning(tuning);
        ChannelManagement management = new ChannelManagement(session.host());
        session.management(management);
        scheduler.onMessageWritten(ch -> {
            if (ch.number() != 0 && ch.outbound().isEmpty()) {
                session.management().channelProgress(ch);
            }
            tuning.progress();
        });
        this.dispatcher = new InboundDispatcher(ctx, table, flow, scheduler, management);
    }

    /** The session this handler drives. */
    public DefaultBeepSession session() {
        return session;
    }

    /** What the frame decoder in front of this handler may accept on each channel: our open receive windows. */
    public FrameLimits frameLimits() {
        return frameLimits;
    }

    private java.net.SocketAddress remoteAddress() {
        return channelContext == null ? null : PeerAddress.of(channelContext.channel());
    }

    @Override
    public void handlerAdded(ChannelHandlerContext c) {
        this.channelContext = c;
        ctx.bind(c.channel().eventLoop());
        SessionConfig config = ctx.config();
        ctx.writer().bind(c, cause -> exceptionCaught(c, cause), !config.socket().tcpNoDelay(),
                config.flow().naiveSplitting());
        session.bind(c.channel());
        ctx.bindChannel(c.channel()); // for pausing reads (memory budget, turn share) and for failing the session from any task
        if (c.channel().isActive()) {
            start();
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext c) {
        start();
        c.fireChannelActive();
    }

    private void start() {
        if (started) {
            return;
        }
        started = true;
        Observation.sessionOpened(ctx);
        if (transport != null) {
            // Read back once connected: the kernel's values, not what the profile asked for.
            session.socketOptions(SocketSetup.readBack(channelContext.channel(), transport));
            log.debug("{} session {}: tuning {} -> {}", ctx.role(), channelContext.channel(),
                    SocketTuning.nameOf(ctx.config().socket(), ctx.config().flow()), session.socketOptions());
        }
        // Both roles greet at once, never waiting for the peer's greeting (RFC 3080 §2.4; Vortex waits for ours).
        session.start();
    }

    @Override
    public void channelRead(ChannelHandlerContext c, Object msg) {
        if (!(msg instanceof Frame frame)) {
            if (msg instanceof ByteBuf leftover) {
                afterReady(leftover); // what the replaced frame decoder still held at the TLS reset
            } else {
                c.fireChannelRead(msg);
            }
            return;
        }
        if (tuning.inboundForbidden() && !ctx.closed()) {
            frame.release();
            terminate(new BeepProtocolException("frame received after <ready /> before TLS began (RFC 3080 section"
                    + " 3.1.3): " + frame.header()));
            return;
        }
        try {
            if (!reading) {
                reading = true;
                slices.begin();
                ctx.writer().beginRead();
                flow.beginRead();
                ctx.beginRead();
            }
            if (!ctx.closed()) {
                dispatcher.onFrame(frame);
                ctx.turn().frameHandled(frame.header().size());
                if (slices.cutAfter(frame.header().size()) && !ctx.closed()) {
                    ctx.cutRead();
                }
            }
        } catch (BeepProtocolException e) {
            terminate(e);
        } finally {
            frame.release();
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext c) {
        if (reading) {
            reading = false;
            ctx.endRead();
            if (!ctx.closed()) {
                flow.endRead();
                scheduler.writePending();
            }
            ctx.writer().endRead();
        }
        c.fireChannelReadComplete();
    }

    private void afterReady(ByteBuf leftover) {
        try {
            if (leftover.isReadable() && !ctx.closed()) {
                terminate(new BeepProtocolException(leftover.readableBytes() + " octets received after <ready /> "
                        + "before TLS began (RFC 3080 section 3.1.3)"));
            }
        } finally {
            leftover.release();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext c, Object evt) {
        if (evt == LivenessProbeHandler.PROBE_DUE) {
            if (!ctx.closed()) {
                session.management().probe(ctx.config().livenessProbe().timeout());
            }
            return;
        }
        if (evt instanceof SslHandshakeCompletionEvent e) {
            if (e.isSuccess()) {
                tuning.onHandshake(e);
            } else if (failure == null) {
                failure = e.cause();
                log.warn("TLS handshake with {} failed: {}", remoteAddress(), e.cause().toString());
                c.close();
            }
        }
        c.fireUserEventTriggered(evt);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext c) {
        if (c.channel().isWritable()) {
            scheduler.writePending();
        }
        c.fireChannelWritabilityChanged();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext c, Throwable cause) {
        Throwable t = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        if (t instanceof BeepProtocolException bpe) {
            terminate(bpe);
        } else {
            // A write that finds the channel closed (ours, by terminate or close) is no failure of its own: whatever
            // closed the channel was reported, or was the application's wish.
            if (failure == null && !(t instanceof ClosedChannelException)) {
                log.warn("session with {} failed: {}", remoteAddress(), LogText.escape(t.toString()));
                failure = t;
            }
            c.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext c) {
        if (!ctx.closed()) {
            ctx.violations().logSummary(log, remoteAddress()); // counts of the violations not logged one by one
            Observation.sessionClosed(ctx, failure);
            session.shutdown(failure == null
                    ? new SessionClosedException("session with " + remoteAddress() + " closed")
                    : new SessionClosedException("session with " + remoteAddress() + " terminated: "
                    + FailureText.describe(failure), failure));
        }
        c.fireChannelInactive();
    }

    /**
     * Terminates the session for a protocol violation, or for the peer's refusal of the session (an ERR greeting,
     * given as a {@link io.beepkit.api.BeepErrorException}): one log line, close TCP, fail everything pending.
     */
    private void terminate(BeepException e) {
        if (failure == null) {
            failure = e;
            Observation.protocolError(ctx, e);
            log.warn("terminating BEEP session with {}: {}", remoteAddress(), LogText.escape(e.getMessage()));
        }
        if (channelContext != null) {
            channelContext.close();
        }
    }
}
