package io.beepkit.netty;

import io.beepkit.api.BeepException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.SessionClosedException;
import io.beepkit.api.SessionRole;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.core.LibraryThreads;
import io.beepkit.netty.diagnostics.FailureText;
import io.beepkit.netty.internal.pipeline.PipelineInitializer;
import io.beepkit.netty.internal.pipeline.Shutdown;
import io.beepkit.netty.internal.SocketBufferFloor;
import io.beepkit.netty.internal.SocketSetup;
import io.beepkit.netty.internal.session.CallbackSetup;
import io.beepkit.netty.internal.Transport;
import io.beepkit.netty.internal.security.SecurityEndpoint;
import io.beepkit.netty.internal.session.DefaultBeepSession;
import io.beepkit.netty.tls.TlsConfig;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A BEEP initiator. One client owns an event loop group and may open many sessions.
 *
 * <pre>{@code
 * try (BeepClient client = BeepClient.builder().build()) {
 *     BeepSession session = client.connect("127.0.0.1", 10288).join();
 *     BeepChannel channel = session.startChannel(StandardProfiles.ECHO).join();
 *     Reply reply = channel.send(MimeEntity.of("hello")).join();
 * }
 * }</pre>
 */
public final class BeepClient implements AutoCloseable {
    private final SessionConfig config;
    private final InitiatorSecurity securityConfig;
    private final ProfileRegistry registry;
    private final Transport transport;
    private final EventLoopGroup group;
    private final @Nullable BeepResources resources;
    private final SecurityEndpoint security;
    private final Set<DefaultBeepSession> sessions = ConcurrentHashMap.newKeySet();
    private final Set<Connector> managed = ConcurrentHashMap.newKeySet();
    private final AtomicReference<@Nullable CompletableFuture<@Nullable Void>> closing = new AtomicReference<>();

    private BeepClient(Builder b) {
        this.resources = b.resources;
        if (resources != null) {
            resources.requireOpen("BeepClient");
        }
        this.config = BuilderMerge.session(b.session, b.tuning);
        this.securityConfig = BuilderMerge.initiator(b.security, b.tls, b.tlsOnConnect, b.saslMechanism,
                b.saslCredentials);
        this.registry = b.registry.copy();
        this.transport = resources != null ? resources.transportChoice() : Transport.select(true);
        this.group = resources != null ? resources.eventLoopGroup() : transport.newGroup(0, "beep-client");
        this.security = SecurityEndpoint.initiator(securityConfig);
        SocketBufferFloor.logIfRaised(config.socket(), "client");
    }

