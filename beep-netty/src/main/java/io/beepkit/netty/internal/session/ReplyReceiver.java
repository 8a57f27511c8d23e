package io.beepkit.netty.internal.session;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.MessageTooLargeException;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;
import io.beepkit.netty.internal.channel.Assembly;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.channel.PendingRequest;
import io.beepkit.netty.internal.channel.ReplySink;
import io.beepkit.netty.internal.codec.NulPayload;
import io.beepkit.netty.internal.mgmt.ChannelManagement;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

/**
 * The peer's replies to our MSGs (RPY, ERR, ANS, NUL): matched to the MSG they answer, assembled (bounded) or handed
 * on frame by frame, and checked against the rules of RFC 3080 §2.6 (one reply style per MSG, ANS series ended by
 * an empty NUL). An ERR that arrives while our MSG is still being sent ends that MSG with an empty final frame.
 */
final class ReplyReceiver {
    private final SessionContext ctx;
    private final ReceiveFlowController flow;
    private final OutboundScheduler scheduler;
    private final ChannelManagement management;

    ReplyReceiver(SessionContext ctx, ReceiveFlowController flow, OutboundScheduler scheduler,
                  ChannelManagement management) {
        this.ctx = ctx;
        this.flow = flow;
        this.scheduler = scheduler;
        this.management = management;
    }

    void onFrame(ChannelImpl ch, FrameHeader h, ByteBuf payload) {
        switch (h.type()) {
            case RPY, ERR -> onReply(ch, h, payload);
            case ANS -> onAnswer(ch, h, payload);
            case NUL -> onNul(ch, h, payload);
            default -> throw new IllegalStateException(h.toString());
        }
    }

    private PendingRequest pendingFor(ChannelImpl ch, FrameHeader h) {
        PendingRequest p = ch.exchanges().pending(h.msgno());
        if (p == null) {
            throw new BeepProtocolException("channel " + ch.number() + ": " + h.type() + " to msgno " + h.msgno()
                    + ", which we never sent or which is already answered");
        }
        if (!p.acknowledged()) {
            p.acknowledge();
            if (h.type() == FrameType.ERR && p.outbound() != null && p.outbound().remaining() > 0
                    && p.outbound().started()) {
                p.outbound().truncate(); // RFC 3080 §2.6.3: end our MSG with an empty final frame
                // The MSG may be parked waiting for window credit the peer will not give now; the empty frame
                // needs none, so it must be scheduled here or it would wait for a SEQ that may never come.
                scheduler.schedule(ch);
            }
        }
        return p;
    }

    private void onReply(ChannelImpl ch, FrameHeader h, ByteBuf payload) {
        PendingRequest p = pendingFor(ch, h);
        if (p.hasAnswers()) {
            throw new BeepProtocolException("channel " + ch.number() + ": " + h.type() + " to msgno " + h.msgno()
                    + " after ANS: a one-to-many reply must end with NUL");
        }
        if (p.sink().chunked()) {
            p.chunkType(h.more() ? h.type() : null);
            deliverChunk(ch, p, h, payload);
            if (!h.more()) {
                completed(ch, p);
            }
            return;
        }
        int limit = ctx.config().limits().maxMessageSize();
        boolean fits = p.replyAssembly(limit).append(payload);
        counted(ch, p, p.reply(), h, fits);
        if (h.more()) {
            flow.consume(ch, h.size());
            return;
        }
        ch.exchanges().replied(h.msgno());
        Observation.roundTrip(ch, p);
        if (!fits) {
            flow.consume(ch, h.size());
            hold(ch, p, -p.held());
            p.release();
            p.sink().fail(new MessageTooLargeException("reply to msgno " + h.msgno() + " on channel " + ch.number()
                    + " exceeds the maximum message size of " + limit + " octets"));
        } else {
            MimeEntity entity = p.reply().takeEntity();
            p.replyTaken();
            if (h.type() == FrameType.RPY) {
                p.sink().rpy(entity);
            } else {
                p.sink().err(entity);
            }
            creditAfterCallbacks(ch, p.sink(), h.size());
        }
        afterReplyComplete(ch);
    }

