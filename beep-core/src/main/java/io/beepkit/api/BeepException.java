package io.beepkit.api;

/** Base class of every exception this library raises or completes a future with. */
public class BeepException extends RuntimeException {
    public BeepException(String message) {
        super(message);
    }

    public BeepException(String message, Throwable cause) {
        super(message, cause);
    }
}
