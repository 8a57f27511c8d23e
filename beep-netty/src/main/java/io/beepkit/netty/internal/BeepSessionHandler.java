package io.beepkit.netty.internal;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepException;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.Message;
import io.beepkit.api.MessageTooLargeException;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.Reply;
import io.beepkit.api.SessionClosedException;
import io.beepkit.api.SessionRole;
import io.beepkit.api.TransferStats;
import io.beepkit.core.flow.FragmentPlanner;
import io.beepkit.core.flow.ReceiveWindow;
import io.beepkit.core.flow.ReceiveWindowTuner;
import io.beepkit.core.flow.SendWindow;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.mime.MimeCodec;
import io.beepkit.netty.BeepConfig;
import io.beepkit.netty.EffectiveSocketOptions;
import io.beepkit.netty.SocketProfile;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.DecoderException;
import io.netty.util.collection.IntObjectHashMap;
import io.netty.util.collection.IntObjectMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.SocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One BEEP session on one Netty channel: the channel multiplexer. It dispatches decoded frames to channel state,
 * enforces windows and sequence numbers on the way in, and on the way out cuts queued messages into frames with the
 * window-aware {@link FragmentPlanner}, visiting channels round-robin one frame at a time so a bulk channel cannot
 * starve the others, and only while the socket is writable.
 *
 * <p>Threading: every field is confined to the channel's event loop. Public methods hop onto it; application
 * callbacks and future completions go to a per-session {@link SerialExecutor}, never run on the event loop.
 */
public final class BeepSessionHandler extends ChannelDuplexHandler implements BeepSession {
    private static final Logger log = LoggerFactory.getLogger(BeepSessionHandler.class);
    private static final int RECENTLY_CLOSED = 64;

    private final SessionRole role;
    private final BeepConfig config;
    private final ProfileRegistry registry;
    private final SerialExecutor callbacks;
    private final FragmentPlanner planner;
    private final Consumer<BeepSession> onReady;
    private final IntObjectMap<BeepChannelImpl> channels = new IntObjectHashMap<>();
    /** Open channels other than 0, readable from any thread. */
    private final ConcurrentMap<Integer, BeepChannel> openView =
            new ConcurrentSkipListMap<>();
    private final LinkedHashSet<Integer> recentlyClosed = new LinkedHashSet<>();
    private final ArrayDeque<BeepChannelImpl> ready = new ArrayDeque<>();
    private final TransferStats closedStats = new TransferStats();
    private final CompletableFuture<Void> closeFuture = new CompletableFuture<>();
    private final ChannelZero channelZero;

    private ChannelHandlerContext ctx;
    private EventLoop loop;
    private boolean writing;
    private volatile boolean closed;
    private Throwable failure;
    private boolean tinyWarningLogged;
    private long totalReceiveWindows;
    private boolean reading;
    private final ArrayDeque<BeepChannelImpl> seqPending = new ArrayDeque<>();
    private volatile EffectiveSocketOptions socketOptions;
    /** Why the session ended, set once it has; its cause is the violation or refusal that ended it, if any. */
    private volatile SessionClosedException closeCause;
    private Transport transport;

    public BeepSessionHandler(SessionRole role, BeepConfig config, ProfileRegistry registry,
                              Consumer<BeepSession> onReady) {
        this.role = role;
        this.config = config;
        this.registry = registry;
        Executor base = config.callbackExecutor() != null ? config.callbackExecutor() : SharedResources.callbackPool();
        this.callbacks = new SerialExecutor(base);
        SocketProfile p = config.socketProfile();
        this.planner = p.naiveSplitting() ? FragmentPlanner.naive(p.maxFrameSize())
                : FragmentPlanner.windowAware(p.maxFrameSize(), p.minFragment());
        this.onReady = onReady;
        this.channelZero = new ChannelZero(this);
    }

    // ------------------------------------------------------------------ accessors used by collaborators

    BeepConfig config() {
        return config;
    }

    ProfileRegistry registry() {
        return registry;
    }

    Executor callbacks() {
        return callbacks;
    }

    ChannelZero channelZero() {
        return channelZero;
    }

    IntObjectMap<BeepChannelImpl> channelTable() {
        return channels;
    }

    /** Runs {@code task} on the event loop: now if already there, else queued. */
    void onLoop(Runnable task) {
        if (loop == null || loop.inEventLoop()) {
            task.run();
        } else {
            loop.execute(task);
        }
    }

