package io.beepkit.netty.internal.codec;

/**
 * What the decoder asks the session when a data frame's header arrives: how many payload octets the peer may send
 * on that channel now; then it tells the session the header is here. A frame declaring more is refused before any of its payload is buffered. Called on the event
 * loop, between frames (the session has seen every earlier frame).
 */
@FunctionalInterface
public interface FrameLimits {
    /**
     * @param channel the channel number of the header just parsed
     * @return the most payload octets a data frame on {@code channel} may declare now
     */
    long maxPayload(int channel);

    /**
     * A data frame's header passed {@link #maxPayload}; its payload may still be on the way. The session times its
     * window's round trips from here, so they leave out the frame's own transfer.
     *
     * @param channel the frame's channel number
     * @param size    the payload octets it declares
     */
    default void headerArrived(int channel, int size) {
    }

    /**
     * False while the session holds more for its peer than it may (its memory budget): the decoder then hands on no
     * further data frame (SEQs still pass), keeping what it has read undecoded, until told to resume.
     */
    default boolean acceptingFrames() {
        return true;
    }

    /**
     * True once the session has used its share of this event-loop turn: the decoder then decodes nothing more, not
     * even a SEQ, and keeps what it has read until the session's next turn runs the task given to {@link #onResume}.
     * Asked at each frame boundary.
     */
    default boolean turnSpent() {
        return false;
    }

    /**
     * Registers what the session calls, from a task of its own on the event loop, once it accepts frames again, and at
     * its next turn: the decoder decodes what it held back.
     */
    default void onResume(Runnable decodeHeld) {
    }

    /** The same limit for every channel and every moment: for a decoder without a session behind it. */
    static FrameLimits fixed(long max) {
        return channel -> max;
    }
}
