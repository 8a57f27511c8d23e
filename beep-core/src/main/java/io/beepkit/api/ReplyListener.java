package io.beepkit.api;

/**
 * Receives the answer to a MSG as it arrives, one complete reply or answer at a time, so that a one-to-many exchange
 * (ANS ... NUL) of any length never has to be held in memory whole. Called on the session's callback executor, in
 * arrival order, never concurrently for one session.
 */
public interface ReplyListener {
    /** A positive reply (RPY) arrived; the exchange is complete. */
    default void onReply(MimeEntity reply) {
    }

    /** A negative reply (ERR) arrived; the exchange is complete. */
    default void onError(int code, String diagnostic, MimeEntity entity) {
    }

    /** One answer (ANS) of a one-to-many exchange completed. */
    default void onAnswer(long ansno, MimeEntity answer) {
    }

    /** NUL arrived: the one-to-many exchange is complete (possibly with zero answers). */
    default void onAnswersComplete() {
    }
}
