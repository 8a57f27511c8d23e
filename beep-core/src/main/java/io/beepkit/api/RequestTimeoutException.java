package io.beepkit.api;

/**
 * A channel-0 request of ours (a channel start or close, the session release) got no reply within the configured
 * timeout. Channel-0 replies come in order, so a missing one would hold back every later one: the session is
 * terminated, and the request's own future fails with this exception (other pending operations of the session fail
 * with a {@link SessionClosedException} whose cause is this exception).
 */
public class RequestTimeoutException extends BeepException {
    /** No reply to the request described by {@code message} (what was asked, on which channel, and the timeout). */
    public RequestTimeoutException(String message) {
        super(message);
    }
}
