package io.beepkit.netty.internal;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.MessageStream;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.Reply;
import io.beepkit.api.ReplyListener;
import io.beepkit.api.TransferStats;
import io.beepkit.core.channel.InboundContinuity;
import io.beepkit.core.channel.MsgnoAllocator;
import io.beepkit.core.flow.ReceiveWindow;
import io.beepkit.core.flow.ReceiveWindowTuner;
import io.beepkit.core.flow.SendWindow;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.mime.MimeCodec;
import io.netty.buffer.Unpooled;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The state of one channel: windows in both directions, our MSGs awaiting replies, the peer's MSGs awaiting ours,
 * and the outbound queue the scheduler cuts into frames. Everything but the public API methods runs on the session's
 * event loop.
 */
public final class BeepChannelImpl implements BeepChannel {
    enum State { OPEN, CLOSE_WAIT, CLOSING, CLOSED }

    /** A state in words for exception messages. */
    static String describe(State s) {
        return switch (s) {
            case OPEN -> "open";
            case CLOSE_WAIT -> "closing (waiting for replies to our MSGs)";
            case CLOSING -> "closing";
            case CLOSED -> "closed";
        };
    }

    private final BeepSessionHandler session;
    private final int number;
    private final String profile;
    private final String peerInitData;
    final ProfileHandler handler;

    final SendWindow sendWindow = new SendWindow();
    final ReceiveWindow receiveWindow = new ReceiveWindow();
    final InboundContinuity continuity = new InboundContinuity();
    final MsgnoAllocator msgnos;
    final Map<Integer, PendingRequest> pending = new HashMap<>();
    final ArrayDeque<InboundRequest> awaitingReply = new ArrayDeque<>();
    final Map<Integer, InboundRequest> awaitingByMsgno = new HashMap<>();
    final ArrayDeque<OutboundMessage> outbound = new ArrayDeque<>();
    final TransferStats stats = new TransferStats();
    final Observation.Tally tally = new Observation.Tally();
    ReceiveWindowTuner tuner;
    /** Octets of complete MSGs handed to the application whose handler has not returned yet. */
    long undelivered;
    /** Octets of our replies to the peer's MSGs produced but not yet written (RPY, ERR, ANS payloads). */
    long replyBacklog;
    /** Octets of the peer's MSGs consumed but not yet credited because {@link #replyBacklog} is too large. */
    int withheldCredit;

    volatile State state = State.OPEN;
    boolean scheduled;
    boolean seqPending;
    long blockedSince;
    boolean tailTimerArmed;
    boolean forceNext;
    /** The peer's close request, answered once our side of the channel is quiet (RFC 3080 §2.3.1.3). */
    InboundRequest peerClose;
    /** True while the profile handler decides on the peer's close request. */
    boolean peerCloseDeciding;
    CompletableFuture<Void> closeFuture;

    BeepChannelImpl(BeepSessionHandler session, int number, String profile, String peerInitData,
                    ProfileHandler handler, int maxOutstanding) {
        this.session = session;
        this.number = number;
        this.profile = profile;
        this.peerInitData = peerInitData;
        this.handler = handler;
        this.msgnos = new MsgnoAllocator(number == 0 ? 1 : 0, maxOutstanding);
    }

    @Override
    public int number() {
        return number;
    }

    @Override
    public String profile() {
        return profile;
    }

    @Override
    public String peerInitData() {
        return peerInitData;
    }

    @Override
    public BeepSession session() {
        return session;
    }

    BeepSessionHandler sessionHandler() {
        return session;
    }

    @Override
    public boolean isOpen() {
        return state == State.OPEN || state == State.CLOSE_WAIT || state == State.CLOSING;
    }

    boolean isGone() {
        return state == State.CLOSED;
    }

    @Override
    public CompletableFuture<Reply> send(MimeEntity message) {
        CompletableFuture<Reply> f = new CompletableFuture<>();
        ReplySink sink = new AggregatingSink(session, f, session.config().maxMessageSize());
        submit(message, sink, f);
        return f;
    }

