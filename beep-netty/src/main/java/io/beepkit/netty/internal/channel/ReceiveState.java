package io.beepkit.netty.internal.channel;

import io.beepkit.core.channel.InboundContinuity;
import io.beepkit.core.flow.ReceiveWindow;
import io.beepkit.core.flow.ReceiveWindowTuner;

/**
 * One channel's inbound flow-control state: our receive window, frame continuity, the window tuner, and what credit
 * waits for (the application, or our own replies). Written only by the session's receive-window controller and
 * inbound dispatcher, on the event loop.
 */
public final class ReceiveState {
    private final ReceiveWindow window = new ReceiveWindow();
    private final InboundContinuity continuity = new InboundContinuity();
    private ReceiveWindowTuner tuner;
    /** Octets of complete MSGs handed to the application whose handler has not returned yet. */
    private long undelivered;
    /** Octets of our replies to the peer's MSGs produced but not yet written. */
    private long replyBacklog;
    /** Octets of the peer's MSGs consumed but not yet credited because the reply backlog is too large. */
    private int withheldCredit;
    /** MSGs handed to the application whose final reply is not produced yet. */
    private int repliesOwed;
    /** This channel's share of what the session holds for its peer (see the session's memory budget). */
    private long memoryHeld;
    /** True when a SEQ is due at the end of this read. */
    private boolean seqPending;
    /** True when a due SEQ waits to ride with our next frame on this channel. */
    private boolean seqDeferred;
    /** True when the last frame received on the channel was not the last of its message. */
    private boolean midMessage;
    /** True when a reply to one of our MSGs completed in this read: our next MSG is likely to follow. */
    private boolean replyCompleted;
    /** Octets of the message being received so far, and of the last complete one. */
    private long messageOctets;
    private long lastMessageOctets;
    private long replyOctets;
    private long largestReplyOctets;

    /** Our receive window. */
    public ReceiveWindow window() {
        return window;
    }

    /** The frame continuity check of RFC 3080 §2.2.1.1. */
    public InboundContinuity continuity() {
        return continuity;
    }

    /** The window tuner, or null when the window stays fixed. */
    public ReceiveWindowTuner tuner() {
        return tuner;
    }

    /** Installs the window tuner. */
    public void tuner(ReceiveWindowTuner t) {
        tuner = t;
    }

    /** Octets of complete MSGs the application has not finished handling. */
    public long undelivered() {
        return undelivered;
    }

    /** Adds (or with a negative value removes) octets the application has not finished handling. */
    public void addUndelivered(long octets) {
        undelivered += octets;
    }

    /** Octets of our replies produced and not yet written. */
    public long replyBacklog() {
        return replyBacklog;
    }

    /** Adds (or removes) octets of replies produced and not yet written. */
    public void addReplyBacklog(long octets) {
        replyBacklog += octets;
    }

    /** Credit held back while the reply backlog is too large. */
    public int withheldCredit() {
        return withheldCredit;
    }

    /** Sets the credit held back. */
    public void withheldCredit(int octets) {
        withheldCredit = octets;
    }

    /** MSGs the application holds whose final reply is not produced yet. */
    public int repliesOwed() {
        return repliesOwed;
    }

    /** Adds (or removes) MSGs awaiting their final reply. */
    public void addRepliesOwed(int n) {
        repliesOwed = Math.max(0, repliesOwed + n);
    }

    /** This channel's share of the octets the session holds for its peer. */
    public long memoryHeld() {
        return memoryHeld;
    }

    /** Adds (or removes) octets to this channel's share of what the session holds for its peer. */
    public void addMemoryHeld(long octets) {
        memoryHeld += octets;
    }

    /** True when a SEQ is due at the end of the read. */
    public boolean seqPending() {
        return seqPending;
    }

    /** Marks a SEQ as due, or not, at the end of the read. */
    public void seqPending(boolean v) {
        seqPending = v;
    }

    /** True when a due SEQ waits to ride with our next frame. */
    public boolean seqDeferred() {
        return seqDeferred;
    }

    /** Marks a due SEQ as waiting for our next frame, or not. */
    public void seqDeferred(boolean v) {
        seqDeferred = v;
    }

    /** True when the peer is in the middle of a message on this channel. */
    public boolean midMessage() {
        return midMessage;
    }

    /** Records whether the peer is in the middle of a message. */
    public void midMessage(boolean v) {
        midMessage = v;
    }

    /** Counts a data frame of {@code octets}; {@code last} when it ends its message. */
    public void messageFrame(int octets, boolean last) {
        messageOctets += octets;
        if (last) {
            lastMessageOctets = messageOctets;
            messageOctets = 0;
        }
    }

    /** A frame of a reply (RPY, ERR, ANS or NUL) of {@code octets} arrived; {@code last} when it ends that reply. */
    public void replyFrame(int octets, boolean last) {
        replyOctets += octets;
        if (last) {
            largestReplyOctets = Math.max(largestReplyOctets, replyOctets);
            replyOctets = 0;
        }
    }

    /** The largest complete reply the peer sent on this channel so far (0 before the first). */
    public long largestReplyOctets() {
        return largestReplyOctets;
    }

    /** The size of the last complete message (MSG or reply) the peer sent on this channel. */
    public long lastMessageOctets() {
        return lastMessageOctets;
    }

    /** True when a reply to our MSG completed in this read. */
    public boolean replyCompleted() {
        return replyCompleted;
    }

    /** Records that a reply to our MSG completed in this read, or clears it. */
    public void replyCompleted(boolean v) {
        replyCompleted = v;
    }
}
