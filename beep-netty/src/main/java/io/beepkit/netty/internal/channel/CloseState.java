package io.beepkit.netty.internal.channel;

import java.util.concurrent.CompletableFuture;

/**
 * The close handshakes of one channel (RFC 3080 §2.3.1.3): the peer's close request, answered once our side is quiet,
 * and the future of our own close. Written only by channel management, on the event loop.
 */
public final class CloseState {
    private InboundRequest peerRequest;
    private boolean peerDeciding;
    private CompletableFuture<Void> ours;
    private boolean handshaken;

    /** The peer's accepted close request awaiting our quiet side, or null. */
    public InboundRequest peerRequest() {
        return peerRequest;
    }

    /** Records the peer's accepted close request (null once answered). */
    public void peerRequest(InboundRequest r) {
        peerRequest = r;
    }

    /** True while the application decides on the peer's close request. */
    public boolean peerDeciding() {
        return peerDeciding;
    }

    /** Marks whether the application is deciding on the peer's close request. */
    public void peerDeciding(boolean v) {
        peerDeciding = v;
    }

    /** The future of our own close, or null when we are not closing. */
    public CompletableFuture<Void> ours() {
        return ours;
    }

    /** Records the future of our own close (null when a close was declined). */
    public void ours(CompletableFuture<Void> f) {
        ours = f;
    }

    /** True once the channel closed by a close exchange (ours answered with ok, or the peer's answered by us). */
    public boolean handshaken() {
        return handshaken;
    }

    /** Records that the channel closes by a close exchange, not by the session's end. */
    public void markHandshaken() {
        handshaken = true;
    }
}
