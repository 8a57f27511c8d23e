package io.beepkit.netty.internal;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepException;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.BeepSession;
import io.beepkit.core.LogText;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.ChannelStartRequest;
import io.beepkit.api.CloseDecision;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.SessionClosedException;
import io.beepkit.api.SessionRole;
import io.beepkit.api.StartDecision;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.mgmt.ManagementCodec;
import io.beepkit.core.mgmt.ManagementMessage.Close;
import io.beepkit.core.mgmt.ManagementMessage.Greeting;
import io.beepkit.core.mgmt.ManagementMessage.Profile;
import io.beepkit.core.mgmt.ManagementMessage.Start;
import io.beepkit.core.mgmt.ManagementMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Channel management on channel 0 (RFC 3080 §2.3): greetings, starting and closing channels, releasing the session.
 * Runs on the session's event loop; only the application's start decisions go to the callback executor.
 */
final class ChannelZero {
    private static final Logger log = LoggerFactory.getLogger(ChannelZero.class);

    private final BeepSessionHandler session;
    private final Set<Integer> reservedNumbers = new HashSet<>();
    private final List<CompletableFuture<?>> pendingFutures = new ArrayList<>();
    private volatile List<String> peerProfiles = List.of();
    private volatile String peerFeatures;
    private volatile String peerLocalize = "i-default";
    private volatile String serverName;
    private boolean firstFrameSeen;
    private boolean greetingReceived;
    private int nextNumber;
    private CompletableFuture<Void> releaseRequested;
    private boolean releaseSent;

    ChannelZero(BeepSessionHandler session) {
        this.session = session;
    }

    private BeepChannelImpl zero() {
        return session.channelTable().get(0);
    }

    // ------------------------------------------------------------------ greeting

    void sendGreeting(BeepChannelImpl zero) {
        nextNumber = session.role() == SessionRole.INITIATOR ? 1 : 2;
        InboundRequest implicit = new InboundRequest(zero, 0);
        zero.awaitingReply.add(implicit);
        zero.awaitingByMsgno.put(0, implicit);
        Greeting g = new Greeting(session.registry().uris(), session.config().features(), session.config().localize());
        // Our greeting answers the peer's implicit MSG 0; the peer's greeting answers ours.
        zero.pending.put(0, new PendingRequest(0, new ManagementSink(this::onGreeting, this::onGreetingRefused,
                cause -> { })));
        implicit.replyNow(FrameType.RPY, xml(g));
    }

    boolean greetingReceived() {
        return greetingReceived;
    }

    /** RFC 3080 §2.4: the first frame must be the greeting (RPY 0 0) or a refusal (ERR 0 0). */
    void checkFirstFrame(FrameHeader h) {
        if (firstFrameSeen) {
            return;
        }
        if (h.channel() != 0 || h.msgno() != 0 || (h.type() != FrameType.RPY && h.type() != FrameType.ERR)) {
            throw new BeepProtocolException("the first frame must be a greeting (RPY 0 0) or ERR 0 0, got " + h);
        }
        firstFrameSeen = true;
    }

    private void onGreeting(MimeEntity entity) {
        ManagementMessage m = ManagementCodec.parse(entity.body());
        if (!(m instanceof Greeting g)) {
            throw new BeepProtocolException("expected <greeting>, got " + ManagementCodec.write(m));
        }
        peerProfiles = g.profiles();
        peerFeatures = g.features();
        peerLocalize = g.localize();
        greetingReceived = true;
        session.fireReady();
    }

    private void onGreetingRefused(MimeEntity entity) {
        try {
            if (ManagementCodec.parse(entity.body()) instanceof ManagementMessage.Error e) {
                // Keep the peer's code and text: they are why the application's connect() failed (e.g. 421).
                session.terminate(new BeepErrorException(e.code(), e.diagnostic()));
                return;
            }
        } catch (BeepProtocolException ignored) {
            // not an <error> element: report the raw text
        }
        session.terminate(new BeepProtocolException("peer refused the session: " + entity.bodyText()));
    }

    List<String> peerProfiles() {
        return peerProfiles;
    }

    String peerFeatures() {
        return peerFeatures;
    }

    String peerLocalize() {
        return peerLocalize;
    }

    String serverName() {
        return serverName;
    }

    // ------------------------------------------------------------------ incoming MSGs on channel 0

