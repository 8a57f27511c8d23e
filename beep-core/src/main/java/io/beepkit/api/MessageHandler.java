package io.beepkit.api;

/**
 * A profile handler that receives each MSG whole: its frames are assembled up to the session's maximum message size
 * (a larger MSG is answered with ERR 550 before it ends, RFC 3080 §2.6.3) and handed over as one {@link Message}.
 * Window credit for a MSG returns to the peer at once while the MSGs waiting for the handler fit in one window, and
 * otherwise when the handler returns or answers, so a slow handler slows the peer. A lambda
 * {@code (message, responder) -> ...} is a message handler.
 */
@FunctionalInterface
public non-sealed interface MessageHandler extends ProfileHandler {
    /** A MSG arrived. Answer through {@code responder}, now or later, from any thread. */
    void onMessage(Message message, Responder responder);
}
