package io.beepkit.netty.internal.mgmt;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepException;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.RequestTimeoutException;
import io.beepkit.core.channel.ChannelNumbers;
import io.beepkit.core.mgmt.ManagementCodec;
import io.beepkit.core.mgmt.ManagementMessage;
import io.beepkit.core.mgmt.ManagementMessage.Profile;
import io.beepkit.core.mgmt.ManagementMessage.Start;
import io.beepkit.core.mgmt.ManagementPayloads;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.codec.MimePayloads;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Our own channel-0 requests: starting channels (RFC 3080 §2.3.1.2), and the sending of any request with its reply
 * handling (a positive reply to a close must be {@code <ok/>}; a refusal must be an {@code <error>} element, or the
 * session terminates). Keeps every future it owes, so a session that ends fails none of them silently.
 */
final class OwnRequests {
    private final ManagementHost host;
    private final ChannelNumbers numbers;
    private final PeerRequests peer;
    /** The starts awaiting replies; made with our first start (a listener's sessions seldom start one). */
    private List<CompletableFuture<?>> pendingFutures;

    OwnRequests(ManagementHost host, ChannelNumbers numbers, PeerRequests peer) {
        this.host = host;
        this.numbers = numbers;
        this.peer = peer;
    }

    void requestStart(ChannelRequest request, CompletableFuture<BeepChannel> f) {
        if (host.tuning().negotiating() && !host.tuning().isTlsStart(request)) {
            f.completeExceptionally(new IllegalStateException("TLS negotiation in progress on the session with "
                    + host.remoteAddress() + ": start channels once startTls() completed"));
            return;
        }
        int n = numbers.allocate(host.openCount());
        if (n < 0) {
            f.completeExceptionally(new BeepException("too many channels (limit " + numbers.maxChannels() + ")"));
            return;
        }
        if (pendingFutures == null) {
            pendingFutures = new ArrayList<>(2);
        }
        pendingFutures.add(f);
        List<Profile> offers = new ArrayList<>();
        for (ChannelRequest.ProfileOffer o : request.profiles()) {
            offers.add(new Profile(o.uri(), o.initData(), o.base64()));
        }
        send(new Start(n, request.serverName(), offers), "start of channel " + n, entity -> {
            // Validate before forgetting f: a malformed reply terminates the session by throwing, and shutdown()
            // must still find f among the pending futures to fail it (otherwise the caller would wait forever).
            ManagementMessage m = ManagementCodec.parse(entity.body());
            if (!(m instanceof Profile p) || request.profiles().stream().noneMatch(o -> o.uri().equals(p.uri()))) {
                throw new BeepProtocolException("start reply is not one of the offered profiles: "
                        + ManagementCodec.write(m));
            }
            numbers.unreserve(n);
            pendingFutures.remove(f);
            ProfileHandler h = request.handler() != null ? request.handler() : host.registry().handler(p.uri());
            ChannelImpl ch = host.newChannel(n, p.uri(), p.content(), h);
            peer.bindServerName(request.serverName());
            host.announceWindow(ch, request.receiveWindow());
            if (h != null) {
                host.callbacksFor(h).execute(() -> h.onOpen(ch));
            }
            f.complete(ch);
        }, err -> {
            BeepErrorException refusal = ManagementPayloads.refusal(err); // throws on a malformed ERR, f still pending
            numbers.unreserve(n);
            pendingFutures.remove(f);
            f.completeExceptionally(refusal);
        }, f::completeExceptionally, timeout -> {
            numbers.unreserve(n);
            pendingFutures.remove(f);
            host.callbacks().execute(() -> f.completeExceptionally(timeout));
        });
    }

    /**
     * Sends a channel-0 request; its reply goes to {@code onRpy} or {@code onErr}, a lost session to {@code onFail}.
     * Without a reply within {@code SessionLimits.channelRequestTimeout}, {@code onTimeout} is told and the session is
     * terminated: channel-0 replies come in order, so a missing one holds back every later one.
     *
     * @param what names the request in the timeout's message ("start of channel 3")
     */
    void send(ManagementMessage m, String what, Consumer<MimeEntity> onRpy, Consumer<MimeEntity> onErr,
              Consumer<Throwable> onFail, Consumer<RequestTimeoutException> onTimeout) {
        send(m, what, host.config().limits().channelRequestTimeout(), onRpy, onErr, onFail, onTimeout);
    }

    /** As {@link #send(ManagementMessage, String, Consumer, Consumer, Consumer, Consumer)}, within {@code timeout}. */
    void send(ManagementMessage m, String what, Duration timeout, Consumer<MimeEntity> onRpy,
              Consumer<MimeEntity> onErr, Consumer<Throwable> onFail, Consumer<RequestTimeoutException> onTimeout) {
        ChannelImpl zero = host.channel(0);
        boolean[] answered = new boolean[1]; // event loop only
        Runnable[] cancel = {() -> { }};
        ManagementSink sink = new ManagementSink(rpy -> {
            answered[0] = true;
            cancel[0].run();
            onRpy.accept(rpy);
        }, err -> {
            answered[0] = true;
            cancel[0].run();
            onErr.accept(err);
        }, cause -> {
            if (!answered[0]) { // after a timeout, the session's end must not overwrite the timeout's failure
                answered[0] = true;
                cancel[0].run();
                onFail.accept(cause);
            }
        });
        zero.sendMsg(MimePayloads.wrap(ManagementPayloads.xml(m)), sink, false);
        if (!answered[0] && !host.closed()) {
            cancel[0] = host.after(timeout, () -> {
                if (!answered[0] && !host.closed()) {
                    answered[0] = true;
                    RequestTimeoutException e = new RequestTimeoutException("no reply to the " + what + " within "
                            + timeout.toMillis() + " ms");
                    onTimeout.accept(e);
                    host.terminate(e);
                }
            });
        }
    }

    /**
     * A positive reply to a close must be {@code <ok/>}; anything else is a malformed reply on channel 0, which
     * terminates the session (RFC 3080 §2.3.1.3), rather than being taken for consent.
     */
    static void expectOk(MimeEntity reply, String what) {
        ManagementMessage m = ManagementCodec.parse(reply.body());
        if (!(m instanceof ManagementMessage.Ok)) {
            throw new BeepProtocolException("reply to the " + what + " is not <ok/>: " + ManagementCodec.write(m));
        }
    }

    /** The session ended or was reset: every start still waiting fails with {@code cause}. */
    void shutdown(BeepException cause) {
        if (pendingFutures == null) {
            return;
        }
        for (CompletableFuture<?> f : List.copyOf(pendingFutures)) {
            host.callbacks().execute(() -> f.completeExceptionally(cause));
        }
        pendingFutures.clear();
    }
}
