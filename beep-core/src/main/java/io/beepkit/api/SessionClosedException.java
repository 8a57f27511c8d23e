package io.beepkit.api;

/** The session ended (released, terminated or disconnected) before the operation could complete. */
public class SessionClosedException extends BeepException {
    public SessionClosedException(String message) {
        super(message);
    }

    public SessionClosedException(String message, Throwable cause) {
        super(message, cause);
    }
}
