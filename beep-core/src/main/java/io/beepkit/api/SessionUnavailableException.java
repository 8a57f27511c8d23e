package io.beepkit.api;

/**
 * No session is connected right now to carry the operation: a managed session is (re)connecting, gave up, or was
 * closed. Unlike its parent {@link SessionClosedException}, nothing was sent: the message never left this side, so
 * sending it again later cannot deliver it twice.
 */
public class SessionUnavailableException extends SessionClosedException {
    /** No session, as described by {@code message} (which peer, and why: reconnecting, closed, gave up). */
    public SessionUnavailableException(String message) {
        super(message);
    }

    /** No session, as described by {@code message}, because of {@code cause} (e.g. the last connect failure). */
    public SessionUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
