package io.beepkit.api;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

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

    /**
     * True to receive each reply as raw frame payloads through {@link #onChunk} instead of whole entities through
     * {@link #onReply}, {@link #onError} and {@link #onAnswer}: a reply of any size then never sits in memory whole.
     * Window credit returns to the peer as each chunk call returns (or, with {@link #onChunkAsync}, when its stage
     * completes).
     */
    default boolean streaming() {
        return false;
    }

    /**
     * With {@link #streaming()}: a piece of a reply's payload, MIME header section included in the first pieces.
     *
     * @param kind  RPY, ERR, or ANSWERS for an ANS
     * @param ansno the answer number for ANS, else -1
     * @param last  true on the last piece of that RPY, ERR or ANS
     */
    default void onChunk(Reply.Kind kind, long ansno, byte[] chunk, boolean last) {
    }

    /**
     * With {@link #streaming()}: as {@link #onChunk}, but the window credit for the chunk returns to the peer only
     * once the returned stage completes (normally or not) instead of when the call returns. For a listener that
     * hands the data to something slower and acknowledges later: the peer then never has more than one window of
     * octets in flight that the application has not acknowledged, and nothing queues up in between. Called instead
     * of {@link #onChunk}; the default calls {@link #onChunk} and returns a completed stage.
     */
    default CompletionStage<?> onChunkAsync(Reply.Kind kind, long ansno, byte[] chunk, boolean last) {
        onChunk(kind, ansno, chunk, last);
        return CompletableFuture.completedFuture(null);
    }
}
