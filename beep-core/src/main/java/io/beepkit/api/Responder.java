package io.beepkit.api;

import org.jspecify.annotations.Nullable;

import java.util.concurrent.CompletableFuture;

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

    /**
     * As {@link #answer}, but the ANS leaves only as one whole frame: it waits, in reply order, until the peer's
     * window has room for all of it (see {@link BeepChannel#sendInOneFrame}, which judges sizes the same way).
     *
     * <p>The default implementation, for responders not made by beepkit, sends an ordinary {@link #answer} and
     * completes at once.
     *
     * @return completes on the session's event loop once the answer's frame is written to the connection; fails
     *         with {@link WindowTooSmallException}, nothing sent, when the answer is larger than the peer's window or
     *         our largest frame (the reply stays open: answer again, or end it), or with
     *         {@link ChannelClosedException} or {@link SessionClosedException} if the channel or session ends first
     */
    default CompletableFuture<@Nullable Void> answerInOneFrame(MimeEntity entity) {
        answer(entity);
        return CompletableFuture.completedFuture(null);
    }

    /** Ends a one-to-many reply with NUL (also valid with zero answers). */
    void endAnswers();

    /** The msgno being answered. */
    int msgno();
}
