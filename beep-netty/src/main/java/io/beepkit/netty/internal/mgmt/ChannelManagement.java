package io.beepkit.netty.internal.mgmt;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepException;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.channel.ChannelNumbers;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.channel.InboundRequest;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Channel 0 (RFC 3080 §2.3), split by role: the {@linkplain GreetingExchange greeting exchange}, the
 * {@linkplain PeerRequests answers to the peer's requests}, {@linkplain OwnRequests our own requests}, and the
 * {@linkplain Closing close and release handshakes} both ways. Runs on the session's event loop; the application's
 * decisions go to the callback executor.
 */
public final class ChannelManagement {
    private final ManagementHost host;
    private GreetingExchange greeting;
    private PeerRequests peer;
    private OwnRequests own;
    private Closing closing;
    private ProbeSender probes;

    /** Management for the session behind {@code host}. */
    public ChannelManagement(ManagementHost host) {
        this.host = host;
        build();
    }

    private void build() {
        ChannelNumbers numbers = new ChannelNumbers(host.role(), host.config().limits().maxChannels(),
                n -> host.channel(n) != null);
        this.greeting = new GreetingExchange(host);
        this.closing = new Closing(host);
        this.peer = new PeerRequests(host, numbers, closing);
        this.own = new OwnRequests(host, numbers, peer);
        this.probes = new ProbeSender(host, numbers, own, closing);
        closing.requests(own);
    }

    /**
     * The TLS tuning reset (RFC 3080 §3.1.3): channel 0 is implicitly closed, so every request still waiting fails
     * with {@code cause}, and management starts afresh (a new greeting exchange, numbering, no pending close). The
     * serverName bound so far is kept: it names the session, not the channels.
     */
    public void reset(BeepException cause) {
        own.shutdown(cause);
        closing.shutdown();
        String boundName = peer.serverName();
        build();
        peer.bindServerName(boundName);
    }

    /** Sends our greeting on the new channel 0. */
    public void greet(ChannelImpl zero) {
        greeting.send(zero);
    }

    /**
     * The session received nothing for the probe interval: asks the peer for a start it must refuse (see
     * {@code LivenessProbe}), unless a probe is out already, the greeting is not in, or TLS is being negotiated.
     */
    public void probe(java.time.Duration timeout) {
        if (greeting.received() && !host.tuning().negotiating() && !host.closed()) {
            probes.probe(timeout);
        }
    }

    /** Checks the peer's first frame: its greeting or a refusal. */
    public void checkFirstFrame(FrameHeader h) {
        if (!greeting.received()) {
            greeting.checkFirstFrame(h);
        }
    }

    /** A complete MSG from the peer on channel 0. */
    public void onMessage(InboundRequest req, MimeEntity entity) {
        peer.onMessage(req, entity);
    }

    /** Something on {@code ch} completed (a reply, the last frame of a message): deferred closes may proceed. */
    public void channelProgress(ChannelImpl ch) {
        closing.channelProgress(ch);
    }

    /** The application starts a channel. */
    public void requestStart(ChannelRequest request, CompletableFuture<BeepChannel> f) {
        own.requestStart(request, f);
    }

    /** The application closes a channel. */
    public void requestClose(ChannelImpl ch, CompletableFuture<Void> f) {
        closing.requestClose(ch, f);
    }

    /** The application releases the session. */
    public void requestRelease(CompletableFuture<Void> f) {
        closing.requestRelease(f);
    }

    /** The session ended: every future still owed fails or completes. */
    public void shutdown(SessionClosedException cause) {
        own.shutdown(cause);
        closing.shutdown();
    }

    /** The profiles the peer's greeting offered. */
    public List<String> peerProfiles() {
        return greeting.peerProfiles();
    }

    /** The peer's greeting features, or null. */
    public String peerFeatures() {
        return greeting.peerFeatures();
    }

    /** The peer's greeting localize attribute. */
    public String peerLocalize() {
        return greeting.peerLocalize();
    }

    /** The serverName bound to the session, or null. */
    public String serverName() {
        return peer.serverName();
    }
}
