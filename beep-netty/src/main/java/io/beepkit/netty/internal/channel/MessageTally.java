package io.beepkit.netty.internal.channel;

/**
 * The frames and octets of the message in progress in each direction on one channel, for the observer's per-message
 * events. Event loop only.
 */
public final class MessageTally {
    private int framesSent;
    private long octetsSent;
    private int framesReceived;
    private long octetsReceived;

    /** A frame of {@code octets} was sent. */
    public void sent(int octets) {
        framesSent++;
        octetsSent += octets;
    }

    /** A frame of {@code octets} was received. */
    public void received(int octets) {
        framesReceived++;
        octetsReceived += octets;
    }

    /** Frames of the message being sent. */
    public int framesSent() {
        return framesSent;
    }

    /** Octets of the message being sent. */
    public long octetsSent() {
        return octetsSent;
    }

    /** Frames of the message being received. */
    public int framesReceived() {
        return framesReceived;
    }

    /** Octets of the message being received. */
    public long octetsReceived() {
        return octetsReceived;
    }

    /** The message sent is complete. */
    public void sentReset() {
        framesSent = 0;
        octetsSent = 0;
    }

    /** The message received is complete. */
    public void receivedReset() {
        framesReceived = 0;
        octetsReceived = 0;
    }
}
