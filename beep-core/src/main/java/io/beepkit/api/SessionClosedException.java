package io.beepkit.api;

/** The session ended (released, terminated or disconnected) before the operation could complete. */
public class SessionClosedException extends BeepException {
    /** The session ended, as described by {@code message}. */
    public SessionClosedException(String message) {
        super(message);
    }

    /** The session ended because of {@code cause} (for a protocol violation, a {@link BeepProtocolException}). */
    public SessionClosedException(String message, Throwable cause) {
        super(message, cause);
    }
}