    @Override
    public CompletableFuture<Void> send(MimeEntity message, ReplyListener listener) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        submit(message, new ListenerSink(session, listener, f), f);
        return f;
    }

    private void submit(MimeEntity message, ReplySink sink, CompletableFuture<?> f) {
        byte[] payload = MimeCodec.encode(message);
        session.onLoop(() -> {
            if (state != State.OPEN) {
                sink.fail(new ChannelClosedException("channel " + number + " is " + describe(state)
                        + ", it takes no new MSG"));
                return;
            }
            sendMsg(payload, sink);
        });
    }

    /** Queues a MSG (event loop). Fails the sink if too many are outstanding. */
    void sendMsg(byte[] payload, ReplySink sink) {
        int msgno;
        try {
            msgno = msgnos.allocate();
        } catch (IllegalStateException e) {
            sink.fail(new BeepException("channel " + number + ": " + e.getMessage()));
            return;
        }
        PendingRequest req = new PendingRequest(msgno, sink);
        OutboundMessage out = new OutboundMessage(FrameType.MSG, msgno, -1, Unpooled.wrappedBuffer(payload));
        req.outbound = out;
        pending.put(msgno, req);
        enqueue(out);
    }

    @Override
    public MessageStream openMessage(MimeEntity headers) {
        CompletableFuture<Reply> f = new CompletableFuture<>();
        return openStream(headers, new AggregatingSink(session, f, session.config().maxMessageSize()), f);
    }

    @Override
    public MessageStream openMessage(MimeEntity headers, ReplyListener listener) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        CompletableFuture<Reply> f = done.thenApply(v -> (Reply) null);
        return openStream(headers, new ListenerSink(session, listener, done), f);
    }

    private MessageStream openStream(MimeEntity headers, ReplySink sink, CompletableFuture<Reply> reply) {
        byte[] head = MimeCodec.encode(headers);
        long bound = 2L * session.config().socketProfile().maxFrameSize();
        StreamWriter w = new StreamWriter(this, bound, session.completeOnCallbacks(reply));
        session.onLoop(() -> w.open(head, sink));
        return w;
    }

    /** Registers a streamed MSG (event loop); null if too many MSGs are outstanding. */
    OutboundMessage sendStream(ReplySink sink) {
        int msgno;
        try {
            msgno = msgnos.allocate();
        } catch (IllegalStateException e) {
            sink.fail(new BeepException("channel " + number + ": " + e.getMessage()));
            return null;
        }
        PendingRequest req = new PendingRequest(msgno, sink);
        OutboundMessage out = OutboundMessage.streamed(FrameType.MSG, msgno);
        req.outbound = out;
        pending.put(msgno, req);
        enqueue(out);
        return out;
    }

    void enqueue(OutboundMessage m) {
        outbound.add(m);
        session.schedule(this);
    }

    /** Moves produced replies to the outbound queue in MSG arrival order (event loop). */
    void drainReplies() {
        boolean moved = false;
        while (!awaitingReply.isEmpty()) {
            InboundRequest head = awaitingReply.peek();
            while (!head.produced.isEmpty()) {
                outbound.add(head.produced.poll());
                moved = true;
            }
            if (!head.ended) {
                break;
            }
            awaitingReply.poll();
            head.drained = true;
            if (!head.receiving()) {
                awaitingByMsgno.remove(head.msgno);
            }
        }
        if (moved) {
            session.schedule(this);
        }
    }

    @Override
    public CompletableFuture<Void> close() {
        CompletableFuture<Void> f = new CompletableFuture<>();
        session.onLoop(() -> session.channelZero().requestClose(this, f));
        return session.completeOnCallbacks(f);
    }

    @Override
    public int remoteWindow() {
        return sendWindow.peerWindow();
    }

    @Override
    public int availableWindow() {
        return sendWindow.available();
    }

    @Override
    public int effectiveTransferSize() {
        return Math.min(sendWindow.available(), session.config().socketProfile().maxFrameSize());
    }

    @Override
    public int localWindow() {
        return receiveWindow.window();
    }

    @Override
    public TransferStats stats() {
        return stats;
    }

    /** True when nothing of ours is queued or unanswered and every peer MSG is answered and sent. */
    boolean quiet() {
        return outbound.isEmpty() && pending.isEmpty() && awaitingReply.isEmpty();
    }

    /** Releases every buffer and fails every pending operation (event loop). */
    void destroy(Throwable cause) {
        state = State.CLOSED;
        for (PendingRequest p : pending.values()) {
            p.release();
            p.sink.fail(cause);
            if (p.outbound != null && p.outbound.progress instanceof StreamWriter w) {
                w.fail(cause);
            }
        }
        pending.clear();
        for (InboundRequest r : awaitingReply) {
            r.releaseAll();
        }
        awaitingReply.clear();
        awaitingByMsgno.clear();
        outbound.forEach(OutboundMessage::release);
        outbound.clear();
    }

    @Override
    public String toString() {
        return "channel " + number + " (" + profile + ")";
    }
}
