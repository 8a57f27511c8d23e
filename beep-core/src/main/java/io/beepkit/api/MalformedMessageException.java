package io.beepkit.api;

/**
 * A message's payload broke the MIME rules of RFC 3080 §2.2 (for example a bare CR or LF inside its header
 * section). The rule concerns one message, not the framing: a malformed MSG is answered with ERR 500 and the session
 * stays up. Where no reply can carry the error (a malformed reply), the session is terminated as for any
 * {@link BeepProtocolException}.
 */
public class MalformedMessageException extends BeepProtocolException {
    /** A malformed payload, as described by {@code message} (which names the offending octets, escaped). */
    public MalformedMessageException(String message) {
        super(message);
    }
}
