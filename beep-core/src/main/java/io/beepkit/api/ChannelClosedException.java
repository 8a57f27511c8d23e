package io.beepkit.api;

/** The channel is closed or closing, so it accepts no new message. */
public class ChannelClosedException extends BeepException {
    /** The channel named in {@code message} is closing or closed. */
    public ChannelClosedException(String message) {
        super(message);
    }

    /**
     * The channel named in {@code message} is closing or closed because of {@code cause} (for a channel given up
     * after a missed reply deadline, the {@link ReplyTimeoutException}).
     */
    public ChannelClosedException(String message, Throwable cause) {
        super(message, cause);
    }
}