    private void onAnswer(ChannelImpl ch, FrameHeader h, ByteBuf payload) {
        PendingRequest p = pendingFor(ch, h);
        if (p.reply() != null || p.chunkType() != null) {
            throw new BeepProtocolException("channel " + ch.number() + ": ANS to msgno " + h.msgno() + " during a "
                    + "RPY/ERR reply");
        }
        p.addAnswerBytes(h.size());
        if (p.sink().chunked()) {
            deliverChunk(ch, p, h, payload);
            return;
        }
        int limit = ctx.config().limits().maxMessageSize();
        Assembly a = p.answer(h.ansno(), limit);
        boolean fits = a.append(payload);
        counted(ch, p, a, h, fits);
        if (h.more()) {
            flow.consume(ch, h.size());
            return;
        }
        p.answerTaken(h.ansno());
        if (!fits) {
            flow.consume(ch, h.size());
            p.sink().fail(new MessageTooLargeException("answer " + h.ansno() + " to msgno " + h.msgno()
                    + " exceeds the maximum message size of " + limit + " octets"));
            return;
        }
        p.sink().ans(h.ansno(), a.takeEntity());
        creditAfterCallbacks(ch, p.sink(), h.size());
    }

    private void onNul(ChannelImpl ch, FrameHeader h, ByteBuf payload) {
        if (!NulPayload.isAcceptable(payload)) {
            throw new BeepProtocolException("channel " + ch.number() + ": NUL to msgno " + h.msgno() + " carries "
                    + h.size() + " octets; a NUL must be empty");
        }
        PendingRequest p = pendingFor(ch, h);
        if (p.reply() != null || p.chunkType() != null) {
            throw new BeepProtocolException("channel " + ch.number() + ": NUL to msgno " + h.msgno()
                    + " during a RPY/ERR reply");
        }
        if (h.size() > 0) {
            flow.consume(ch, h.size()); // the tolerated CRLF still occupied window space
        }
        ch.exchanges().replied(h.msgno());
        Observation.roundTrip(ch, p);
        hold(ch, p, -p.held()); // answers left unfinished are dropped
        p.release();
        p.sink().nul();
        afterReplyComplete(ch);
    }

    /**
     * Keeps the session's memory budget in step with assembly {@code a} after frame {@code h} was appended: a frame
     * with more to come is held; a completed assembly, or one that just went over the size limit (and was
     * released), gives back what it held; one over the limit before holds nothing.
     */
    private void counted(ChannelImpl ch, PendingRequest p, Assembly a, FrameHeader h, boolean fits) {
        long before = a.size() - h.size();
        if (fits && h.more()) {
            hold(ch, p, h.size());
        } else if (before <= ctx.config().limits().maxMessageSize()) {
            hold(ch, p, -before);
        }
    }

    private void hold(ChannelImpl ch, PendingRequest p, long octets) {
        if (octets != 0) {
            p.addHeld(octets);
            ctx.memory().add(ch, octets);
        }
    }

    /** Hands one frame of a reply to a chunk-streaming listener. */
    private void deliverChunk(ChannelImpl ch, PendingRequest p, FrameHeader h, ByteBuf payload) {
        Reply.Kind kind = switch (h.type()) {
            case RPY -> Reply.Kind.RPY;
            case ERR -> Reply.Kind.ERR;
            default -> Reply.Kind.ANSWERS;
        };
        int size = h.size();
        // Credit returns, and the octets stop counting against the memory budget, when the listener is done with
        // the chunk (it may acknowledge later, see onChunkAsync).
        p.sink().chunk(kind, h.type() == FrameType.ANS ? h.ansno() : -1, ByteBufUtil.getBytes(payload), !h.more(),
                flow.heldByApplication(ch, size, false));
    }

    private void completed(ChannelImpl ch, PendingRequest p) {
        ch.exchanges().replied(p.msgno());
        Observation.roundTrip(ch, p);
        afterReplyComplete(ch);
    }

    /**
     * Streaming listeners get credit back only once they have seen the data, and until then its octets count against
     * the session's memory budget; aggregation credits at once.
     */
    private void creditAfterCallbacks(ChannelImpl ch, ReplySink sink, int size) {
        if (sink.streaming()) {
            ctx.callbacks().execute(flow.heldByApplication(ch, size, false));
        } else {
            flow.consume(ch, size);
        }
    }

    private void afterReplyComplete(ChannelImpl ch) {
        ch.receive().replyCompleted(true);
        if (ch.number() != 0) {
            management.channelProgress(ch);
        }
    }
}
