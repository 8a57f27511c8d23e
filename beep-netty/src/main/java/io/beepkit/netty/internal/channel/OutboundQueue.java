package io.beepkit.netty.internal.channel;

import io.beepkit.core.flow.SendWindow;

import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * One channel's outbound side: the messages waiting to be cut into frames, in order, and the peer's window. The
 * channel adds messages; the session's scheduler takes frames and keeps its own bookkeeping here (whether the channel
 * is in the round-robin queue, how long it has waited on the window, the tail timer). Event loop only.
 */
public final class OutboundQueue implements Consumer<OutboundMessage> {
    // Starts at two slots (the default is 17): an idle session holds several of these.
    private final ArrayDeque<OutboundMessage> messages = new ArrayDeque<>(1);
    private final SendWindow window = new SendWindow();
    private boolean scheduled;
    private long blockedSince;
    private boolean tailTimerArmed;
    private boolean forceNext;

    /** Appends a message. */
    public void add(OutboundMessage m) {
        messages.add(m);
    }

    /** Appends a message: where the channel's replies are drained to, in their order. */
    @Override
    public void accept(OutboundMessage m) {
        messages.add(m);
    }

    /** The message being sent, or null. */
    public OutboundMessage head() {
        return messages.peek();
    }

    /** Drops the head message once its last frame is written. */
    public void removeHead() {
        messages.poll();
    }

    /** How many messages are queued, the one being sent included. */
    public int size() {
        return messages.size();
    }

    /** True when nothing waits to be sent. */
    public boolean isEmpty() {
        return messages.isEmpty();
    }

    /** True when a reply (RPY, ERR, ANS or NUL) waits to be sent. */
    public boolean holdsReplies() {
        for (OutboundMessage m : messages) {
            if (m.type() != io.beepkit.core.frame.FrameType.MSG) {
                return true;
            }
        }
        return false;
    }

    /** The peer's window for this channel. */
    public SendWindow window() {
        return window;
    }

    /** True while the channel sits in the scheduler's round-robin queue. */
    public boolean scheduled() {
        return scheduled;
    }

    /** Marks whether the channel sits in the scheduler's round-robin queue. */
    public void scheduled(boolean v) {
        scheduled = v;
    }

    /** When the channel started waiting on the peer's window (System.nanoTime), 0 if it is not waiting. */
    public long blockedSince() {
        return blockedSince;
    }

    /** Records when waiting on the window started, or 0 once it ended. */
    public void blockedSince(long nanos) {
        blockedSince = nanos;
    }

    /** True while a tail timer is pending for this channel. */
    public boolean tailTimerArmed() {
        return tailTimerArmed;
    }

    /** Marks the tail timer as pending or fired. */
    public void tailTimerArmed(boolean v) {
        tailTimerArmed = v;
    }

    /** True when the next frame goes out even if the planner would rather wait (the tail timer fired). */
    public boolean forceNext() {
        return forceNext;
    }

    /** Forces, or stops forcing, the next frame. */
    public void forceNext(boolean v) {
        forceNext = v;
    }

    /** Releases every queued buffer. */
    public void releaseAll() {
        messages.forEach(OutboundMessage::release);
        messages.clear();
    }
}
