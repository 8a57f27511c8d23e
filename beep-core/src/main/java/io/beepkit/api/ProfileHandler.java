package io.beepkit.api;

/**
 * The lifecycle of a profile's channels, shared by the two kinds of handler an application registers for a profile:
 * a {@link MessageHandler} receives each MSG whole, a {@link StreamingHandler} receives it piece by piece as its
 * frames arrive. The engine tells them apart by type; a profile handler is always one of the two.
 *
 * <p>Every method runs on the session's callback executor (never on a Netty event loop), one call at a time per
 * session, so a handler may block briefly without stalling I/O, and needs no locking for per-session state. A handler
 * that never blocks can ask to run on the session's I/O thread instead ({@link #nonBlocking()}).
 */
public sealed interface ProfileHandler permits MessageHandler, StreamingHandler {
    /** A peer asks to start a channel on this profile. The default accepts. */
    default StartDecision onStart(ChannelStartRequest request) {
        return StartDecision.accept();
    }

    /** A channel on this profile is open (started by either peer). */
    default void onOpen(BeepChannel channel) {
    }

    /**
     * The peer asks to close {@code channel}, which is open on our side, with reply code {@code code} (200 normally).
     * The default accepts. Not asked when we are closing the channel ourselves: crossing closes both complete.
     */
    default CloseDecision onCloseRequest(BeepChannel channel, int code) {
        return CloseDecision.accept();
    }

    /**
     * True when {@link #onOpen}, the message or chunk method and {@link #onClose} always return quickly and never
     * block (no I/O, no waiting on a future or a lock held elsewhere): the engine then calls them on the session's
     * I/O thread, a MSG's at the end of the read that completed it, so its reply can leave in the same write as the
     * credit for it, with no hand-off to the callback executor and back (as gRPC's direct executor, or
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
