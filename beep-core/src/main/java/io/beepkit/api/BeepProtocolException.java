package io.beepkit.api;

/**
 * The peer broke a rule of RFC 3080/3081 that requires the session to be terminated (for example a malformed frame,
 * a sequence number mismatch or a window overrun). Every pending operation of that session fails with this exception
 * (directly or as the cause of a {@link SessionClosedException}).
 */
public class BeepProtocolException extends BeepException {
    /** A protocol violation; {@code message} names the offending value. */
    public BeepProtocolException(String message) {
        super(message);
    }
}
