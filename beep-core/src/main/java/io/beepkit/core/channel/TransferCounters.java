package io.beepkit.core.channel;

import io.beepkit.api.TransferStats;

/**
 * The live counters of one channel (or the closed channels of a session): written by the session's event loop,
 * readable from any thread, each value individually consistent. Applications see {@link #snapshot()}s.
 */
public final class TransferCounters {
    private volatile long framesSent;
    private volatile long framesReceived;
    private volatile long bytesSent;
    private volatile long bytesReceived;
    private volatile long messagesSent;
    private volatile long smallFramesSent;
    private volatile long seqSent;
    private volatile long seqReceived;
    private volatile long zeroWindowNanos;

    /** Records one data frame sent; {@code small} when it was a split fragment under the minimum fragment size. */
    public void frameSent(int payload, boolean small) {
        framesSent++;
        bytesSent += payload;
        if (small) {
            smallFramesSent++;
        }
    }

    /** Counts a data frame of {@code payload} octets received. */
    public void frameReceived(int payload) {
        framesReceived++;
        bytesReceived += payload;
    }

    /** Counts a message (MSG or reply) whose last frame was sent. */
    public void messageSent() {
        messagesSent++;
    }

    /** Counts a SEQ frame sent. */
    public void seqSent() {
        seqSent++;
    }

    /** Counts a SEQ frame received. */
    public void seqReceived() {
        seqReceived++;
    }

    /** Adds {@code nanos} of time spent waiting on a zero window. */
    public void blocked(long nanos) {
        zeroWindowNanos += nanos;
    }

    /** Adds {@code other}'s counters to these (a closing channel's to its session's total). */
    public void add(TransferCounters other) {
        framesSent += other.framesSent;
        framesReceived += other.framesReceived;
        bytesSent += other.bytesSent;
        bytesReceived += other.bytesReceived;
        messagesSent += other.messagesSent;
        smallFramesSent += other.smallFramesSent;
        seqSent += other.seqSent;
        seqReceived += other.seqReceived;
        zeroWindowNanos += other.zeroWindowNanos;
    }

    /** Payload octets sent so far, without taking a whole snapshot. */
    public long bytesSent() {
        return bytesSent;
    }

    /** The counters now. */
    public TransferStats snapshot() {
        return new TransferStats(framesSent, framesReceived, bytesSent, bytesReceived, messagesSent, smallFramesSent,
                seqSent, seqReceived, zeroWindowNanos);
    }
}
