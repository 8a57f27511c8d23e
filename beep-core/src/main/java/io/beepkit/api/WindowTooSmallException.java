package io.beepkit.api;

/**
 * A message asked to leave in one whole frame ({@link BeepChannel#sendInOneFrame}, {@link
 * Responder#answerInOneFrame}), or a wait for the peer's window ({@link BeepChannel#whenWindowOpen}), asked for more
 * octets than one frame can carry: more than the peer's window as it last announced it, or more than our largest
 * frame. Nothing was sent.
 */
public class WindowTooSmallException extends BeepException {
    private final long octets;
    private final int peerWindow;
    private final int maxFrameSize;

    /**
     * {@code octets} (payload, MIME headers included) do not fit a {@code peerWindow}-octet window or a
     * {@code maxFrameSize}-octet frame on channel {@code channel}.
     */
    public WindowTooSmallException(int channel, long octets, int peerWindow, int maxFrameSize) {
        super("channel " + channel + ": " + octets + " octets cannot leave in one frame: the peer's window is "
                + peerWindow + " octets and our largest frame " + maxFrameSize + " octets");
        this.octets = octets;
        this.peerWindow = peerWindow;
        this.maxFrameSize = maxFrameSize;
    }

    /** The octets asked for: the payload with its MIME headers. */
    public long octets() {
        return octets;
    }

    /** The peer's window on the channel, as it last announced it (the RFC's 4096 until its first SEQ). */
    public int peerWindow() {
        return peerWindow;
    }

    /** The largest frame this side writes (the socket profile's maximum frame size). */
    public int maxFrameSize() {
        return maxFrameSize;
    }
}