    void onMessage(InboundRequest req, MimeEntity entity) {
        ManagementMessage m;
        try {
            m = ManagementCodec.parse(entity.body());
        } catch (BeepProtocolException e) {
            // RFC 3080 §2.3.1: a malformed request on channel 0 gets an error reply, the session stays up.
            session.violations.warn(log, "malformed channel-0 MSG", "malformed channel-0 MSG {} from {}: {}",
                    req.msgno, session.remoteAddress(), LogText.escape(e.getMessage()));
            req.replyNow(FrameType.ERR, InboundRequest.errorPayload(500, e.getMessage()));
            return;
        }
        if (m instanceof Start s) {
            onStart(req, s);
        } else if (m instanceof Close c) {
            onClose(req, c);
        } else {
            req.replyNow(FrameType.ERR, InboundRequest.errorPayload(501,
                    "unexpected element in a channel-0 MSG: " + ManagementCodec.write(m)));
        }
    }

    private void onStart(InboundRequest req, Start s) {
        int n = s.number();
        if (n <= 0 || session.role().ownsChannelNumber(n)) {
            refuse(req, 501, "channel number " + n + " has the wrong parity for the " + (session.role().name().toLowerCase())
                    + "'s peer");
            return;
        }
        if (session.channelTable().containsKey(n) || reservedNumbers.contains(n)) {
            refuse(req, 550, "channel " + n + " is already in use");
            return;
        }
        if (session.channelTable().size() - 1 + reservedNumbers.size() >= session.config().maxChannels()) {
            refuse(req, 550, "too many channels (limit " + session.config().maxChannels() + ")");
            return;
        }
        Profile chosen = null;
        ProfileHandler handler = null;
        for (Profile p : s.profiles()) {
            handler = session.registry().handler(p.uri());
            if (handler != null) {
                chosen = p;
                break;
            }
        }
        if (chosen == null) {
            refuse(req, 550, "none of the requested profiles is supported");
            return;
        }
        reservedNumbers.add(n);
        Profile profile = chosen;
        ProfileHandler h = handler;
        ChannelStartRequest request = new ChannelStartRequest(session, n, profile.uri(), profile.content(), s.serverName());
        session.callbacks().execute(() -> {
            StartDecision d;
            try {
                d = h.onStart(request);
            } catch (RuntimeException e) {
                log.warn("start handler of {} threw", LogText.escape(profile.uri()), e);
                d = StartDecision.refuse(451, "local error: " + e.getMessage());
            }
            StartDecision decision = d == null ? StartDecision.accept() : d;
            session.onLoop(() -> completeStart(req, s, profile, h, decision));
        });
    }

    private void completeStart(InboundRequest req, Start s, Profile profile, ProfileHandler h, StartDecision d) {
        reservedNumbers.remove(s.number());
        if (session.closed()) {
            return;
        }
        if (!d.accepted()) {
            refuse(req, d.code(), d.diagnostic());
            return;
        }
        BeepChannelImpl ch = session.newChannel(s.number(), profile.uri(), profile.content(), h);
        bindServerName(s.serverName());
        Profile reply = new Profile(profile.uri(), d.replyData(), profile.base64() && d.replyData() != null);
        // Our SEQ for the new channel must not overtake the reply that creates it at the peer.
        req.replyNow(FrameType.RPY, xml(reply), () -> session.onLoop(() -> {
            if (!ch.isGone()) {
                session.announceWindow(ch);
            }
        }));
        session.callbacks().execute(() -> h.onOpen(ch));
    }

    private void bindServerName(String name) {
        if (serverName == null && name != null && !name.isEmpty()) {
            serverName = name;
        }
    }

    private void refuse(InboundRequest req, int code, String text) {
        log.debug("refusing channel-0 request {} from {}: {} {}", req.msgno, session.remoteAddress(), code,
                LogText.escape(text));
        req.replyNow(FrameType.ERR, InboundRequest.errorPayload(code, text));
    }

    private void onClose(InboundRequest req, Close c) {
        if (c.number() == 0) {
            onReleaseRequest(req);
            return;
        }
        BeepChannelImpl ch = session.channelTable().get(c.number());
        if (ch == null) {
            refuse(req, 550, "channel " + c.number() + " is not open");
            return;
        }
        if (ch.peerClose != null || ch.peerCloseDeciding) {
            refuse(req, 550, "channel " + c.number() + " is already being closed");
            return;
        }
        if (ch.state != BeepChannelImpl.State.OPEN || ch.handler == null) {
            acceptPeerClose(ch, req); // we are closing it too: crossing closes both complete
            return;
        }
        ch.peerCloseDeciding = true;
        ProfileHandler h = ch.handler;
        session.callbacks().execute(() -> {
            CloseDecision d;
            try {
                d = h.onCloseRequest(ch, c.code());
            } catch (RuntimeException e) {
                log.warn("close handler of {} threw", LogText.escape(ch.profile()), e);
                d = CloseDecision.decline(451, "local error: " + e.getMessage());
            }
            CloseDecision decision = d == null ? CloseDecision.accept() : d;
            session.onLoop(() -> {
                ch.peerCloseDeciding = false;
                if (session.closed()) {
                    return;
                }
                if (ch.isGone()) {
                    // Our own close of the channel completed while the handler decided: it is closed either way.
                    req.replyNow(FrameType.RPY, xml(new ManagementMessage.Ok()));
                    return;
                }
                if (decision.accepted()) {
                    acceptPeerClose(ch, req);
                } else {
                    refuse(req, decision.code(), decision.diagnostic());
                }
            });
        });
    }

