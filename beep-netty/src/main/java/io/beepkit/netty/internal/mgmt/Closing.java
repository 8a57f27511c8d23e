package io.beepkit.netty.internal.mgmt;

import io.beepkit.api.BeepErrorException;
import io.beepkit.api.ChannelClosedException;
import io.beepkit.core.channel.ChannelLifecycle;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.mgmt.ManagementMessage;
import io.beepkit.core.mgmt.ManagementMessage.Close;
import io.beepkit.core.mgmt.ManagementPayloads;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.channel.CloseState;
import io.beepkit.netty.internal.channel.InboundRequest;

import java.util.concurrent.CompletableFuture;

/**
 * Closing channels and releasing the session (RFC 3080 §2.3.1.3), in both directions: the peer's accepted close is
 * answered once our side of the channel is quiet; our close is sent once our side is quiet too (every MSG we sent on
 * it answered, every answer of ours written); our release once no channel awaits replies to our MSGs. Re-evaluated whenever anything on a channel completes.
 */
final class Closing {
    private final ManagementHost host;
    private OwnRequests requests;
    private CompletableFuture<Void> releaseRequested;
    private boolean releaseSent;

    Closing(ManagementHost host) {
        this.host = host;
    }

    void requests(OwnRequests requests) {
        this.requests = requests;
    }

    void requestClose(ChannelImpl ch, CompletableFuture<Void> f) {
        if (ch.lifecycle().isClosed()) {
            // Closed by a close exchange: done. Closed by the session's end: nothing confirms the peer took what
            // the channel carried, so the close fails as one pending at that moment does.
            if (ch.closeState().handshaken()) {
                f.complete(null);
            } else {
                f.completeExceptionally(new ChannelClosedException("channel " + ch.number()
                        + " ended with its session before a close"));
            }
            return;
        }
        CloseState cs = ch.closeState();
        if (cs.ours() != null) {
            cs.ours().whenComplete((v, e) -> complete(f, e));
            return;
        }
        cs.ours(f);
        ch.lifecycle().closeRequested();
        channelProgress(ch);
    }

    /** The close goes ahead: {@code <ok/>} leaves once our side of the channel is quiet. */
    void acceptPeerClose(ChannelImpl ch, InboundRequest req) {
        ch.closeState().peerRequest(req);
        channelProgress(ch);
    }

    /** Re-evaluates deferred closes and the release after anything on {@code ch} completed. */
    void channelProgress(ChannelImpl ch) {
        if (!ch.lifecycle().isClosed()) {
            CloseState cs = ch.closeState();
            if (cs.peerRequest() != null && ch.quiet()) {
                InboundRequest req = cs.peerRequest();
                cs.peerRequest(null);
                CompletableFuture<Void> mine = cs.ours();
                cs.markHandshaken();
                host.channelClosed(ch);
                req.replyNow(FrameType.RPY, ManagementPayloads.xml(new ManagementMessage.Ok()));
                if (mine != null) {
                    host.callbacks().execute(() -> mine.complete(null));
                }
            } else if (ch.lifecycle().state() == ChannelLifecycle.State.CLOSE_WAIT && ch.quiet()) {
                // Not before our answers are written either: asking to close while we still answer the peer's MSG
                // would only make the peer wait for them (RFC 3080 §2.3.1.3), and until the close goes the session
                // stays unreleasable, so an application may ask to close before its last answer (RAW's NUL).
                sendClose(ch);
            }
        }
        checkRelease();
    }

    private void sendClose(ChannelImpl ch) {
        // RFC 3080 §2.3.1.3: every MSG we sent on the channel is answered; now we may ask.
        ch.lifecycle().closeSent();
        requests.send(new Close(ch.number(), 200, null), "close of channel " + ch.number(), ok -> {
            OwnRequests.expectOk(ok, "close of channel " + ch.number());
            CompletableFuture<Void> f = ch.closeState().ours();
            if (!ch.lifecycle().isClosed()) {
                ch.closeState().markHandshaken();
                host.channelClosed(ch);
            }
            host.callbacks().execute(() -> f.complete(null));
        }, err -> {
            CompletableFuture<Void> f = ch.closeState().ours();
            if (!ch.lifecycle().isClosed()) {
                ch.lifecycle().closeDeclined();
                ch.closeState().ours(null);
            }
            BeepErrorException e = ManagementPayloads.refusal(err);
            host.callbacks().execute(() -> f.completeExceptionally(e));
        }, cause -> { }, timeout -> {
            CompletableFuture<Void> f = ch.closeState().ours();
            if (f != null) {
                host.callbacks().execute(() -> f.completeExceptionally(timeout));
            }
        });
    }

    void requestRelease(CompletableFuture<Void> f) {
        if (host.channel(0) == null) {
            host.closeConnection(); // between the TLS reset and the new greeting there is no channel 0 to release
            f.complete(null);
            return;
        }
        if (releaseRequested != null) {
            releaseRequested.whenComplete((v, e) -> complete(f, e));
            return;
        }
        releaseRequested = f;
        checkRelease();
    }

    private void checkRelease() {
        if (releaseRequested == null || releaseSent) {
            return;
        }
        for (ChannelImpl ch : host.allChannels()) {
            if (ch.number() != 0 && ch.exchanges().awaitingReplies()) {
                return; // wait for replies to our MSGs
            }
        }
        releaseSent = true;
        CompletableFuture<Void> f = releaseRequested;
        requests.send(new Close(0, 200, null), "release of the session", ok -> {
            OwnRequests.expectOk(ok, "session release");
            host.closeConnection();
            host.callbacks().execute(() -> f.complete(null));
        }, err -> {
            releaseSent = false;
            releaseRequested = null;
            BeepErrorException e = ManagementPayloads.refusal(err);
            host.callbacks().execute(() -> f.completeExceptionally(e));
        }, cause -> host.callbacks().execute(() -> f.complete(null)), // connection lost meanwhile: released all the same
                timeout -> host.callbacks().execute(() -> f.completeExceptionally(timeout)));
    }

    /** The session ended: a release waiting for its answer is done. */
    void shutdown() {
        if (releaseRequested != null) {
            CompletableFuture<Void> f = releaseRequested;
            host.callbacks().execute(() -> f.complete(null));
        }
    }

    private static void complete(CompletableFuture<Void> f, Throwable e) {
        if (e != null) {
            f.completeExceptionally(e);
        } else {
            f.complete(null);
        }
    }
}
