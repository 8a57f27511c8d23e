package io.beepkit.api;

/**
 * The peer made a session hold more than a resource limit allows (for example its memory budget) for longer than
 * the limit tolerates, and the session was terminated. Pending operations of that session fail with a
 * {@link SessionClosedException} whose cause is this exception.
 */
public class ResourceLimitException extends BeepException {
    /** A limit held over for too long, as described by {@code message} (the limit and how long). */
    public ResourceLimitException(String message) {
        super(message);
    }
}
