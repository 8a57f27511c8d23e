package io.beepkit.netty.internal.session;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.MalformedMessageException;
import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.StreamingHandler;
import io.beepkit.core.LogText;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.mgmt.ManagementPayloads;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.channel.FrameChunk;
import io.beepkit.netty.internal.channel.InboundRequest;
import io.beepkit.netty.internal.mgmt.ChannelManagement;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletionStage;

/**
 * The peer's MSG frames: each MSG assembled whole (bounded by the message size limit, ERR 550 before its end when it
 * is too large, RFC 3080 §2.6.3) for a {@link MessageHandler}, or handed on frame by frame to a
 * {@link StreamingHandler}; delivered to the profile's handler on the callback executor, or to channel management on
 * channel 0.
 */
final class MessageReceiver {
    private static final Logger log = LoggerFactory.getLogger(MessageReceiver.class);

    private final SessionContext ctx;
    private final ReceiveFlowController flow;
    private final ChannelManagement management;

    MessageReceiver(SessionContext ctx, ReceiveFlowController flow, ChannelManagement management) {
        this.ctx = ctx;
        this.flow = flow;
        this.management = management;
    }

    void onFrame(ChannelImpl ch, FrameHeader h, ByteBuf payload) {
        InboundRequest req = requestFor(ch, h);
        if (req.streaming()) {
            deliverChunk(ch, req, h, payload);
        } else if (req.discarding()) {
            flow.consumeMsg(ch, h.size());
            if (!h.more()) {
                req.discard(false);
            }
        } else if (!req.assembly().append(payload)) {
            ctx.memory().add(ch, -(req.assembly().size() - h.size())); // the earlier frames, released
            tooLarge(ch, req, h);
        } else if (h.more()) {
            ctx.memory().add(ch, h.size());
            flow.consumeMsg(ch, h.size()); // held in the assembly, bounded by maxMessageSize
        } else {
            ctx.memory().add(ch, -(req.assembly().size() - h.size())); // the earlier frames, decoded or dropped now
            MimeEntity entity;
            try {
                entity = req.assembly().takeEntity();
            } catch (MalformedMessageException e) {
                req.receivingDone();
                malformed(ch, req, h, e);
                return;
            }
            req.receivingDone();
            deliver(ch, req, h.size(), entity);
        }
    }

    /** RFC 3080 §2.3.1: a MSG whose MIME header section is malformed gets ERR 500; the session stays up. */
    private void malformed(ChannelImpl ch, InboundRequest req, FrameHeader h, MalformedMessageException e) {
        flow.consumeMsg(ch, h.size());
        ctx.violations().warn(log, "malformed MSG", "malformed MSG {} on channel {} from {}: {}", h.msgno(),
                ch.number(), ctx.remoteAddress(), LogText.escape(e.getMessage()));
        req.replyNow(FrameType.ERR, ManagementPayloads.error(500, e.getMessage()));
    }

    private InboundRequest requestFor(ChannelImpl ch, FrameHeader h) {
        var slot = ch.exchanges().replies().find(h.msgno());
        if (slot != null) {
            InboundRequest req = slot.attachment();
            if (req.receiving()) {
                return req;
            }
            throw new BeepProtocolException("channel " + ch.number() + ": MSG " + h.msgno()
                    + " reuses a msgno that still awaits our reply");
        }
        int max = ctx.config().limits().maxOutstanding();
        if (ch.exchanges().replies().awaiting() >= max) {
            throw new BeepProtocolException("channel " + ch.number() + ": peer has more than " + max
                    + " MSGs awaiting replies");
        }
        InboundRequest req = InboundRequest.open(ch, h.msgno());
        ctx.memory().add(ch, SessionMemory.PER_MESSAGE); // until its final reply is written
        if (ch.number() != 0 && ch.handler() instanceof StreamingHandler) {
            req.stream();
        } else {
            req.assemble(ctx.config().limits().maxMessageSize());
        }
        return req;
    }

