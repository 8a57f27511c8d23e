package io.beepkit.netty.internal.session;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.codec.Frame;
import io.beepkit.netty.internal.mgmt.ChannelManagement;

/**
 * Routes each decoded frame: the greeting must come first (RFC 3080 §2.4); SEQs open our send windows; data frames
 * are checked for continuity (§2.2.1.1) and against our receive window (RFC 3081 §3.1.2), counted, and handed to
 * the MSG receiver or the reply receiver. Any violation is a {@link BeepProtocolException}, which terminates.
 */
final class InboundDispatcher {
    private final ChannelTable channels;
    private final ReceiveFlowController flow;
    private final OutboundScheduler scheduler;
    private final ChannelManagement management;
    private final MessageReceiver messages;
    private final ReplyReceiver replies;

    InboundDispatcher(SessionContext ctx, ChannelTable channels, ReceiveFlowController flow,
                      OutboundScheduler scheduler, ChannelManagement management) {
        this.channels = channels;
        this.flow = flow;
        this.scheduler = scheduler;
        this.management = management;
        this.messages = new MessageReceiver(ctx, flow, management);
        this.replies = new ReplyReceiver(ctx, flow, scheduler, management);
    }

    void onFrame(Frame frame) {
        FrameHeader h = frame.header();
        management.checkFirstFrame(h);
        if (h.type() == FrameType.SEQ) {
            onSeq(h);
            return;
        }
        ChannelImpl ch = channels.get(h.channel());
        if (ch == null) {
            throw new BeepProtocolException("frame for channel " + h.channel() + ", which is not open: " + h);
        }
        ch.receive().continuity().accept(h);
        flow.frameReceived(ch, h);
        ch.counters().frameReceived(h.size());
        Observation.frameReceived(ch, h);
        if (h.type() == FrameType.MSG) {
            messages.onFrame(ch, h, frame.payload());
        } else {
            replies.onFrame(ch, h, frame.payload());
        }
    }

    private void onSeq(FrameHeader h) {
        ChannelImpl ch = channels.get(h.channel());
        if (ch == null) {
            if (channels.recentlyClosed(h.channel())) {
                return; // a SEQ that crossed our close: harmless
            }
            throw new BeepProtocolException("SEQ for channel " + h.channel() + ", which is not open: " + h);
        }
        ch.counters().seqReceived();
        Observation.seqReceived(ch);
        if (ch.outbound().window().onSeq(h.ackno(), h.window())) {
            scheduler.windowOpened(ch);
        }
    }
}
