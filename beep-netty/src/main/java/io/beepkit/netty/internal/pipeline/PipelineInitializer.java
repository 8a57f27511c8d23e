package io.beepkit.netty.internal.pipeline;

import io.beepkit.api.BeepSession;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.SessionRole;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.internal.ListenerSetup;
import io.beepkit.netty.internal.LivenessProbeHandler;
import io.beepkit.netty.internal.PeerAddress;
import io.beepkit.netty.internal.Transport;
import io.beepkit.netty.internal.ViolationLog;
import io.beepkit.netty.internal.codec.BeepFrameDecoder;
import io.beepkit.netty.internal.codec.BeepFrameEncoder;
import io.beepkit.netty.internal.codec.FrameTraceHandler;
import io.beepkit.netty.internal.security.SecurityEndpoint;
import io.beepkit.netty.internal.session.BeepSessionHandler;
import io.beepkit.netty.internal.session.CallbackSetup;
import io.beepkit.netty.internal.session.DefaultBeepSession;
import io.beepkit.netty.internal.session.ListenerMemory;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Builds the pipeline of one connection: the PROXY protocol header (listeners that expect one), connection limits
 * and the shared memory budget (listeners only: a connection arriving while the listener is over its budget gets
 * only an ERR 421 greeting), greeting guard, idle timeout (when configured), frame decoder, frame encoder, session
 * multiplexer.
 */
@ChannelHandler.Sharable
public final class PipelineInitializer extends ChannelInitializer<Channel> {
    private static final Logger log = LoggerFactory.getLogger(PipelineInitializer.class);
    /** A listener logs each kind of refusal or close at WARN at most once a minute, counting the rest. */
    private static final long LISTENER_QUIET_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final SessionRole role;
    private final SessionConfig config;
    private final CallbackSetup callbackSetup;
    private final ListenerSetup listener;
    private final ProfileRegistry registry;
    private final Transport transport;
    private final Consumer<BeepSession> onReady;
    private final Consumer<DefaultBeepSession> onCreated;
    private final ViolationLog violations = new ViolationLog(LISTENER_QUIET_NANOS);
    private final ConnectionLimiter limiter;
    private final SecurityEndpoint security;
    private final String peerHost;
    private final int peerPort;
    private final ListenerMemory listenerMemory;

    /**
     * @param security the listener's or initiator's TLS and SASL, built once
     * @param callbackSetup where application callbacks run
     * @param listener the listener's own limits, or null for an initiator
     * @param peerHost the host an initiator connects to (SNI, certificate check), or null
     * @param peerPort the port an initiator connects to, or 0
     */
    public PipelineInitializer(SessionRole role, SessionConfig config, ProfileRegistry registry, Transport transport,
                               Consumer<DefaultBeepSession> onCreated, Consumer<BeepSession> onReady,
                               SecurityEndpoint security, CallbackSetup callbackSetup, ListenerSetup listener,
                               String peerHost, int peerPort) {
        this.role = role;
        this.config = config;
        this.registry = registry;
        this.transport = transport;
        this.onCreated = onCreated;
        this.onReady = onReady;
        this.security = security;
        this.callbackSetup = callbackSetup;
        this.listener = listener;
        this.peerHost = peerHost;
        this.peerPort = peerPort;
        this.limiter = listener != null ? new ConnectionLimiter(listener.limits().maxSessions(),
                listener.limits().maxSessionsPerAddress(), violations) : null;
        this.listenerMemory = listener != null ? new ListenerMemory(listener.limits().memoryBudget()) : null;
    }

    /** The budget the listener's sessions share, or null for an initiator. */
    public ListenerMemory listenerMemory() {
        return listenerMemory;
    }

    /** The listener's connection counts, or null for an initiator. */
    public ConnectionLimiter limiter() {
        return limiter;
    }

    @Override
    protected void initChannel(Channel ch) {
        if (ch.eventLoop().isShuttingDown()) {
            // Registered while its loop stops (a connection accepted just before): the loop has already closed the
            // channels it had and would leave this one open, its peer waiting for an end that never comes.
            ch.close();
            return;
        }
        if (listener != null && listener.proxyProtocol()) {
            if (limiter != null && !limiter.admitConnection(ch)) {
                ch.close();
                return;
            }
            // The client's address, which the per-address limit and the session need, comes with the header.
            new ProxyHeaderHandler(config.limits().greetingTimeout(), violations, this::proxiedSession)
                    .install(ch.pipeline());
            return;
        }
        if (limiter != null && !limiter.admit(ch)) { // both limits at once: the socket's peer is the peer
            ch.close();
            return;
        }
        initSession(ch);
    }

    /** Sets up the session once the PROXY protocol header named the client, counted against its address's limit. */
    private void proxiedSession(Channel ch) {
        if (limiter != null && !limiter.admitAddress(ch, PeerAddress.of(ch))) {
            ch.close();
            return;
        }
        initSession(ch);
    }

    /** Sets up the session of an admitted connection. */
    private void initSession(Channel ch) {
        if (listenerMemory != null && listenerMemory.over()) {
            violations.warn(log, "listener memory budget",
                    "refusing session from {} with ERR 421: the listener holds {} octets for its peers, over its "
                            + "memory budget of {}", PeerAddress.of(ch), listenerMemory.held(), listenerMemory.budget());
            ch.pipeline().addLast("beep-busy-refusal", new BusyRefusal());
            return;
        }
        BeepSessionHandler session = new BeepSessionHandler(role, config, registry, onReady, transport, security,
                callbackSetup, peerHost, peerPort);
        ChannelPipeline p = ch.pipeline();
        SessionLimits limits = config.limits();
        p.addLast("beep-greeting-guard", new GreetingGuard(limits.greetingTimeout(), limits.maxGreetingSize(), violations));
        if (!limits.idleTimeout().isZero()) {
            p.addLast("beep-idle-timeout", new IdleTimeoutHandler(limits.idleTimeout()));
        }
        if (config.livenessProbe() != null) {
            p.addLast("beep-liveness-probe", new LivenessProbeHandler(config.livenessProbe().interval()));
        }
        p.addLast(BeepFrameDecoder.NAME, new BeepFrameDecoder(
                BeepFrameDecoder.frameLimit(config.flow().maxWindow()), session.frameLimits()));
        p.addLast("beep-frame-encoder", BeepFrameEncoder.INSTANCE);
        if (config.frameTracer() != null) {
            p.addLast("beep-frame-trace", new FrameTraceHandler(config.frameTracer()));
        }
        if (listenerMemory != null) {
            session.session().memory().share(listenerMemory);
        }
        onCreated.accept(session.session()); // before the session greets: it must be known once the peer sees the greeting
        p.addLast("beep-session", session);
    }
}
