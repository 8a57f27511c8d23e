package io.beepkit.core.channel;

/**
 * The life of one channel from our side, as one state machine (RFC 3080 §2.3.1.3): open; asked to close by us and
 * waiting for the replies to our MSGs; our close request sent; closed. A declined close returns to open. The state
 * is written on the session's event loop and readable from any thread.
 */
public final class ChannelLifecycle {
    /** Where a channel is in its life. */
    public enum State {
        /** Open: takes new MSGs in both directions. */
        OPEN,
        /** We asked to close it; our MSGs still await replies, so the close request has not left yet. */
        CLOSE_WAIT,
        /** Our close request is on its way; waiting for {@code <ok/>} or an error. */
        CLOSING,
        /** Closed by either peer, or the session ended. */
        CLOSED
    }

    private volatile State state = State.OPEN;

    /** The current state. */
    public State state() {
        return state;
    }

    /** True until the channel is closed (a channel being closed still delivers and answers). */
    public boolean isOpen() {
        return state != State.CLOSED;
    }

    /** True once the channel is closed. */
    public boolean isClosed() {
        return state == State.CLOSED;
    }

    /** True while the application may send new MSGs on the channel. */
    public boolean acceptsNewMessages() {
        return state == State.OPEN;
    }

    /** True once we asked to close the channel and the close is not yet settled. */
    public boolean closingByUs() {
        return state == State.CLOSE_WAIT || state == State.CLOSING;
    }

    /** We asked to close: OPEN to CLOSE_WAIT. */
    public void closeRequested() {
        move(State.OPEN, State.CLOSE_WAIT);
    }

    /** Every MSG of ours is answered and the close request is sent: CLOSE_WAIT to CLOSING. */
    public void closeSent() {
        move(State.CLOSE_WAIT, State.CLOSING);
    }

    /** The peer declined our close: CLOSING back to OPEN. */
    public void closeDeclined() {
        move(State.CLOSING, State.OPEN);
    }

    /** The channel is closed, from any state. */
    public void closed() {
        state = State.CLOSED;
    }

    private void move(State from, State to) {
        if (state != from) {
            throw new IllegalStateException("channel is " + describe(state) + ", not " + describe(from));
        }
        state = to;
    }

    /** The current state in words, for exception messages. */
    public String describe() {
        return describe(state);
    }

    /** A state in words, for exception messages. */
    public static String describe(State s) {
        return switch (s) {
            case OPEN -> "open";
            case CLOSE_WAIT -> "closing (waiting for replies to our MSGs)";
            case CLOSING -> "closing";
            case CLOSED -> "closed";
        };
    }
}
