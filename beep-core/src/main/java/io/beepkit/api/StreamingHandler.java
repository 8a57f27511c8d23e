package io.beepkit.api;

import java.util.concurrent.CompletionStage;

/**
 * A profile handler that receives each MSG piece by piece, one {@link MessageChunk} per frame as it arrives, so a
 * MSG of any size never sits in memory whole; the session's maximum message size does not apply. The first pieces
 * carry the payload's MIME header section. The window credit of a piece returns to the peer only when the stage
 * returned for it completes (normally or not): a handler that passes the data on and acknowledges it later holds the
 * peer to one window of unacknowledged octets, and a slow handler slows the peer. Return a completed stage (for
 * example {@link java.util.concurrent.CompletableFuture#completedFuture(Object)
 * CompletableFuture.completedFuture(null)}) to give the credit back as the call returns.
 */
@FunctionalInterface
public non-sealed interface StreamingHandler extends ProfileHandler {
    /**
     * A piece of a MSG, readable during this call (see {@link MessageChunk}). The same {@code responder} comes with
     * every piece of one MSG; answer at any point, from any thread.
     *
     * @return completes when the application is done with the piece's octets: its window credit then returns to the
     *         peer
     */
    CompletionStage<?> onChunk(MessageChunk chunk, Responder responder);
}
