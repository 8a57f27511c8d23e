package io.beepkit.core.sasl;

import io.beepkit.api.MimeEntity;
import io.beepkit.api.Responder;

import java.nio.charset.StandardCharsets;

/**
 * What the listener answers to one MSG of a SASL exchange: a positive reply (RPY) carrying a {@code <blob>}, or a
 * negative one (ERR) with a code and diagnostic.
 *
 * @param positive   true for RPY, false for ERR
 * @param blob       the {@code <blob>} XML of an RPY, null for ERR
 * @param code       the ERR code (535 for failed authentication), 0 for RPY
 * @param diagnostic the ERR diagnostic, null for RPY
 */
public record SaslAnswer(boolean positive, String blob, int code, String diagnostic) {

    static SaslAnswer reply(String blob) {
        return new SaslAnswer(true, blob, 0, null);
    }

    static SaslAnswer error(int code, String diagnostic) {
        return new SaslAnswer(false, null, code, diagnostic);
    }

    /** The RPY entity ({@code application/beep+xml}); only for a positive answer. */
    public MimeEntity entity() {
        if (!positive) {
            throw new IllegalStateException("an ERR answer has no RPY entity");
        }
        return MimeEntity.of(MimeEntity.BEEP_XML, blob.getBytes(StandardCharsets.UTF_8));
    }

    /** Sends this answer through {@code responder}: {@link Responder#reply} or {@link Responder#refuse}. */
    public void sendTo(Responder responder) {
        if (positive) {
            responder.reply(entity());
        } else {
            responder.refuse(code, diagnostic);
        }
    }
}
