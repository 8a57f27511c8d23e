package io.beepkit.api;

/**
 * Counters of one channel or one session. Written by the session's event loop, readable from any thread; each value
 * is individually consistent.
 */
public final class TransferStats {
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

    /** Adds {@code other}'s counters to this one (for session totals). */
    public void add(TransferStats o) {
        framesSent += o.framesSent;
        framesReceived += o.framesReceived;
        bytesSent += o.bytesSent;
        bytesReceived += o.bytesReceived;
        messagesSent += o.messagesSent;
        smallFramesSent += o.smallFramesSent;
        seqSent += o.seqSent;
        seqReceived += o.seqReceived;
        zeroWindowNanos += o.zeroWindowNanos;
    }

    /** Data frames sent (SEQ frames not included). */
    public long framesSent() {
        return framesSent;
    }

    /** Data frames received (SEQ frames not included). */
    public long framesReceived() {
        return framesReceived;
    }

    /** Payload octets sent in data frames. */
    public long bytesSent() {
        return bytesSent;
    }

    /** Payload octets received in data frames. */
    public long bytesReceived() {
        return bytesReceived;
    }

    /** Messages (MSG, RPY, ERR, each ANS, NUL) whose last frame was sent. */
    public long messagesSent() {
        return messagesSent;
    }

    /** Frames that were a piece of a split message and smaller than the minimum fragment size (tiny fragments). */
    public long smallFramesSent() {
        return smallFramesSent;
    }

    /** SEQ frames sent. */
    public long seqFramesSent() {
        return seqSent;
    }

    /** SEQ frames received. */
    public long seqFramesReceived() {
        return seqReceived;
    }

    /** Time spent with data queued but the peer's window closed. */
    public long zeroWindowNanos() {
        return zeroWindowNanos;
    }

    @Override
    public String toString() {
        return "frames sent=" + framesSent + " received=" + framesReceived + ", bytes sent=" + bytesSent
                + " received=" + bytesReceived + ", messages sent=" + messagesSent + ", tiny frames=" + smallFramesSent
                + ", SEQ sent=" + seqSent + " received=" + seqReceived + ", zero-window ms=" + zeroWindowNanos / 1_000_000;
    }
}