    /** A future that completes on the callback executor once {@code f} completes. */
    <T> CompletableFuture<T> completeOnCallbacks(CompletableFuture<T> f) {
        return f.whenCompleteAsync((v, e) -> { }, callbacks);
    }

    void fireReady() {
        callbacks.execute(() -> onReady.accept(this));
    }

    /**
     * Why the session ended, or null while it is open: the same exception its pending operations failed with. Its
     * cause is the {@link BeepProtocolException} or refusal that terminated the session, or null after an orderly
     * close or a plain disconnect. Set before {@link #closeFuture()} completes.
     */
    public SessionClosedException closeCause() {
        return closeCause;
    }

    /** The socket options read back from the kernel once connected, or null before. */
    public EffectiveSocketOptions socketOptions() {
        return socketOptions;
    }

    void transport(Transport transport) {
        this.transport = transport;
    }

    // ------------------------------------------------------------------ Netty lifecycle

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        this.loop = ctx.channel().eventLoop();
        if (ctx.channel().isActive()) {
            start();
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        start();
        ctx.fireChannelActive();
    }

    private boolean started;

    private void start() {
        if (started) {
            return;
        }
        started = true;
        if (transport != null) {
            // Read back once connected: the kernel's values, not what the profile asked for.
            socketOptions = SocketOptions.readBack(ctx.channel(), transport);
            log.debug("{} session {}: profile {} -> {}", role, ctx.channel(), config.socketProfile().name(), socketOptions);
        }
        BeepChannelImpl zero = new BeepChannelImpl(this, 0, "channel-zero", null, null, config.maxOutstanding());
        channels.put(0, zero);
        // Both roles greet at once, never waiting for the peer's greeting (RFC 3080 §2.4; Vortex waits for ours).
        channelZero.sendGreeting(zero);
        ctx.flush();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof Frame frame)) {
            ctx.fireChannelRead(msg);
            return;
        }
        try {
            reading = true;
            if (!closed) {
                onFrame(frame);
            }
        } catch (BeepProtocolException e) {
            terminate(e);
        } finally {
            frame.release();
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        reading = false;
        if (!closed) {
            sendConsolidatedSeqs();
        }
        writePending();
        ctx.flush();
        ctx.fireChannelReadComplete();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable()) {
            writePending();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        Throwable c = cause instanceof DecoderException && cause.getCause() != null
                ? cause.getCause() : cause;
        if (c instanceof BeepProtocolException bpe) {
            terminate(bpe);
        } else {
            if (failure == null) {
                log.warn("session with {} failed: {}", remoteAddress(), c.toString());
                failure = c;
            }
            ctx.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        shutdown();
        ctx.fireChannelInactive();
    }

    /**
     * Terminates the session for a protocol violation, or for the peer's refusal of the session (an ERR greeting,
     * given as a {@link io.beepkit.api.BeepErrorException}): one log line, close TCP, fail everything pending.
     */
    void terminate(BeepException e) {
        if (failure == null) {
            failure = e;
            log.warn("terminating BEEP session with {}: {}", remoteAddress(), e.getMessage());
        }
        if (ctx != null) {
            ctx.close();
        }
    }

    private void shutdown() {
        if (closed) {
            return;
        }
        closed = true;
        SessionClosedException cause = failure == null
                ? new SessionClosedException("session with " + remoteAddress() + " closed")
                : new SessionClosedException("session with " + remoteAddress() + " terminated: " + failure.getMessage(), failure);
        closeCause = cause;
        List<BeepChannelImpl> all = new ArrayList<>(channels.values());
        channels.clear();
        openView.clear();
        ready.clear();
        for (BeepChannelImpl ch : all) {
            closedStats.add(ch.stats);
            boolean wasOpen = ch.number() != 0 && ch.isOpen();
            ch.destroy(cause);
            if (ch.closeFuture != null) {
                CompletableFuture<Void> f = ch.closeFuture;
                callbacks.execute(() -> f.complete(null));
            }
            if (wasOpen && ch.handler != null) {
                callbacks.execute(() -> ch.handler.onClose(ch));
            }
        }
        channelZero.shutdown(cause);
        callbacks.execute(() -> closeFuture.complete(null));
    }

    // ------------------------------------------------------------------ inbound

    private void onFrame(Frame frame) {
        FrameHeader h = frame.header();
        if (!channelZero.greetingReceived()) {
            channelZero.checkFirstFrame(h);
        }
        if (h.type() == FrameType.SEQ) {
            onSeq(h);
            return;
        }
        BeepChannelImpl ch = channels.get(h.channel());
        if (ch == null) {
            throw new BeepProtocolException("frame for channel " + h.channel() + ", which is not open: " + h);
        }
        ch.continuity.accept(h);
        ch.receiveWindow.onFrame(h.seqno(), h.size());
        if (ch.tuner != null) {
            ch.tuner.onFrameReceived(System.nanoTime(), ch.receiveWindow.received());
        }
        ch.stats.frameReceived(h.size());
        switch (h.type()) {
            case MSG -> onMsgFrame(ch, h, frame.payload());
            case RPY, ERR -> onReplyFrame(ch, h, frame.payload());
            case ANS -> onAnsFrame(ch, h, frame.payload());
            case NUL -> onNul(ch, h, frame.payload());
            default -> throw new IllegalStateException(h.toString());
        }
    }

    private void onSeq(FrameHeader h) {
        BeepChannelImpl ch = channels.get(h.channel());
        if (ch == null) {
            if (recentlyClosed.contains(h.channel())) {
                return; // a SEQ that crossed our close: harmless
            }
            throw new BeepProtocolException("SEQ for channel " + h.channel() + ", which is not open: " + h);
        }
        ch.stats.seqReceived();
        if (ch.sendWindow.onSeq(h.ackno(), h.window()) && !ch.outbound.isEmpty()) {
            ch.forceNext = false;
            schedule(ch);
        }
    }

    private void onMsgFrame(BeepChannelImpl ch, FrameHeader h, ByteBuf payload) {
        InboundRequest req = ch.awaitingByMsgno.get(h.msgno());
        if (req == null || (req.assembly == null && !req.discarding && !req.streamOpen)) {
            if (req != null) {
                throw new BeepProtocolException("channel " + ch.number() + ": MSG " + h.msgno()
                        + " reuses a msgno that still awaits our reply");
            }
            if (ch.awaitingReply.size() >= config.maxOutstanding()) {
                throw new BeepProtocolException("channel " + ch.number() + ": peer has more than "
                        + config.maxOutstanding() + " MSGs awaiting replies");
            }
            req = new InboundRequest(ch, h.msgno());
            if (ch.number() != 0 && ch.handler != null && ch.handler.streaming()) {
                req.streamOpen = true;
            } else {
                req.assembly = new Assembly(config.maxMessageSize());
            }
            ch.awaitingReply.add(req);
            ch.awaitingByMsgno.put(h.msgno(), req);
        }
        if (req.streamOpen) {
            deliverMsgChunk(ch, req, h, payload);
            return;
        }
        if (req.discarding) {
            consumeMsg(ch, h.size());
            if (!h.more()) {
                req.discarding = false;
                if (req.drained) {
                    ch.awaitingByMsgno.remove(req.msgno);
                }
            }
            return;
        }
        if (!req.assembly.append(payload)) {
            // RFC 3080 §2.6.3: answer ERR before the last frame and drop the rest of the message.
            req.assembly = null;
            req.discarding = h.more();
            consumeMsg(ch, h.size());
            log.debug("channel {}: MSG {} exceeds {} octets, answering ERR 550", ch.number(), h.msgno(), config.maxMessageSize());
            req.replyNow(FrameType.ERR, InboundRequest.errorPayload(550,
                    "message exceeds the maximum size of " + config.maxMessageSize() + " octets"));
            return;
        }
        if (h.more()) {
            consumeMsg(ch, h.size()); // held in the assembly, bounded by maxMessageSize
            return;
        }
        byte[] bytes = req.assembly.take();
        req.assembly = null;
        MimeEntity entity = MimeCodec.decode(bytes);
        int finalSize = h.size();
        if (ch.number() == 0) {
            consumeMsg(ch, finalSize);
            channelZero.onMessage(req, entity);
            return;
        }
        ProfileHandler handler = ch.handler;
        InboundRequest r = req;
        // Credit at once while the messages queued for the application stay within one window; beyond that the
        // credit waits for the handler, so a slow application stops the peer instead of growing a queue.
        int length = bytes.length;
        boolean creditNow = ch.undelivered < ch.receiveWindow.window();
        ch.undelivered += length;
        if (creditNow) {
            consumeMsg(ch, finalSize);
        }
        callbacks.execute(() -> {
            try {
                if (handler == null) {
                    r.error(501, "no handler for profile " + ch.profile());
                } else {
                    handler.onMessage(new Message(ch, r.msgno, entity), r);
                }
            } catch (RuntimeException e) {
                log.warn("handler of {} threw on MSG {}", ch, r.msgno, e);
                if (!r.answered()) {
                    r.error(451, "local error: " + e.getMessage());
                }
            } finally {
                onLoop(() -> {
                    ch.undelivered -= length;
                    if (!creditNow) {
                        consumeMsg(ch, finalSize);
                    }
                });
            }
        });
    }

    /** Hands one frame of a MSG to a streaming handler; credit returns when the handler has seen it. */
    private void deliverMsgChunk(BeepChannelImpl ch, InboundRequest req, FrameHeader h, ByteBuf payload) {
        byte[] chunk = ByteBufUtil.getBytes(payload);
        boolean last = !h.more();
        if (last) {
            req.streamOpen = false;
            if (req.drained) {
                ch.awaitingByMsgno.remove(req.msgno);
            }
        }
        int size = h.size();
        ProfileHandler handler = ch.handler;
        callbacks.execute(() -> {
            try {
                handler.onMessageChunk(ch, req.msgno, chunk, last, req);
            } catch (RuntimeException e) {
                log.warn("handler of {} threw on a chunk of MSG {}", ch, req.msgno, e);
                if (!req.answered()) {
                    req.error(451, "local error: " + e.getMessage());
                }
            } finally {
                onLoop(() -> consumeMsg(ch, size));
            }
        });
    }

    /** Hands one frame of a reply to a chunk-streaming listener; true once the reply (RPY or ERR) is complete. */
    private void deliverReplyChunk(BeepChannelImpl ch, PendingRequest p, FrameHeader h, ByteBuf payload) {
        Reply.Kind kind = switch (h.type()) {
            case RPY -> Reply.Kind.RPY;
            case ERR -> Reply.Kind.ERR;
            default -> Reply.Kind.ANSWERS;
        };
        p.sink.chunk(kind, h.type() == FrameType.ANS ? h.ansno() : -1, ByteBufUtil.getBytes(payload), !h.more());
        creditAfterCallbacks(ch, p.sink, h.size());
    }

    private PendingRequest pendingFor(BeepChannelImpl ch, FrameHeader h) {
        PendingRequest p = ch.pending.get(h.msgno());
        if (p == null) {
            throw new BeepProtocolException("channel " + ch.number() + ": " + h.type() + " to msgno " + h.msgno()
                    + ", which we never sent or which is already answered");
        }
        if (!p.acknowledged) {
            p.acknowledged = true;
            if (h.type() == FrameType.ERR && p.outbound != null && p.outbound.remaining() > 0 && p.outbound.started()) {
                p.outbound.truncate(); // RFC 3080 §2.6.3: end our MSG with an empty final frame
                // The MSG may be parked waiting for window credit the peer will not give now; the empty frame
                // needs none, so it must be scheduled here or it would wait for a SEQ that may never come.
                schedule(ch);
            }
        }
        return p;
    }

    private void onReplyFrame(BeepChannelImpl ch, FrameHeader h, ByteBuf payload) {
        PendingRequest p = pendingFor(ch, h);
        if (p.answers != null && !p.answers.isEmpty() || p.answerBytes > 0) {
            throw new BeepProtocolException("channel " + ch.number() + ": " + h.type() + " to msgno " + h.msgno()
                    + " after ANS: a one-to-many reply must end with NUL");
        }
        if (p.sink.chunked()) {
            p.chunkType = h.more() ? h.type() : null;
            deliverReplyChunk(ch, p, h, payload);
            if (!h.more()) {
                ch.pending.remove(h.msgno());
                ch.msgnos.release(h.msgno());
                afterReplyComplete(ch);
            }
            return;
        }
        if (p.reply == null) {
            p.reply = new Assembly(config.maxMessageSize());
        }
        boolean fits = p.reply.append(payload);
        if (h.more()) {
            consume(ch, h.size());
            return;
        }
        ch.pending.remove(h.msgno());
        ch.msgnos.release(h.msgno());
        if (!fits) {
            consume(ch, h.size());
            p.sink.fail(new MessageTooLargeException("reply to msgno " + h.msgno() + " on channel " + ch.number()
                    + " exceeds the maximum message size of " + config.maxMessageSize() + " octets"));
            p.release();
        } else {
            MimeEntity entity = MimeCodec.decode(p.reply.take());
            p.reply = null;
            if (h.type() == FrameType.RPY) {
                p.sink.rpy(entity);
            } else {
                p.sink.err(entity);
            }
            creditAfterCallbacks(ch, p.sink, h.size());
        }
        afterReplyComplete(ch);
    }

    private void onAnsFrame(BeepChannelImpl ch, FrameHeader h, ByteBuf payload) {
        PendingRequest p = pendingFor(ch, h);
        if (p.reply != null || p.chunkType != null) {
            throw new BeepProtocolException("channel " + ch.number() + ": ANS to msgno " + h.msgno() + " during a "
                    + "RPY/ERR reply");
        }
        if (p.sink.chunked()) {
            p.answerBytes += h.size();
            deliverReplyChunk(ch, p, h, payload);
            return;
        }
        Assembly a = p.answers().get(h.ansno());
        if (a == null) {
            a = new Assembly(config.maxMessageSize());
            p.answers().put(h.ansno(), a);
        }
        boolean fits = a.append(payload);
        p.answerBytes += h.size();
        if (h.more()) {
            consume(ch, h.size());
            return;
        }
        p.answers.remove(h.ansno());
        if (!fits) {
            consume(ch, h.size());
            p.sink.fail(new MessageTooLargeException("answer " + h.ansno() + " to msgno " + h.msgno()
                    + " exceeds the maximum message size of " + config.maxMessageSize() + " octets"));
            return;
        }
        p.sink.ans(h.ansno(), MimeCodec.decode(a.take()));
        creditAfterCallbacks(ch, p.sink, h.size());
    }

    private void onNul(BeepChannelImpl ch, FrameHeader h, ByteBuf payload) {
        if (!NulPayload.isAcceptable(payload)) {
            throw new BeepProtocolException("channel " + ch.number() + ": NUL to msgno " + h.msgno() + " carries "
                    + h.size() + " octets; a NUL must be empty");
        }
        PendingRequest p = pendingFor(ch, h);
        if (p.reply != null || p.chunkType != null) {
            throw new BeepProtocolException("channel " + ch.number() + ": NUL to msgno " + h.msgno() + " during a RPY/ERR reply");
        }
        if (h.size() > 0) {
            consume(ch, h.size()); // the tolerated CRLF still occupied window space
        }
        ch.pending.remove(h.msgno());
        ch.msgnos.release(h.msgno());
        p.release();
        p.sink.nul();
        afterReplyComplete(ch);
    }

    /** Streaming listeners get credit back only once they have seen the data; aggregation credits at once. */
    private void creditAfterCallbacks(BeepChannelImpl ch, ReplySink sink, int size) {
        if (sink.streaming()) {
            callbacks.execute(() -> onLoop(() -> consume(ch, size)));
        } else {
            consume(ch, size);
        }
    }

    private void afterReplyComplete(BeepChannelImpl ch) {
        if (ch.number() != 0) {
            channelZero.channelProgress(ch);
        }
    }

    /**
     * Credits {@code octets} of the peer's MSGs consumed on {@code ch}, unless our replies still waiting to leave on
     * that channel already reach {@link #replyBacklogLimit}: then the credit is withheld until they drain (see
     * {@link #replyWritten}). Every MSG may cause a reply; a peer that keeps sending MSGs but never opens its window
     * for our replies would otherwise make us queue replies without limit (CONFORMANCE #38). This way it holds at
     * most about one window of its MSGs and one backlog of our replies per channel. Credit for replies to our own
     * MSGs is never withheld, so two peers doing this cannot wait for each other.
     */
    private void consumeMsg(BeepChannelImpl ch, int octets) {
        if (ch.replyBacklog >= replyBacklogLimit(ch)) {
            ch.withheldCredit += octets;
            return;
        }
        int withheld = ch.withheldCredit;
        ch.withheldCredit = 0;
        consume(ch, octets + withheld);
    }

    /**
     * The reply octets a channel may have waiting before we stop crediting the peer's MSGs: our receive window, or
     * the peer's window if larger (what it can take at once), capped by the profile's maximum window.
     */
    private long replyBacklogLimit(BeepChannelImpl ch) {
        int peer = Math.min(ch.sendWindow.peerWindow(), config.socketProfile().maxWindow());
        return Math.max(ch.receiveWindow.window(), peer);
    }

    /** {@code n} octets of our replies left on {@code ch}: credit withheld by {@link #consumeMsg} may go now. */
    private void replyWritten(BeepChannelImpl ch, int n) {
        ch.replyBacklog -= n;
        if (ch.withheldCredit > 0 && ch.replyBacklog < replyBacklogLimit(ch)) {
            int withheld = ch.withheldCredit;
            ch.withheldCredit = 0;
            consume(ch, withheld);
        }
    }

    /** Credits {@code octets} consumed on {@code ch} and sends a SEQ if one is due. */
    void consume(BeepChannelImpl ch, int octets) {
        if (octets == 0 || ch.isGone() || closed) {
            return;
        }
        if (ch.receiveWindow.consume(octets)) {
            if (reading) {
                // RFC 3081 §3.1.4: frames presented together get one consolidating SEQ, at the end of the read.
                if (!ch.seqPending) {
                    ch.seqPending = true;
                    seqPending.add(ch);
                }
            } else {
                growIfWindowLimited(ch);
                sendSeq(ch);
            }
        }
    }

    private void sendConsolidatedSeqs() {
        BeepChannelImpl ch;
        while ((ch = seqPending.poll()) != null) {
            ch.seqPending = false;
            if (!ch.isGone() && ch.receiveWindow.seqDue()) {
                growIfWindowLimited(ch);
                sendSeq(ch);
            }
        }
    }

    /**
     * Automatic receive-window sizing, bounded by the profile's maximum and the session's window budget: growth when
     * the window limits the path, shrinking (a slower advance of the right edge, never a retreat) when queueing delay
     * appears.
     */
    private void growIfWindowLimited(BeepChannelImpl ch) {
        if (ch.tuner == null) {
            return;
        }
        int window = ch.receiveWindow.window();
        long budgetLeft = sessionWindowBudget() - totalReceiveWindows;
        ReceiveWindow rw = ch.receiveWindow;
        int grown = ch.tuner.onSeq(System.nanoTime(), window, rw.received(), rw.open(), rw.unconsumed(), budgetLeft);
        // Keep the window a multiple of the first window's granule, so edges stay where the peer expects them.
        grown -= grown % rw.granule();
        if (grown != window && grown > 0) {
            rw.resize(grown);
            totalReceiveWindows += grown - window;
            log.debug("{}: receive window {} -> {} (min rtt {} us, latest {} us, {} octets/s)", ch, window, grown,
                    ch.tuner.roundTripNanos() / 1000, ch.tuner.latestRoundTripNanos() / 1000,
                    (long) ch.tuner.octetsPerSecond());
        }
    }

    /** The most octets all receive windows of this session may add up to: what a peer can make us buffer. */
    long sessionWindowBudget() {
        return 4L * config.socketProfile().maxWindow();
    }

    void sendSeq(BeepChannelImpl ch) {
        ReceiveWindow rw = ch.receiveWindow;
        if (ch.tuner != null) {
            ch.tuner.onSeqSent(System.nanoTime(), rw.received(), rw.received() + rw.open(), rw.window());
        }
        int window = rw.advertiseWindow();
        ch.stats.seqSent();
        ctx.write(Frame.seq(FrameHeader.seq(ch.number(), ch.receiveWindow.ackno(), window)), ctx.voidPromise());
        if (!writing) {
            ctx.flush();
        }
    }

    /** Opens our receive window of a new channel to the profile's size (announced at once when larger). */
    void announceWindow(BeepChannelImpl ch) {
        SocketProfile p = config.socketProfile();
        // The budget trims windows above the RFC's 4096 only: every channel starts with 4096 octets the peer may
        // send (RFC 3081 §3.1.1), so that much is bounded by the channel limit, not by the budget.
        long budgetLeft = sessionWindowBudget() - totalReceiveWindows;
        int floor = Math.min(p.initialWindow(), SendWindow.DEFAULT_WINDOW);
        int initial = (int) Math.max(floor, Math.min(p.initialWindow(), budgetLeft));
        totalReceiveWindows += initial;
        if (p.autoTuning()) {
            ch.tuner = new ReceiveWindowTuner(p.maxWindow());
        }
        if (ch.receiveWindow.resize(initial)) {
            sendSeq(ch);
        }
    }

    // ------------------------------------------------------------------ outbound

    /** Marks {@code ch} as having something to send and writes what the windows allow. */
    void schedule(BeepChannelImpl ch) {
        if (!ch.scheduled && !ch.outbound.isEmpty()) {
            ch.scheduled = true;
            ready.add(ch);
        }
        if (!writing) {
            writePending();
        }
    }

    /** One round-robin pass after another, one frame per channel per turn, while the socket takes data. */
    void writePending() {
        if (writing || ctx == null || closed) {
            return;
        }
        writing = true;
        boolean wrote = false;
        try {
            int turns = ready.size();
            while (!ready.isEmpty() && ctx.channel().isWritable()) {
                BeepChannelImpl ch = ready.poll();
                ch.scheduled = false;
                if (writeOneFrame(ch)) {
                    wrote = true;
                    turns = ready.size() + 1;
                } else if (--turns <= 0) {
                    break;
                }
                if (!ch.outbound.isEmpty() && !ch.scheduled && canProgress(ch)) {
                    ch.scheduled = true;
                    ready.add(ch);
                }
            }
        } finally {
            writing = false;
        }
        if (wrote) {
            ctx.flush();
        }
    }

    private boolean canProgress(BeepChannelImpl ch) {
        OutboundMessage m = ch.outbound.peek();
        return m != null && m.sendable() && (m.remaining() == 0 || ch.sendWindow.available() > 0);
    }

    /** Writes the next frame of {@code ch}'s head message if the planner allows; false if it must wait. */
    private boolean writeOneFrame(BeepChannelImpl ch) {
        OutboundMessage m = ch.outbound.peek();
        if (m == null || !m.sendable()) {
            return false; // nothing queued, or a streamed message waiting for the application's next write
        }
        int remaining = m.remaining();
        int n;
        if (remaining == 0) {
            n = 0;
        } else {
            int available = ch.sendWindow.available();
            n = planner.nextFrameSize(remaining, available, ch.sendWindow.peerWindow(), ch.forceNext);
            if (n == 0) {
                if (available > 0) {
                    armTailTimer(ch);
                }
                if (ch.blockedSince == 0) {
                    ch.blockedSince = System.nanoTime();
                }
                return false;
            }
        }
        if (ch.blockedSince != 0) {
            ch.stats.blocked(System.nanoTime() - ch.blockedSince);
            ch.blockedSince = 0;
        }
        ch.forceNext = false;
        boolean last = n == remaining && m.complete();
        long seqno = ch.sendWindow.nextSeqno();
        // A tiny fragment: a piece of a split message smaller than a quarter window or 512 octets (the BTF tail).
        boolean split = m.started() || !last;
        boolean tiny = split && n < Math.min(FragmentPlanner.DEFAULT_MIN_FRAGMENT, Math.max(1, ch.sendWindow.peerWindow() / 4));
        ByteBuf slice = n == 0 ? Unpooled.EMPTY_BUFFER : m.next(n);
        ch.sendWindow.consume(n);
        FrameHeader h = m.type == FrameType.ANS
                ? FrameHeader.ans(ch.number(), m.msgno, !last, seqno, n, m.ansno)
                : FrameHeader.data(m.type, ch.number(), m.msgno, !last, seqno, n);
        ch.stats.frameSent(n, tiny && n > 0);
        if (tiny && n > 0 && !planner.isNaive()) {
            warnTiny(ch, n, m.total());
        }
        if (last) {
            ch.outbound.poll();
            ch.stats.messageSent();
            Runnable after = m.onWritten;
            m.release();
            if (after == null) {
                ctx.write(new Frame(h, slice), ctx.voidPromise());
            } else {
                ctx.write(new Frame(h, slice)).addListener(f -> {
                    if (!f.isSuccess()) {
                        exceptionCaught(ctx, f.cause());
                    } else {
                        after.run();
                    }
                });
            }
            onMessageWritten(ch);
        } else {
            // A void promise: no per-frame promise or listener (the encoder's three buffers would otherwise need a
            // promise combiner); a failed write still reaches exceptionCaught.
            ctx.write(new Frame(h, slice), ctx.voidPromise());
        }
        if (m.progress != null) {
            m.progress.sent(m.sent(), m.remaining());
        }
        if (m.type != FrameType.MSG) {
            replyWritten(ch, n);
        }
        return true;
    }

    private void warnTiny(BeepChannelImpl ch, int n, int total) {
        if (!tinyWarningLogged) {
            tinyWarningLogged = true;
            log.warn("{}: the peer's window pattern forced a {}-octet fragment of a {}-octet message (window {}); "
                    + "consider a larger window", ch, n, total, ch.sendWindow.peerWindow());
        }
    }

    private void armTailTimer(BeepChannelImpl ch) {
        if (ch.tailTimerArmed) {
            return;
        }
        ch.tailTimerArmed = true;
        loop.schedule(() -> {
            ch.tailTimerArmed = false;
            if (!ch.isGone() && !ch.outbound.isEmpty()) {
                ch.forceNext = true;
                schedule(ch);
            }
        }, config.tailWait().toNanos(), TimeUnit.NANOSECONDS);
    }

    private void onMessageWritten(BeepChannelImpl ch) {
        if (ch.number() != 0 && ch.outbound.isEmpty()) {
            channelZero.channelProgress(ch);
        } else if (ch.number() == 0) {
            channelZero.channelZeroWritten();
        }
    }

    /** Closes the TCP connection after what has been written so far is flushed. */
    void closeAfterFlush() {
        ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }

    void channelClosed(BeepChannelImpl ch) {
        if (ch.number() != 0) {
            totalReceiveWindows -= ch.receiveWindow.window();
        }
        channels.remove(ch.number());
        openView.remove(ch.number());
        ready.remove(ch);
        closedStats.add(ch.stats);
        recentlyClosed.add(ch.number());
        if (recentlyClosed.size() > RECENTLY_CLOSED) {
            recentlyClosed.remove(recentlyClosed.iterator().next());
        }
        ch.destroy(new ChannelClosedException("channel " + ch.number() + " closed"));
        if (ch.handler != null) {
            callbacks.execute(() -> ch.handler.onClose(ch));
        }
    }

    BeepChannelImpl newChannel(int number, String profile, String initData, ProfileHandler handler) {
        BeepChannelImpl ch = new BeepChannelImpl(this, number, profile, initData, handler, config.maxOutstanding());
        channels.put(number, ch);
        openView.put(number, ch);
        recentlyClosed.remove(number);
        return ch;
    }

    // ------------------------------------------------------------------ BeepSession

    @Override
    public SessionRole role() {
        return role;
    }

    @Override
    public List<String> peerProfiles() {
        return channelZero.peerProfiles();
    }

    @Override
    public String peerFeatures() {
        return channelZero.peerFeatures();
    }

    @Override
    public String peerLocalize() {
        return channelZero.peerLocalize();
    }

    @Override
    public String serverName() {
        return channelZero.serverName();
    }

    @Override
    public CompletableFuture<BeepChannel> startChannel(String profileUri) {
        return startChannel(ChannelRequest.of(profileUri));
    }

    @Override
    public CompletableFuture<BeepChannel> startChannel(ChannelRequest request) {
        CompletableFuture<BeepChannel> f = new CompletableFuture<>();
        onLoop(() -> {
            if (closed) {
                f.completeExceptionally(new SessionClosedException("session with " + remoteAddress() + " is closed"));
            } else {
                channelZero.requestStart(request, f);
            }
        });
        return completeOnCallbacks(f);
    }

    @Override
    public Collection<BeepChannel> channels() {
        return List.copyOf(openView.values());
    }

    @Override
    public CompletableFuture<Void> close() {
        CompletableFuture<Void> f = new CompletableFuture<>();
        onLoop(() -> {
            if (closed) {
                f.complete(null);
            } else {
                channelZero.requestRelease(f);
            }
        });
        return completeOnCallbacks(f);
    }

    @Override
    public void terminate() {
        if (ctx != null) {
            ctx.close();
        }
    }

    @Override
    public CompletableFuture<Void> closeFuture() {
        return closeFuture;
    }

    @Override
    public boolean isOpen() {
        return !closed && ctx != null && ctx.channel().isActive();
    }

    boolean closed() {
        return closed;
    }

    @Override
    public SocketAddress localAddress() {
        return ctx == null ? null : ctx.channel().localAddress();
    }

    @Override
    public SocketAddress remoteAddress() {
        return ctx == null ? null : ctx.channel().remoteAddress();
    }

    @Override
    public TransferStats stats() {
        TransferStats total = new TransferStats();
        total.add(closedStats);
        for (BeepChannelImpl ch : List.copyOf(channels.values())) {
            total.add(ch.stats);
        }
        return total;
    }

    @Override
    public String toString() {
        return "BeepSession[" + role + " " + localAddress() + " <-> " + remoteAddress() + "]";
    }
}
