package io.beepkit.api;

/** The channel is closed or closing, so it accepts no new message. */
public class ChannelClosedException extends BeepException {
    /** The channel named in {@code message} is closing or closed. */
    public ChannelClosedException(String message) {
        super(message);
    }
}
