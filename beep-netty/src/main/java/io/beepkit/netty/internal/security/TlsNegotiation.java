package io.beepkit.netty.internal.security;

import io.beepkit.netty.diagnostics.FailureText;
import io.beepkit.netty.internal.PeerAddress;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepException;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.SessionClosedException;
import io.beepkit.api.security.TlsSessionInfo;
import io.beepkit.core.mgmt.ManagementMessage.Profile;
import io.beepkit.core.mgmt.ManagementPayloads;
import io.beepkit.core.sasl.SessionSecurity;
import io.beepkit.core.tls.TlsMessage;
import io.beepkit.core.tls.TlsMessageCodec;
import io.beepkit.core.tls.TlsTuning;
import io.beepkit.api.BeepChannel;
import io.beepkit.core.frame.FrameType;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.channel.InboundRequest;
import io.beepkit.netty.internal.tls.TlsSessions;
import io.netty.channel.Channel;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.concurrent.ScheduledFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The TLS profile in a session (RFC 3080 §3.1), both roles. The listener answers a {@code <ready />} once every
 * reply it owes has left (sending no MSG or SEQ meanwhile), adds the TLS handler at the head of the pipeline, sends
 * {@code <proceed />} as the last clear-text frame and resets the session; the initiator sends {@code <ready />}
 * piggybacked on its start and nothing else, and on {@code <proceed />} resets and starts the handshake. A frame the
 * peer sends between the ready and the handshake breaks the rule of §3.1.3 and terminates the session. Once the
 * handshake succeeds both peers greet again. Event loop only.
 */
final class TlsNegotiation {
    private static final Logger log = LoggerFactory.getLogger(TlsNegotiation.class);
    static final String RESET = "closed by the TLS tuning reset (RFC 3080 section 3.1): every channel ends when TLS"
            + " starts";

    enum Phase { CLEAR, LISTENER_DRAINING, INITIATOR_WAITING, HANDSHAKING, SECURE }

    private final TuningHost host;
    private final SecurityEndpoint endpoint;
    private final SessionSecurity security;
    private Phase phase = Phase.CLEAR;
    private boolean inboundForbidden;
    private InboundRequest readyRequest;
    private boolean readyOnStart;
    private ScheduledFuture<?> drainTimer;
    private CompletableFuture<TlsSessionInfo> initiated;
    private boolean checkQueued;

    TlsNegotiation(TuningHost host, SecurityEndpoint endpoint, SessionSecurity security) {
        this.host = host;
        this.endpoint = endpoint;
        this.security = security;
    }

    Phase phase() {
        return phase;
    }

    /** True between a ready and the secured greeting: no new channel may start. */
    boolean negotiating() {
        return phase == Phase.LISTENER_DRAINING || phase == Phase.INITIATOR_WAITING || phase == Phase.HANDSHAKING;
    }

    /** True while a frame from the peer breaks the TLS rules: after its ready (listener), after our proceed. */
    boolean inboundForbidden() {
        return inboundForbidden;
    }

    // ------------------------------------------------------------------ listener

    /** The peer's start of the TLS profile: a decision to send, or null when {@code <proceed />} will follow. */
    io.beepkit.api.StartDecision onStart(InboundRequest req, String initData) {
        if (phase != Phase.CLEAR) {
            return io.beepkit.api.StartDecision.refuse(550, "TLS negotiation already in progress");
        }
        io.beepkit.api.StartDecision d = TlsTuning.onStart(initData, security);
        if (!TlsTuning.proceeds(d)) {
            return d;
        }
        beginProceed(req, true);
        return null;
    }

    /** A MSG on an open TLS channel (a ready sent without piggyback). */
    void onReadyMessage(InboundRequest req, byte[] body) {
        TlsMessage m = phase == Phase.CLEAR
                ? TlsTuning.onMessage(new String(body, StandardCharsets.UTF_8), security)
                : new TlsMessage.Error(550, "TLS negotiation already in progress");
        if (m instanceof TlsMessage.Error e) {
            req.refuse(e.code(), e.diagnostic());
        } else {
            beginProceed(req, false);
        }
    }

    private void beginProceed(InboundRequest req, boolean onStart) {
        phase = Phase.LISTENER_DRAINING;
        readyRequest = req;
        readyOnStart = onStart;
        inboundForbidden = true;
        host.hold(OutboundHold.REPLIES_ONLY);
        long bound = host.tuningTimeout().toNanos();
        drainTimer = host.channel().eventLoop().schedule(() -> {
            if (phase == Phase.LISTENER_DRAINING) {
                host.terminate(new BeepException("replies owed before <proceed /> were not produced within "
                        + host.tuningTimeout().toMillis() + " ms"));
            }
        }, bound, TimeUnit.NANOSECONDS);
        progress();
    }

    /**
     * Something was written or answered: the listener proceeds once no reply but the answer is owed. Checked in a
     * task of its own, never inside the scheduler's pass that reported the progress.
     */
    void progress() {
        if (phase == Phase.LISTENER_DRAINING && !checkQueued) {
            checkQueued = true;
            host.channel().eventLoop().execute(this::proceedIfDrained);
        }
    }