    /** RFC 3080 §2.6.3: answer ERR before the last frame and drop the rest of the message. */
    private void tooLarge(ChannelImpl ch, InboundRequest req, FrameHeader h) {
        req.discard(h.more());
        flow.consumeMsg(ch, h.size());
        int max = ctx.config().limits().maxMessageSize();
        log.debug("channel {}: MSG {} exceeds {} octets, answering ERR 550", ch.number(), h.msgno(), max);
        req.replyNow(FrameType.ERR, ManagementPayloads.error(550,
                "message exceeds the maximum size of " + max + " octets"));
    }

    private void deliver(ChannelImpl ch, InboundRequest req, int finalSize, MimeEntity entity) {
        req.delivered();
        ch.receive().addRepliesOwed(1);
        if (ch.number() == 0) {
            flow.consumeMsg(ch, finalSize);
            management.onMessage(req, entity);
            return;
        }
        // Only a MessageHandler or no handler gets here: a StreamingHandler's MSGs are streamed.
        MessageHandler handler = (MessageHandler) ch.handler();
        // Credit at once while the messages queued for the application stay within one window; beyond that the
        // credit waits for the handler, so a slow application stops the peer instead of growing a queue.
        int length = entity.body().length;
        boolean creditNow = ch.receive().undelivered() < ch.receive().window().window();
        ch.receive().addUndelivered(length);
        ctx.memory().add(ch, length); // until the handler returns
        if (creditNow) {
            flow.consumeMsg(ch, finalSize);
        } else {
            req.creditOnReply(() -> flow.consumeMsg(ch, finalSize));
        }
        ctx.callbacksFor(handler).execute(() -> {
            try {
                if (handler == null) {
                    req.refuse(501, "no handler for profile " + ch.profile());
                } else {
                    handler.onMessage(new Message(ch, req.msgno(), entity), req);
                }
            } catch (RuntimeException e) {
                handlerThrew(ch, req, e);
            } finally {
                ctx.onLoop(() -> {
                    ch.receive().addUndelivered(-length);
                    ctx.memory().add(ch, -length);
                    req.creditDue();
                });
            }
        });
    }

    /**
     * Hands one frame of a MSG to a streaming handler. One running on the event loop gets the network buffer itself
     * (a retained slice, no copy); one running on the callback executor a copy made here, so that no network buffer
     * waits in its queue unaccounted for. Either is released when the call returns; credit returns when the stage the
     * handler returned completes.
     */
    private void deliverChunk(ChannelImpl ch, InboundRequest req, FrameHeader h, ByteBuf payload) {
        boolean last = !h.more();
        if (last) {
            req.receivingDone();
            req.delivered();
            ch.receive().addRepliesOwed(1);
        }
        StreamingHandler handler = (StreamingHandler) ch.handler();
        FrameChunk chunk = ctx.onLoopFor(handler) ? FrameChunk.slice(ch, req.msgno(), payload.retainedSlice(), last)
                : FrameChunk.copy(ch, req.msgno(), ByteBufUtil.getBytes(payload), last);
        // Held against the budget and the window until the handler is done with it.
        Runnable credit = flow.heldByApplication(ch, h.size(), true);
        ctx.callbacksFor(handler).execute(() -> {
            CompletionStage<?> handled = null;
            try {
                handled = handler.onChunk(chunk, req);
            } catch (RuntimeException e) {
                handlerThrew(ch, req, e);
            } finally {
                chunk.release();
                if (handled == null) {
                    credit.run();
                } else {
                    handled.whenComplete((ignored, failure) -> credit.run());
                }
            }
        });
    }

    private static void handlerThrew(ChannelImpl ch, InboundRequest req, RuntimeException e) {
        log.warn("handler of {} threw on MSG {}", ch, req.msgno(), e);
        if (!req.answered()) {
            req.refuse(451, "local error: " + e.getMessage());
        }
    }
}
