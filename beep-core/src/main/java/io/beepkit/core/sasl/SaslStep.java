package io.beepkit.core.sasl;

import io.beepkit.api.MimeEntity;
import io.beepkit.api.security.SaslIdentity;

import java.nio.charset.StandardCharsets;

/**
 * What an initiator does next in a SASL exchange.
 *
 * @param kind       send a message, or the exchange is over (succeeded or failed)
 * @param message    for {@link Kind#SEND}, the {@code <blob>} to send as a MSG on the channel; for
 *                   {@link Kind#FAILED}, an abort blob to send before closing the channel, or null
 * @param identity   for {@link Kind#SUCCEEDED}, the identity claimed and accepted
 * @param code       for {@link Kind#FAILED}, the peer's error code, or 0 for a local failure
 * @param diagnostic for {@link Kind#FAILED}, why (escaped, no secrets)
 */
public record SaslStep(Kind kind, String message, SaslIdentity identity, int code, String diagnostic) {

    /** The kinds of step. */
    public enum Kind {
        /** Send {@link #message()} as a MSG and feed its reply to the exchange. */
        SEND,
        /** Authenticated; close the channel when convenient. */
        SUCCEEDED,
        /** The exchange failed; send {@link #message()} if present, then close the channel. */
        FAILED
    }

    static SaslStep send(String blob) {
        return new SaslStep(Kind.SEND, blob, null, 0, null);
    }

    static SaslStep succeeded(SaslIdentity identity) {
        return new SaslStep(Kind.SUCCEEDED, null, identity, 0, null);
    }

    static SaslStep failed(int code, String diagnostic, String abortBlob) {
        return new SaslStep(Kind.FAILED, abortBlob, null, code, diagnostic);
    }

    /** The message as a MIME entity ({@code application/beep+xml}), or null when there is none. */
    public MimeEntity entity() {
        return message == null ? null : MimeEntity.of(MimeEntity.BEEP_XML, message.getBytes(StandardCharsets.UTF_8));
    }
}
