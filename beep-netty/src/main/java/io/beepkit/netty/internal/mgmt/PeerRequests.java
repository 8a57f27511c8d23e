package io.beepkit.netty.internal.mgmt;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelStartRequest;
import io.beepkit.api.CloseDecision;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.ResourceLimitException;
import io.beepkit.api.StartDecision;
import io.beepkit.core.LogText;
import io.beepkit.core.channel.ChannelNumbers;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.mgmt.ManagementCodec;
import io.beepkit.core.mgmt.ManagementMessage;
import io.beepkit.core.mgmt.ManagementMessage.Close;
import io.beepkit.core.mgmt.ManagementMessage.Profile;
import io.beepkit.core.mgmt.ManagementMessage.Start;
import io.beepkit.core.mgmt.ManagementPayloads;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.channel.InboundRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.Function;

/**
 * Answers the peer's channel-0 requests (RFC 3080 §2.3.1): starts, closes and the session release. The application
 * decides through its {@link ProfileHandler} and the release handler; malformed requests get an error reply and the
 * session stays up.
 */
final class PeerRequests {
    private static final Logger log = LoggerFactory.getLogger(PeerRequests.class);

    private final ManagementHost host;
    private final ChannelNumbers numbers;
    private final Closing closing;
    /** Made with the peer's first start: a listener holds one per session, most of which start few channels. */
    private StartRate startRate;
    private volatile String serverName;

    PeerRequests(ManagementHost host, ChannelNumbers numbers, Closing closing) {
        this.host = host;
        this.numbers = numbers;
        this.closing = closing;
    }

    String serverName() {
        return serverName;
    }

    /** The first start that carries a serverName binds it for the session (RFC 3080 §2.3.1.2). */
    void bindServerName(String name) {
        if (serverName == null && name != null && !name.isEmpty()) {
            serverName = name;
        }
    }

    void onMessage(InboundRequest req, MimeEntity entity) {
        host.requestHandled();
        // A start over the rate is refused before its XML is parsed: a flooding peer costs the loop next to nothing.
        boolean rateChecked = StartPrecheck.isStart(entity.body());
        if (rateChecked && !admitStart(req)) {
            return;
        }
        ManagementMessage m;
        try {
            m = ManagementCodec.parse(entity.body());
        } catch (BeepProtocolException e) {
            // RFC 3080 §2.3.1: a malformed request on channel 0 gets an error reply, the session stays up.
            host.violations().warn(log, "malformed channel-0 MSG", "malformed channel-0 MSG {} from {}: {}",
                    req.msgno(), host.remoteAddress(), LogText.escape(e.getMessage()));
            req.replyNow(FrameType.ERR, ManagementPayloads.error(500, e.getMessage()));
            return;
        }
        if (m instanceof Start s) {
            if (rateChecked || admitStart(req)) {
                onStart(req, s);
            }
        } else if (m instanceof Close c) {
            onClose(req, c);
        } else {
            refuse(req, 501, "unexpected element in a channel-0 MSG: " + ManagementCodec.write(m));
        }
    }

    /** Counts a start against the rate; refuses it (ERR 421) or terminates the session when over. */
    private boolean admitStart(InboundRequest req) {
        if (startRate == null) {
            startRate = new StartRate(host.config().limits().maxStartsPerSecond(), host.config().limits()
                    .maxChannels());
        }
        StartRate.Verdict rate = startRate.next(System.nanoTime());
        if (rate == StartRate.Verdict.ADMIT) {
            return true;
        }
        String why = "channel starts faster than " + startRate.perSecond() + " per second";
        if (rate == StartRate.Verdict.TERMINATE) {
            host.terminate(new ResourceLimitException(why + ", going on after " + startRate.perSecond()
                    + " refusals in a row"));
            return false;
        }
        host.violations().warn(log, "channel start rate", "refusing channel start from {} with 421: {}",
                host.remoteAddress(), why);
        refuse(req, 421, why + ": try again later"); // 421, service not available: a transient refusal
        return false;
    }

    private void onStart(InboundRequest req, Start s) {
        int n = s.number();
        if (numbers.wrongParityForPeer(n)) {
            refuse(req, 501, "channel number " + n + " has the wrong parity for the "
                    + host.role().name().toLowerCase() + "'s peer");
            return;
        }
        if (numbers.inUse(n)) {
            refuse(req, 550, "channel " + n + " is already in use");
            return;
        }
        if (numbers.full(host.openCount())) {
            refuse(req, 550, "too many channels (limit " + numbers.maxChannels() + ")");
            return;
        }
        String gate = host.tuning().startRefusal(s.profiles().stream().map(Profile::uri).toList());
        if (gate != null) {
            refuse(req, 538, gate); // RFC 3080 §8: 538, the action requires encryption
            return;
        }
        for (Profile p : s.profiles()) {
            if (host.tuning().isTlsProfile(p.uri())) {
                // The TLS profile is the engine's own: its ready is processed here, on the event loop.
                StartDecision d = host.tuning().onTlsStart(req, p.content());
                if (d != null) {
                    completeStart(req, s, p, host.tuning().tlsChannelHandler(), d);
                }
                return;
            }
        }
        Profile chosen = null;
        ProfileHandler handler = null;
        for (Profile p : s.profiles()) {
            handler = host.registry().handler(p.uri());
            if (handler != null) {
                chosen = p;
                break;
            }
        }
        if (chosen == null) {
            refuse(req, 550, "none of the requested profiles is supported");
            return;
        }
        numbers.reserve(n);
        Profile profile = chosen;
        ProfileHandler h = handler;
        ChannelStartRequest request = new ChannelStartRequest(host.session(), n, profile.uri(), profile.content(),
                s.serverName());
        ApplicationDecisions.ask(host, "start handler of " + profile.uri(), () -> h.onStart(request),
                text -> StartDecision.refuse(451, text), StartDecision.accept(),
                d -> completeStart(req, s, profile, h, d));
    }

