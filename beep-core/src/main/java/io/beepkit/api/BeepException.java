package io.beepkit.api;

/** Base class of every exception this library raises or completes a future with. */
public class BeepException extends RuntimeException {
    /** A failure described by {@code message}. */
    public BeepException(String message) {
        super(message);
    }

    /** A failure described by {@code message}, caused by {@code cause}. */
    public BeepException(String message, Throwable cause) {
        super(message, cause);
    }
}
