package io.beepkit.api;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The application side of a profile: decides on start requests and handles MSGs arriving on channels of that
 * profile. Every method runs on the session's callback executor (never on a Netty event loop), one call at a time per
 * session, so a handler may block briefly without stalling I/O, and needs no locking for per-session state. A handler
 * that never blocks can ask to run on the session's I/O thread instead ({@link #nonBlocking()}).
 */
public interface ProfileHandler {
    /** A peer asks to start a channel on this profile. The default accepts. */
    default StartDecision onStart(ChannelStartRequest request) {
        return StartDecision.accept();
    }

    /** A channel on this profile is open (started by either peer). */
    default void onOpen(BeepChannel channel) {
    }

    /** A MSG arrived. Answer through {@code responder}, now or later, from any thread. */
    void onMessage(Message message, Responder responder);

    /**
     * True to receive MSGs as raw frame payloads through {@link #onMessageChunk} instead of whole through
     * {@link #onMessage}, so a MSG of any size never sits in memory whole. Window credit returns to the peer as each
     * chunk call returns (or, with {@link #onMessageChunkAsync}, when its stage completes), so a slow handler slows
     * the peer.
     */
    default boolean streaming() {
        return false;
    }

    /**
     * With {@link #streaming()}: a piece of a MSG's payload (the MIME header section included, in the first
     * pieces). The same {@code responder} comes with every piece of one MSG; answer at any point.
     */
    default void onMessageChunk(BeepChannel channel, int msgno, byte[] chunk, boolean last, Responder responder) {
    }

    /**
     * With {@link #streaming()}: as {@link #onMessageChunk}, but the window credit for the chunk returns to the peer
     * only once the returned stage completes (normally or not) instead of when the call returns, so a handler that
     * passes data on and acknowledges it later holds the peer to one window of unacknowledged octets. Called instead
     * of {@link #onMessageChunk}; the default calls it and returns a completed stage.
     */
    default CompletionStage<?> onMessageChunkAsync(BeepChannel channel, int msgno, byte[] chunk, boolean last,
                                                   Responder responder) {
        onMessageChunk(channel, msgno, chunk, last, responder);
        return CompletableFuture.completedFuture(null);
    }

    /**
     * The peer asks to close {@code channel}, which is open on our side, with reply code {@code code} (200 normally).
     * The default accepts. Not asked when we are closing the channel ourselves: crossing closes both complete.
     */
    default CloseDecision onCloseRequest(BeepChannel channel, int code) {
        return CloseDecision.accept();
    }

    /**
     * True when {@link #onOpen}, {@link #onMessage}, the chunk methods and {@link #onClose} always return quickly and
     * never block (no I/O, no waiting on a future or a lock held elsewhere): the engine then calls them on the
     * session's I/O thread, a MSG's at the end of the read that completed it, so its reply can leave in the same
     * write as the credit for it, with no hand-off to the callback executor and back (as gRPC's direct executor, or
     * {@code BeepResources.directCallbacks} for one profile). They still run one at a time, in order, for this
     * handler's channels, but may run while the session's other callbacks run on the callback executor.
     * {@link #onStart} and {@link #onCloseRequest}, which may wait for a decision, stay on the callback executor.
     * A handler that blocks here stalls every session of its I/O thread. The default is false.
     */
    default boolean nonBlocking() {
        return false;
    }

    /** The channel closed (by either peer, or because the session ended). */
    default void onClose(BeepChannel channel) {
    }
}
