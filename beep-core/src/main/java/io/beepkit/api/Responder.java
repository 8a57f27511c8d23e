package io.beepkit.api;

import org.jspecify.annotations.Nullable;

/**
 * Answers one MSG. Exactly one of: {@link #reply}, {@link #refuse}, or any number of {@link #answer} followed by
 * {@link #endAnswers}. Safe to call from any thread and at any time later; replies still leave the channel in the
 * order the MSGs arrived (RFC 3080 §2.6.1).
 */
public interface Responder {
    /** Sends a positive reply (RPY). */
    void reply(MimeEntity entity);

    /**
     * Refuses the MSG: sends a negative reply (ERR) with an {@code <error>} element carrying {@code code} (550 if
     * unsure) and {@code diagnostic} (null or empty for an element without text).
     */
    void refuse(int code, @Nullable String diagnostic);

    /** Sends one answer (ANS) of a one-to-many reply. */
    void answer(MimeEntity entity);

    /** Ends a one-to-many reply with NUL (also valid with zero answers). */
    void endAnswers();

    /** The msgno being answered. */
    int msgno();
}