    /** The close goes ahead: {@code <ok/>} leaves once our side of the channel is quiet. */
    private void acceptPeerClose(BeepChannelImpl ch, InboundRequest req) {
        ch.peerClose = req;
        channelProgress(ch);
    }

    private void onReleaseRequest(InboundRequest req) {
        for (BeepChannelImpl ch : session.channelTable().values()) {
            if (ch.number() != 0 && !ch.quiet()) {
                refuse(req, 550, "session busy: channel " + ch.number() + " has messages in progress");
                return;
            }
        }
        Function<BeepSession, CloseDecision> handler = session.config().releaseHandler();
        if (handler == null) {
            acceptRelease(req);
            return;
        }
        session.callbacks().execute(() -> {
            CloseDecision d;
            try {
                d = handler.apply(session);
            } catch (RuntimeException e) {
                log.warn("release handler threw", e);
                d = CloseDecision.decline(451, "local error: " + e.getMessage());
            }
            CloseDecision decision = d == null ? CloseDecision.accept() : d;
            session.onLoop(() -> {
                if (session.closed()) {
                    return;
                }
                if (decision.accepted()) {
                    acceptRelease(req);
                } else {
                    refuse(req, decision.code(), decision.diagnostic());
                }
            });
        });
    }

    private void acceptRelease(InboundRequest req) {
        // The peer that sends <ok/> to a release closes the TCP connection once it is written (RFC 3081 §2).
        req.replyNow(FrameType.RPY, xml(new ManagementMessage.Ok()), session::closeAfterFlush);
    }

    // ------------------------------------------------------------------ our requests

    void requestStart(ChannelRequest request, CompletableFuture<BeepChannel> f) {
        int n = allocateNumber();
        if (n < 0) {
            f.completeExceptionally(new BeepException("too many channels (limit " + session.config().maxChannels() + ")"));
            return;
        }
        reservedNumbers.add(n);
        pendingFutures.add(f);
        List<Profile> offers = new ArrayList<>();
        for (ChannelRequest.ProfileOffer o : request.profiles()) {
            offers.add(new Profile(o.uri(), o.initData(), o.base64()));
        }
        Start start = new Start(n, request.serverName(), offers);
        sendRequest(start, entity -> {
            // Validate before forgetting f: a malformed reply terminates the session by throwing, and shutdown()
            // must still find f among the pending futures to fail it (otherwise the caller would wait forever).
            ManagementMessage m = ManagementCodec.parse(entity.body());
            if (!(m instanceof Profile p) || request.profiles().stream().noneMatch(o -> o.uri().equals(p.uri()))) {
                throw new BeepProtocolException("start reply is not one of the offered profiles: " + ManagementCodec.write(m));
            }
            reservedNumbers.remove(n);
            pendingFutures.remove(f);
            ProfileHandler h = request.handler() != null ? request.handler() : session.registry().handler(p.uri());
            BeepChannelImpl ch = session.newChannel(n, p.uri(), p.content(), h);
            bindServerName(request.serverName());
            session.announceWindow(ch);
            if (h != null) {
                session.callbacks().execute(() -> h.onOpen(ch));
            }
            f.complete(ch);
        }, err -> {
            BeepErrorException refusal = error(err); // throws (terminating) on a malformed ERR, f still pending
            reservedNumbers.remove(n);
            pendingFutures.remove(f);
            f.completeExceptionally(refusal);
        }, cause -> f.completeExceptionally(cause));
    }

    private int allocateNumber() {
        if (session.channelTable().size() - 1 + reservedNumbers.size() >= session.config().maxChannels()) {
            return -1;
        }
        for (int tries = 0; tries < 1_000_000; tries++) {
            int n = nextNumber;
            nextNumber = n >= Integer.MAX_VALUE - 2 ? (n & 1) == 1 ? 1 : 2 : n + 2;
            if (!session.channelTable().containsKey(n) && !reservedNumbers.contains(n)) {
                return n;
            }
        }
        return -1;
    }

    void requestClose(BeepChannelImpl ch, CompletableFuture<Void> f) {
        if (ch.isGone()) {
            f.complete(null);
            return;
        }
        if (ch.closeFuture != null) {
            ch.closeFuture.whenComplete((v, e) -> {
                if (e != null) {
                    f.completeExceptionally(e);
                } else {
                    f.complete(null);
                }
            });
            return;
        }
        ch.closeFuture = f;
        ch.state = BeepChannelImpl.State.CLOSE_WAIT;
        channelProgress(ch);
    }