    private void completeStart(InboundRequest req, Start s, Profile profile, ProfileHandler h, StartDecision d) {
        numbers.unreserve(s.number());
        if (!d.accepted()) {
            refuse(req, d.code(), d.diagnostic());
            return;
        }
        ChannelImpl ch = host.newChannel(s.number(), profile.uri(), profile.content(), h);
        bindServerName(s.serverName());
        Profile reply = new Profile(profile.uri(), d.replyData(), profile.base64() && d.replyData() != null);
        // Our SEQ for the new channel must not overtake the reply that creates it at the peer.
        req.replyNow(FrameType.RPY, ManagementPayloads.xml(reply), () -> host.onLoop(() -> {
            if (!ch.lifecycle().isClosed()) {
                host.announceWindow(ch, 0);
            }
        }));
        host.callbacksFor(h).execute(() -> h.onOpen(ch));
    }

    private void onClose(InboundRequest req, Close c) {
        if (c.number() == 0) {
            onReleaseRequest(req);
            return;
        }
        ChannelImpl ch = host.channel(c.number());
        if (ch == null) {
            refuse(req, 550, "channel " + c.number() + " is not open");
            return;
        }
        if (ch.closeState().peerRequest() != null || ch.closeState().peerDeciding()) {
            refuse(req, 550, "channel " + c.number() + " is already being closed");
            return;
        }
        if (!ch.lifecycle().acceptsNewMessages() || ch.handler() == null) {
            closing.acceptPeerClose(ch, req); // we are closing it too: crossing closes both complete
            return;
        }
        ch.closeState().peerDeciding(true);
        ProfileHandler h = ch.handler();
        ApplicationDecisions.ask(host, "close handler of " + ch.profile(), () -> h.onCloseRequest(ch, c.code()),
                text -> CloseDecision.refuse(451, text), CloseDecision.accept(), d -> {
                    ch.closeState().peerDeciding(false);
                    if (ch.lifecycle().isClosed()) {
                        // Our own close of the channel completed while the handler decided: closed either way.
                        req.replyNow(FrameType.RPY, ManagementPayloads.xml(new ManagementMessage.Ok()));
                    } else if (d.accepted()) {
                        closing.acceptPeerClose(ch, req);
                    } else {
                        refuse(req, d.code(), d.diagnostic());
                    }
                });
    }

    private void onReleaseRequest(InboundRequest req) {
        for (ChannelImpl ch : host.allChannels()) {
            if (ch.number() != 0 && !ch.quiet()) {
                refuse(req, 550, "session busy: channel " + ch.number() + " has messages in progress");
                return;
            }
            // Our close of the channel is a MSG on channel 0 awaiting its reply (RFC 3080 §2.3.1.3): releasing now
            // would lose that reply, and with it the peer's acknowledgement of everything sent on the channel.
            if (ch.number() != 0 && ch.lifecycle().closingByUs()) {
                refuse(req, 550, "session busy: channel " + ch.number() + " is being closed");
                return;
            }
        }
        Function<BeepSession, CloseDecision> handler = host.config().releaseHandler();
        if (handler == null) {
            acceptRelease(req);
            return;
        }
        ApplicationDecisions.ask(host, "release handler", () -> handler.apply(host.session()),
                text -> CloseDecision.refuse(451, text), CloseDecision.accept(), d -> {
                    if (d.accepted()) {
                        acceptRelease(req);
                    } else {
                        refuse(req, d.code(), d.diagnostic());
                    }
                });
    }

    private void acceptRelease(InboundRequest req) {
        // The peer that sends <ok/> to a release closes the TCP connection once it is written (RFC 3081 §2).
        req.replyNow(FrameType.RPY, ManagementPayloads.xml(new ManagementMessage.Ok()), host::closeAfterFlush);
    }

    private void refuse(InboundRequest req, int code, String text) {
        log.debug("refusing channel-0 request {} from {}: {} {}", req.msgno(), host.remoteAddress(), code,
                LogText.escape(text));
        req.replyNow(FrameType.ERR, ManagementPayloads.error(code, text));
    }
}
