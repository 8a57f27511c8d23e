package io.beepkit.api;

/** An incoming message or reply exceeded the configured maximum message size; the rest of it was discarded. */
public class MessageTooLargeException extends BeepException {
    /** A message or reply over the configured maximum size, as described by {@code message}. */
    public MessageTooLargeException(String message) {
        super(message);
    }
}