    private void proceedIfDrained() {
        checkQueued = false;
        if (phase != Phase.LISTENER_DRAINING || !host.channel().isActive() || !drained()) {
            return;
        }
        phase = Phase.HANDSHAKING; // before writing: the write reports progress again
        drainTimer.cancel(false);
        InboundRequest req = readyRequest;
        readyRequest = null;
        Channel ch = host.channel();
        // Before the proceed is written: that write then leaves in clear, everything after it encrypted.
        ch.pipeline().addFirst("beep-tls", endpoint.serverTls().newHandler(ch.alloc(), true));
        String proceed = TlsMessageCodec.write(new TlsMessage.Proceed());
        if (readyOnStart) {
            req.replyNow(FrameType.RPY, ManagementPayloads.xml(new Profile(TlsMessage.PROFILE_URI, proceed, false)));
        } else {
            req.reply(MimeEntity.of(MimeEntity.BEEP_XML, proceed.getBytes(StandardCharsets.UTF_8)));
        }
        if (!req.channel().outbound().isEmpty()) {
            host.terminate(new BeepException("cannot send <proceed />: the peer's window on channel "
                    + req.channel().number() + " is closed"));
            return;
        }
        host.resetForTls(new ChannelClosedException("channel " + RESET));
    }

    private boolean drained() {
        for (ChannelImpl ch : host.allChannels()) {
            int owed = ch == readyRequest.channel() ? 1 : 0;
            if (ch.exchanges().replies().awaiting() > owed || ch.outbound().holdsReplies()) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ initiator

    /** Sends {@code <ready />} on a new TLS channel; completes once the secured session's greeting arrived. */
    CompletableFuture<TlsSessionInfo> start() {
        CompletableFuture<TlsSessionInfo> f = new CompletableFuture<>();
        if (host.role() != io.beepkit.api.SessionRole.INITIATOR) {
            f.completeExceptionally(new IllegalStateException("only the initiator starts TLS; this listener answers "
                    + "the initiator's <ready />"));
            return f;
        }
        if (endpoint.clientTls() == null) {
            f.completeExceptionally(new IllegalStateException("no TLS configuration for an initiator: set "
                    + "InitiatorSecurity.tls (BeepClient.Builder.tls)"));
            return f;
        }
        String refusal = security.tlsStartRefusal().orElse(phase != Phase.CLEAR
                ? "TLS negotiation already in progress" : null);
        if (refusal != null) {
            f.completeExceptionally(new IllegalStateException(refusal));
            return f;
        }
        phase = Phase.INITIATOR_WAITING;
        initiated = f;
        host.hold(OutboundHold.CHANNEL_ZERO_ONLY);
        CompletableFuture<BeepChannel> started = new CompletableFuture<>();
        // Completed on the event loop by channel management, in the middle of reading the reply.
        started.whenComplete((channel, error) -> {
            if (error == null && proceeds((ChannelImpl) channel)) {
                inboundForbidden = true; // the listener sends nothing more in clear
            }
            host.channel().eventLoop().execute(() -> onAnswer((ChannelImpl) channel, error));
        });
        host.requestStart(ChannelRequest.builder().profile(TlsMessage.PROFILE_URI, TlsTuning.readyContent(), false)
                .build(), started);
        return f;
    }

    private static boolean proceeds(ChannelImpl channel) {
        try {
            return TlsTuning.onAnswer(channel.peerInitData().orElse(null)) instanceof TlsMessage.Proceed;
        } catch (BeepProtocolException e) {
            return false;
        }
    }

    private void onAnswer(ChannelImpl channel, Throwable error) {
        if (phase != Phase.INITIATOR_WAITING) {
            return; // the session ended meanwhile
        }
        if (error != null) {
            notProceeding(error instanceof BeepException b ? b : new BeepException(FailureText.describe(error), error));
            return;
        }
        TlsMessage answer;
        try {
            answer = TlsTuning.onAnswer(channel.peerInitData().orElse(null));
        } catch (BeepProtocolException e) {
            host.terminate(e);
            return;
        }
        if (answer instanceof TlsMessage.Error e) {
            notProceeding(new BeepErrorException(e.code(), e.diagnostic()));
            channel.close();
            return;
        }
        phase = Phase.HANDSHAKING;
        host.resetForTls(new ChannelClosedException("channel " + RESET));
        Channel ch = host.channel();
        ch.pipeline().addFirst("beep-tls", endpoint.clientTls().newHandler(ch.alloc(), host.peerHost(),
                host.peerPort()));
    }

    private void notProceeding(BeepException why) {
        phase = Phase.CLEAR;
        host.hold(OutboundHold.NONE);
        CompletableFuture<TlsSessionInfo> f = initiated;
        initiated = null;
        host.callbacks().execute(() -> f.completeExceptionally(why));
    }

    // ------------------------------------------------------------------ both

    /** The handshake ended: on success the session is secured and both peers greet again. */
    void onHandshake(SslHandshakeCompletionEvent event) {
        if (phase != Phase.HANDSHAKING) {
            return;
        }
        if (!event.isSuccess()) {
            return; // the TLS handler closes the connection; the session handler records the cause
        }
        SslHandler ssl = host.channel().pipeline().get(SslHandler.class);
        TlsSessionInfo info = TlsSessions.info(ssl);
        security.tlsEstablished(info);
        phase = Phase.SECURE;
        inboundForbidden = false;
        log.debug("session with {} secured: {} {}", PeerAddress.of(host.channel()), info.protocol(),
                info.cipherSuite());
        host.greet();
    }

    /** The peer's greeting arrived over TLS: an initiator's {@link #start()} completes. */
    void securedGreetingReceived() {
        if (initiated != null) {
            CompletableFuture<TlsSessionInfo> f = initiated;
            initiated = null;
            TlsSessionInfo info = security.tls().orElseThrow();
            host.callbacks().execute(() -> f.complete(info));
        }
    }

    /** The session ended: an initiator's {@link #start()} still waiting fails. */
    void shutdown(SessionClosedException cause) {
        phase = Phase.CLEAR;
        if (drainTimer != null) {
            drainTimer.cancel(false);
        }
        if (initiated != null) {
            CompletableFuture<TlsSessionInfo> f = initiated;
            initiated = null;
            host.callbacks().execute(() -> f.completeExceptionally(cause));
        }
    }
}