    /** A builder for a client: configuration, the profiles the listener may start on our side, I/O threads. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Connects and exchanges greetings. Completes with the session once the peer's greeting arrived; fails with
     * {@link BeepException} if the connection fails, or {@link SessionClosedException} if the peer closes or refuses
     * before greeting. When the peer refused the session with an ERR greeting (e.g. 421), the exception's cause is a
     * {@link io.beepkit.api.BeepErrorException} with the peer's code and text; when it broke the protocol, a
     * {@link io.beepkit.api.BeepProtocolException} naming the offending frame. With TLS or SASL on connect
     * ({@link InitiatorSecurity}), completes once the secured session's greeting arrived and authentication succeeded;
     * a failed handshake or authentication fails it with the failure as the cause.
     */
    public CompletableFuture<BeepSession> connect(String host, int port) {
        if (closing.get() != null) {
            return CompletableFuture.failedFuture(new IllegalStateException("this BeepClient is closed"));
        }
        CompletableFuture<BeepSession> ready = new CompletableFuture<>();
        Bootstrap b = new Bootstrap().group(group).channel(transport.socketChannel())
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) config.socket().connectTimeout().toMillis());
        SocketSetup.applyClient(b, config.socket(), transport);
        SocketSetup.keepAliveClient(b, config.socket().keepAlive(), transport);
        b.handler(new PipelineInitializer(SessionRole.INITIATOR, config, registry, transport,
                (DefaultBeepSession s) -> track(s, host, port, ready), ready::complete, security,
                callbackSetup(), null, host, port));
        b.connect(host, port).addListener((ChannelFutureListener) cf -> {
            if (!cf.isSuccess()) {
                Throwable c = cf.cause();
                ready.completeExceptionally(new BeepException("cannot connect to " + host + ":" + port + ": "
                        + FailureText.describe(c), c));
            }
        });
        return ready;
    }

    /**
     * A builder for a session to {@code host:port} that this client keeps up, connecting again with backoff whenever
     * it is lost; see {@link ManagedSession}.
     */
    public ManagedSession.Builder managedSession(String host, int port) {
        return new ManagedSession.Builder(this, host, port);
    }

    /** Keeps {@code s} until it ends, so that closing the client can end it; fails {@code ready} if it ends first. */
    private void track(DefaultBeepSession s, String host, int port, CompletableFuture<BeepSession> ready) {
        sessions.add(s);
        s.ended().whenComplete((v, e) -> {
            sessions.remove(s);
            ready.completeExceptionally(beforeGreeting(host, port, s.closeCause()));
        });
        if (closing.get() != null) {
            s.terminate(); // connected while the client was closing
        }
    }

    /** The failure of a session that ended before greetings completed, carrying why it ended. */
    private static SessionClosedException beforeGreeting(String host, int port,
                                                         @Nullable SessionClosedException closeCause) {
        Throwable why = closeCause == null ? null : closeCause.getCause();
        String message = "session with " + host + ":" + port + " closed before greetings completed";
        return why == null ? new SessionClosedException(message)
                : new SessionClosedException(message + ": " + FailureText.describe(why), why);
    }

    /** Where this client's callbacks run (for {@link ManagedSession}'s callbacks). */
    CallbackSetup callbackSetup() {
        return resources != null ? resources.callbackSetup() : CallbackSetup.DEFAULT;
    }

    /** The event loops this client's connections run on (for {@link ManagedSession}'s timers). */
    EventLoopGroup eventLoops() {
        return group;
    }

    /**
     * Lets closing this client close {@code c}'s managed session too (its backoff timer may never run once the loops
     * stop). False if the client is already closing.
     */
    boolean register(Connector c) {
        managed.add(c);
        if (closing.get() != null) {
            managed.remove(c);
            return false;
        }
        return true;
    }

    void unregister(Connector c) {
        managed.remove(c);
    }

    /** True once {@link #closeAsync()} started: connecting fails from then on. */
    boolean isClosing() {
        return closing.get() != null;
    }

    /** The I/O transport in use: {@code epoll} or {@code nio}. */
    public String transport() {
        return transport.name();
    }

    /** The session settings every connection of this client uses. */
    public SessionConfig config() {
        return config;
    }

    /** The TLS and SASL of this client's connections, shortcuts merged in. */
    public InitiatorSecurity security() {
        return securityConfig;
    }

    /** The sessions of this client open now (a copy), for monitoring. */
    public List<BeepSession> sessions() {
        return new ArrayList<>(sessions);
    }

    /** True once {@link #closeAsync()} or {@link #close()} was called: connecting then fails. */
    public boolean isClosed() {
        return closing.get() != null;
    }

    /**
     * Closes the client without waiting: ends its sessions still open at once (release them first for a clean close),
     * closes its {@link ManagedSession}s so that they stop reconnecting, and stops the event loops it owns (not shared
     * {@link BeepResources}). The future completes when that is done; it never fails. Idempotent; safe from any
     * thread, an event loop or a callback included. Connecting afterwards fails.
     */
    public CompletableFuture<@Nullable Void> closeAsync() {
        CompletableFuture<@Nullable Void> mine = new CompletableFuture<>();
        if (!closing.compareAndSet(null, mine)) {
            return Objects.requireNonNull(closing.get()).copy();
        }
        IllegalStateException closed = new IllegalStateException("the BeepClient was closed");
        List.copyOf(managed).forEach(c -> c.close(closed));
        Shutdown.closeSessions(sessions, Duration.ZERO)
                .thenCompose(v -> resources == null ? Shutdown.stopLoops(List.of(group))
                        : CompletableFuture.completedFuture(null))
                .whenComplete((v, e) -> mine.complete(null));
        return mine.copy();
    }

    /**
     * As {@link #closeAsync()}, waiting for it to finish; except on one of beepkit's event loops or inside a beepkit
     * callback, where it only starts the close and returns (waiting there could wait for the very thread that waits).
     */
    @Override
    public void close() {
        CompletableFuture<@Nullable Void> done = closeAsync();
        if (!LibraryThreads.mustNotBlock() && !Transport.inLoopOf(group)) {
            done.join();
        }
    }

    /**
     * Builds a {@link BeepClient}. The shortcuts ({@link #tls}, {@link #tlsOnConnect()}, {@link #saslOnConnect},
     * {@link #tuning}) and the groups ({@link #security}, {@link #session}) may come in any order: {@link #build()}
     * merges them, and fails naming both settings where they disagree.
     */
    public static final class Builder {
        private @Nullable SessionConfig session;
        private @Nullable SocketTuning tuning;
        private @Nullable InitiatorSecurity security;
        private @Nullable TlsConfig tls;
        private boolean tlsOnConnect;
        private @Nullable SaslMechanism saslMechanism;
        private @Nullable SaslCredentials saslCredentials;
        private ProfileRegistry registry = new ProfileRegistry();
        private @Nullable BeepResources resources;

        /** Session settings (default: {@link SessionConfig#defaults()}), the connect timeout among them. */
        public Builder session(SessionConfig v) { session = Objects.requireNonNull(v, "session"); return this; }

        /**
         * The socket options and flow settings of a preset (default: {@link SocketTuning#DEFAULT}). With
         * {@link #session} too, the session's socket and flow settings must be the defaults or the tuning's own, or
         * {@link #build()} fails.
         */
        public Builder tuning(SocketTuning v) { tuning = Objects.requireNonNull(v, "tuning"); return this; }

        /** TLS and SASL (default: {@link InitiatorSecurity#NONE}); merged with the shortcuts at {@link #build()}. */
        public Builder security(InitiatorSecurity v) { security = Objects.requireNonNull(v, "security"); return this; }

        /**
         * TLS for this client's sessions: whom to trust and an optional client certificate; with it,
         * {@link io.beepkit.api.BeepSession#startTls()} works.
         */
        public Builder tls(TlsConfig v) { tls = Objects.requireNonNull(v, "tls"); return this; }

        /** Starts TLS at once on every connect; needs TLS by {@link #tls} or {@link #security}. */
        public Builder tlsOnConnect() { tlsOnConnect = true; return this; }

        /** Authenticates with SASL on every connect, after TLS when that is asked too. */
        public Builder saslOnConnect(SaslMechanism mechanism, SaslCredentials credentials) {
            this.saslMechanism = Objects.requireNonNull(mechanism, "mechanism");
            this.saslCredentials = Objects.requireNonNull(credentials, "credentials");
            return this;
        }

        /** Registers a profile the listener may start channels on (offered in our greeting), and its handler. */
        public Builder profile(String uri, ProfileHandler handler) { registry.register(uri, handler); return this; }

        /** As {@link #profile(String, ProfileHandler)}; lets a lambda {@code (message, responder) -> ...} stand in. */
        public Builder profile(String uri, MessageHandler handler) {
            return profile(uri, (ProfileHandler) handler);
        }

        /** Replaces the registry of profiles offered in our greeting (default: empty). */
        public Builder profiles(ProfileRegistry v) { registry = v; return this; }

        /**
         * Runs the client on shared threads, transport and callback executor; closing the client leaves them
         * running. Null (the default) for threads of its own with the defaults of {@link BeepResources}.
         */
        public Builder resources(@Nullable BeepResources v) { resources = v; return this; }

        /**
         * The client; without shared resources it owns its event loops until {@link BeepClient#close()}.
         *
         * @throws IllegalArgumentException naming both settings where a shortcut and a group disagree
         */
        public BeepClient build() {
            return new BeepClient(this);
        }
    }
}
