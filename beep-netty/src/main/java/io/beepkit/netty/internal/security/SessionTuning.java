package io.beepkit.netty.internal.security;

import io.beepkit.netty.diagnostics.FailureText;
import io.beepkit.netty.internal.PeerAddress;
import io.beepkit.api.BeepException;
import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Responder;
import io.beepkit.api.SessionClosedException;
import io.beepkit.api.SessionRole;
import io.beepkit.api.StartDecision;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.api.security.TlsSessionInfo;
import io.beepkit.core.sasl.SessionSecurity;
import io.beepkit.core.tls.TlsMessage;
import io.beepkit.netty.internal.channel.InboundRequest;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The security of one session: its {@link SessionSecurity} (kept across the TLS reset), what the greeting offers
 * (only TLS while TLS is required and absent; never TLS again once secured), the refusal of other starts while TLS
 * is required, the {@linkplain TlsNegotiation TLS profile}, SASL for the initiator, and the steps an initiator takes
 * before {@code connect()} completes (TLS, then SASL, when configured). Event loop, except where noted.
 */
public final class SessionTuning {
    private final TuningHost host;
    private final SecurityEndpoint endpoint;
    private final SessionSecurity security = new SessionSecurity();
    /** Made when TLS is first asked for, by either peer (event loop): most sessions never negotiate it. */
    private TlsNegotiation tls;
    private boolean applicationTold;
    private boolean onConnectRunning;

    /** The security of the session behind {@code host}, configured by {@code endpoint}. */
    public SessionTuning(TuningHost host, SecurityEndpoint endpoint) {
        this.host = host;
        this.endpoint = endpoint;
    }

    /** The session's TLS and SASL state (thread-safe). */
    public SessionSecurity security() {
        return security;
    }

    private boolean listenerTls() {
        return host.role() == SessionRole.LISTENER && endpoint.serverTls() != null;
    }

    /** The profiles our greeting offers: TLS first when we accept it, only TLS while it is required. */
    public List<String> greetingProfiles(List<String> registered) {
        if (!listenerTls() || security.tlsActive()) {
            return registered;
        }
        if (endpoint.tlsRequired()) {
            return List.of(TlsMessage.PROFILE_URI);
        }
        List<String> offered = new ArrayList<>();
        offered.add(TlsMessage.PROFILE_URI);
        offered.addAll(registered);
        return offered;
    }

    /** Why a start offering {@code uris} is refused (538) while TLS is required, or null. */
    public String startRefusal(List<String> uris) {
        if (listenerTls() && endpoint.tlsRequired() && !security.tlsActive() && !uris.contains(TlsMessage.PROFILE_URI)) {
            return "TLS is required before any other profile: start " + TlsMessage.PROFILE_URI + " first";
        }
        return null;
    }

    /** True if {@code uri} is the TLS profile and this session answers it. */
    public boolean isTlsProfile(String uri) {
        return TlsMessage.PROFILE_URI.equals(uri) && listenerTls();
    }

    private TlsNegotiation tls() {
        if (tls == null) {
            tls = new TlsNegotiation(host, endpoint, security);
        }
        return tls;
    }

    /** The peer starts TLS: the decision to send, or null when the engine proceeds (and answers later). */
    public StartDecision onTlsStart(InboundRequest req, String initData) {
        return tls().onStart(req, initData);
    }

    /** The handler of a TLS channel started without piggyback: its first MSG is the ready. */
    public MessageHandler tlsChannelHandler() {
        return new MessageHandler() {
            @Override
            public void onMessage(Message message, Responder responder) {
                byte[] body = message.entity().body();
                if (responder instanceof InboundRequest req) {
                    host.channel().eventLoop().execute(() -> tls().onReadyMessage(req, body));
                } else {
                    responder.refuse(550, "TLS negotiation is not available here");
                }
            }
        };
    }

    /** True between a TLS ready and the secured greeting: starts and releases wait or fail. */
    public boolean negotiating() {
        return tls != null && tls.negotiating();
    }

    /** True if {@code request} is the engine's own start of the TLS profile (allowed while negotiating). */
    public boolean isTlsStart(io.beepkit.api.ChannelRequest request) {
        return request.profiles().size() == 1 && TlsMessage.PROFILE_URI.equals(request.profiles().get(0).uri())
                && tls != null && tls.phase() == TlsNegotiation.Phase.INITIATOR_WAITING;
    }

    /** True while a frame from the peer breaks the TLS rules (between ready and handshake). */
    public boolean inboundForbidden() {
        return tls != null && tls.inboundForbidden();
    }

    /** Something was written or answered: a listener draining replies before its proceed re-checks. */
    public void progress() {
        if (tls != null) {
            tls.progress();
        }
    }

    /** The TLS handler reports the handshake's end. */
    public void onHandshake(SslHandshakeCompletionEvent event) {
        tls().onHandshake(event);
    }

    /** Initiates TLS; see {@link io.beepkit.api.BeepSession#startTls()}. Any thread. */
    public CompletableFuture<TlsSessionInfo> startTls() {
        CompletableFuture<TlsSessionInfo> f = new CompletableFuture<>();
        host.channel().eventLoop().execute(() -> {
            if (!host.channel().isActive()) {
                f.completeExceptionally(new SessionClosedException("session with " + PeerAddress.of(host.channel())
                        + " is closed"));
                return;
            }
            tls().start().whenComplete((v, e) -> {
                if (e != null) {
                    f.completeExceptionally(e);
                } else {
                    f.complete(v);
                }
            });
        });
        return f;
    }

    /** Authenticates; see {@link io.beepkit.api.BeepSession#authenticate}. Any thread. */
    public CompletableFuture<SaslIdentity> authenticate(SaslMechanism mechanism, SaslCredentials credentials) {
        return SaslInitiator.run(host.session(), security, host.peerHost(), mechanism, credentials,
                endpoint.plainWithoutTls());
    }

    /**
     * The peer's greeting arrived (the first, or the one after TLS). The application is told once, after what an
     * initiator does on connect: TLS, then SASL.
     */
    public void greetingReceived() {
        if (tls != null) {
            tls.securedGreetingReceived();
        }
        if (applicationTold || onConnectRunning) {
            return;
        }
        if (host.role() == SessionRole.INITIATOR && endpoint.tlsOnConnect() && !security.tlsActive()) {
            onConnectRunning = true;
            tls().start().whenComplete((info, e) -> onConnectStep(e));
            return;
        }
        if (host.role() == SessionRole.INITIATOR && endpoint.saslMechanism() != null && security.identity().isEmpty()) {
            onConnectRunning = true;
            authenticate(endpoint.saslMechanism(), endpoint.saslCredentials()).whenComplete((id, e) -> onConnectStep(e));
            return;
        }
        applicationTold = true;
        host.sessionReady();
    }

    /** A step on connect ended (on the callback executor): the next one, or the end of the session on failure. */
    private void onConnectStep(Throwable error) {
        host.channel().eventLoop().execute(() -> {
            onConnectRunning = false;
            if (error != null) {
                Throwable c = error instanceof CompletionException && error.getCause() != null
                        ? error.getCause() : error;
                host.terminate(c instanceof BeepException b ? b : new BeepException(FailureText.describe(c), c));
                return;
            }
            greetingReceived();
        });
    }

    /** The session ended. */
    public void shutdown(SessionClosedException cause) {
        if (tls != null) {
            tls.shutdown(cause);
        }
    }
}
