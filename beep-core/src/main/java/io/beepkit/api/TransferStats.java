package io.beepkit.api;

import java.util.Objects;

/**
 * Counters of one channel or one session at one moment: an immutable snapshot, taken by
 * {@link BeepChannel#stats()} and {@link BeepSession#stats()}. Snapshots add and subtract, so an application can
 * total several channels or measure what one interval transferred.
 */
public final class TransferStats {
    /** All counters zero. */
    public static final TransferStats ZERO = new TransferStats(0, 0, 0, 0, 0, 0, 0, 0, 0);

    private final long framesSent;
    private final long framesReceived;
    private final long bytesSent;
    private final long bytesReceived;
    private final long messagesSent;
    private final long smallFramesSent;
    private final long seqFramesSent;
    private final long seqFramesReceived;
    private final long zeroWindowNanos;

    /** Used by the engine, which counts; applications take snapshots from channels and sessions. */
    @Internal
    public TransferStats(long framesSent, long framesReceived, long bytesSent, long bytesReceived, long messagesSent,
                         long smallFramesSent, long seqFramesSent, long seqFramesReceived, long zeroWindowNanos) {
        this.framesSent = framesSent;
        this.framesReceived = framesReceived;
        this.bytesSent = bytesSent;
        this.bytesReceived = bytesReceived;
        this.messagesSent = messagesSent;
        this.smallFramesSent = smallFramesSent;
        this.seqFramesSent = seqFramesSent;
        this.seqFramesReceived = seqFramesReceived;
        this.zeroWindowNanos = zeroWindowNanos;
    }

    /** These counters plus {@code other}'s (for totals over channels or sessions). */
    public TransferStats plus(TransferStats other) {
        return new TransferStats(framesSent + other.framesSent, framesReceived + other.framesReceived,
                bytesSent + other.bytesSent, bytesReceived + other.bytesReceived, messagesSent + other.messagesSent,
                smallFramesSent + other.smallFramesSent, seqFramesSent + other.seqFramesSent,
                seqFramesReceived + other.seqFramesReceived, zeroWindowNanos + other.zeroWindowNanos);
    }

    /** These counters less an earlier snapshot's: what happened between the two. */
    public TransferStats minus(TransferStats earlier) {
        return new TransferStats(framesSent - earlier.framesSent, framesReceived - earlier.framesReceived,
                bytesSent - earlier.bytesSent, bytesReceived - earlier.bytesReceived,
                messagesSent - earlier.messagesSent, smallFramesSent - earlier.smallFramesSent,
                seqFramesSent - earlier.seqFramesSent, seqFramesReceived - earlier.seqFramesReceived,
                zeroWindowNanos - earlier.zeroWindowNanos);
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
        return seqFramesSent;
    }

    /** SEQ frames received. */
    public long seqFramesReceived() {
        return seqFramesReceived;
    }

    /** Time spent with data queued but the peer's window closed. */
    public long zeroWindowNanos() {
        return zeroWindowNanos;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TransferStats that
                && framesSent == that.framesSent && framesReceived == that.framesReceived
                && bytesSent == that.bytesSent && bytesReceived == that.bytesReceived
                && messagesSent == that.messagesSent && smallFramesSent == that.smallFramesSent
                && seqFramesSent == that.seqFramesSent && seqFramesReceived == that.seqFramesReceived
                && zeroWindowNanos == that.zeroWindowNanos;
    }

    @Override
    public int hashCode() {
        return Objects.hash(framesSent, framesReceived, bytesSent, bytesReceived, messagesSent, smallFramesSent,
                seqFramesSent, seqFramesReceived, zeroWindowNanos);
    }

    @Override
    public String toString() {
        return "frames sent=" + framesSent + " received=" + framesReceived + ", bytes sent=" + bytesSent
                + " received=" + bytesReceived + ", messages sent=" + messagesSent + ", tiny frames=" + smallFramesSent
                + ", SEQ sent=" + seqFramesSent + " received=" + seqFramesReceived + ", zero-window ms="
                + zeroWindowNanos / 1_000_000;
    }
}