    /** Re-evaluates deferred closes after anything on {@code ch} completed. */
    void channelProgress(BeepChannelImpl ch) {
        if (ch.isGone()) {
            return;
        }
        if (ch.peerClose != null && ch.quiet()) {
            InboundRequest req = ch.peerClose;
            ch.peerClose = null;
            CompletableFuture<Void> mine = ch.closeFuture;
            session.channelClosed(ch);
            req.replyNow(FrameType.RPY, xml(new ManagementMessage.Ok()));
            if (mine != null) {
                session.callbacks().execute(() -> mine.complete(null));
            }
        } else if (ch.state == BeepChannelImpl.State.CLOSE_WAIT && ch.pending.isEmpty()) {
            // RFC 3080 §2.3.1.3: every MSG we sent on the channel is answered; now we may ask.
            ch.state = BeepChannelImpl.State.CLOSING;
            sendRequest(new Close(ch.number(), 200, null), ok -> {
                expectOk(ok, "close of channel " + ch.number());
                CompletableFuture<Void> f = ch.closeFuture;
                if (!ch.isGone()) {
                    session.channelClosed(ch);
                }
                session.callbacks().execute(() -> f.complete(null));
            }, err -> {
                CompletableFuture<Void> f = ch.closeFuture;
                if (!ch.isGone()) {
                    ch.state = BeepChannelImpl.State.OPEN;
                    ch.closeFuture = null;
                }
                BeepErrorException e = error(err);
                session.callbacks().execute(() -> f.completeExceptionally(e));
            }, cause -> { });
        }
        checkRelease();
    }

    void requestRelease(CompletableFuture<Void> f) {
        if (releaseRequested != null) {
            releaseRequested.whenComplete((v, e) -> {
                if (e != null) {
                    f.completeExceptionally(e);
                } else {
                    f.complete(null);
                }
            });
            return;
        }
        releaseRequested = f;
        checkRelease();
    }

    private void checkRelease() {
        if (releaseRequested == null || releaseSent) {
            return;
        }
        for (BeepChannelImpl ch : session.channelTable().values()) {
            if (ch.number() != 0 && !ch.pending.isEmpty()) {
                return; // wait for replies to our MSGs
            }
        }
        releaseSent = true;
        CompletableFuture<Void> f = releaseRequested;
        sendRequest(new Close(0, 200, null), ok -> {
            expectOk(ok, "session release");
            session.terminate();
            session.callbacks().execute(() -> f.complete(null));
        }, err -> {
            releaseSent = false;
            releaseRequested = null;
            BeepErrorException e = error(err);
            session.callbacks().execute(() -> f.completeExceptionally(e));
        }, cause -> {
            // the connection closed while the release was in flight: released all the same
            session.callbacks().execute(() -> f.complete(null));
        });
    }

    void channelZeroWritten() {
        // nothing: completion hooks ride on individual messages
    }

    private void sendRequest(ManagementMessage m, Consumer<MimeEntity> onRpy,
                             Consumer<MimeEntity> onErr, Consumer<Throwable> onFail) {
        zero().sendMsg(xml(m), new ManagementSink(onRpy, onErr, onFail));
    }

    /**
     * A positive reply to a close must be {@code <ok/>}; anything else is a malformed reply on channel 0, which
     * terminates the session (RFC 3080 §2.3.1.3), rather than being taken for consent.
     */
    private static void expectOk(MimeEntity reply, String what) {
        ManagementMessage m = ManagementCodec.parse(reply.body());
        if (!(m instanceof ManagementMessage.Ok)) {
            throw new BeepProtocolException("reply to the " + what + " is not <ok/>: " + ManagementCodec.write(m));
        }
    }

    private static BeepErrorException error(MimeEntity err) {
        try {
            if (ManagementCodec.parse(err.body()) instanceof ManagementMessage.Error e) {
                return new BeepErrorException(e.code(), e.diagnostic());
            }
        } catch (BeepProtocolException ignored) {
            // fall through: not an <error> element
        }
        throw new BeepProtocolException("malformed error reply on channel 0: " + err.bodyText());
    }

    static byte[] xml(ManagementMessage m) {
        return ("Content-Type: " + MimeEntity.BEEP_XML + "\r\n\r\n" + ManagementCodec.write(m)).getBytes(StandardCharsets.UTF_8);
    }

    void shutdown(SessionClosedException cause) {
        for (CompletableFuture<?> f : List.copyOf(pendingFutures)) {
            session.callbacks().execute(() -> f.completeExceptionally(cause));
        }
        pendingFutures.clear();
        if (releaseRequested != null) {
            CompletableFuture<Void> f = releaseRequested;
            session.callbacks().execute(() -> f.complete(null));
        }
    }
}
