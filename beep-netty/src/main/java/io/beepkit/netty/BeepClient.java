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
import io.beepkit.netty.internal.SocketOptions;
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
    private final BeepConfig config;
    private final ProfileRegistry registry;
    private final Transport transport;
    private final EventLoopGroup group;
    private final @Nullable BeepResources resources;
    private final Duration connectTimeout;
    private final SecurityEndpoint security;
    private final Set<DefaultBeepSession> sessions = ConcurrentHashMap.newKeySet();
    private final Set<Connector> managed = ConcurrentHashMap.newKeySet();
    private final AtomicReference<@Nullable CompletableFuture<@Nullable Void>> closing = new AtomicReference<>();

    private BeepClient(Builder b) {
        this.resources = b.resources;
        if (resources != null) {
            resources.requireOpen("BeepClient");
        }
        this.config = BeepResources.withCallbackExecutor(b.config, resources);
        this.registry = b.registry.copy();
        this.transport = resources != null ? resources.transportChoice() : Transport.select(config.nativeTransport());
        this.group = resources != null ? resources.eventLoopGroup() : transport.newGroup(b.ioThreads, "beep-client");
        this.connectTimeout = b.connectTimeout;
        this.security = SecurityEndpoint.initiator(config.security());
        SocketBufferFloor.logIfRaised(config.socketProfile(), "client");
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
     * ({@link SecurityConfig}), completes once the secured session's greeting arrived and authentication succeeded;
     * a failed handshake or authentication fails it with the failure as the cause.
     */
    public CompletableFuture<BeepSession> connect(String host, int port) {
        if (closing.get() != null) {
            return CompletableFuture.failedFuture(new IllegalStateException("this BeepClient is closed"));
        }
        CompletableFuture<BeepSession> ready = new CompletableFuture<>();
        Bootstrap b = new Bootstrap().group(group).channel(transport.socketChannel())
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) connectTimeout.toMillis());
        SocketOptions.applyClient(b, config.socketProfile(), transport);
        SocketOptions.keepAliveClient(b, config.tcpKeepAlive(), transport);
        b.handler(new PipelineInitializer(SessionRole.INITIATOR, config, registry, transport,
                (DefaultBeepSession s) -> track(s, host, port, ready),
                ready::complete, security, host, port));
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
    public BeepConfig config() {
        return config;
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

    /** Builds a {@link BeepClient}. */
    public static final class Builder {
        private BeepConfig config = BeepConfig.defaults();
        private ProfileRegistry registry = new ProfileRegistry();
        private int ioThreads = 0;
        private Duration connectTimeout = Duration.ofSeconds(10);
        private @Nullable BeepResources resources;

        /** Session settings (default: {@link BeepConfig#defaults()}). */
        public Builder config(BeepConfig config) {
            this.config = config;
            return this;
        }

        /** Replaces the socket profile of the current configuration (default: {@link SocketProfile#DEFAULT}). */
        public Builder socketProfile(SocketProfile profile) {
            this.config = config.toBuilder().socketProfile(profile).build();
            return this;
        }

        /**
         * TLS for this client's sessions: whom to trust and an optional client certificate; with it,
         * {@link io.beepkit.api.BeepSession#startTls()} works. Replaces the TLS part of the current configuration.
         */
        public Builder tls(TlsConfig tls) {
            this.config = config.toBuilder().security(config.security().toBuilder().tls(tls).build()).build();
            return this;
        }

        /** Starts TLS at once on every connect (needs {@link #tls(TlsConfig)} first). */
        public Builder tlsOnConnect() {
            this.config = config.toBuilder().security(config.security().toBuilder().tlsOnConnect(true).build())
                    .build();
            return this;
        }

        /** Authenticates with SASL on every connect, after TLS when that is asked too. */
        public Builder saslOnConnect(SaslMechanism mechanism, SaslCredentials credentials) {
            this.config = config.toBuilder().security(config.security().toBuilder()
                    .saslOnConnect(mechanism, credentials).build()).build();
            return this;
        }

        /** Registers a profile the listener may start channels on (offered in our greeting), and its handler. */
        public Builder profile(String uri, ProfileHandler handler) {
            registry.register(uri, handler);
            return this;
        }

        /** As {@link #profile(String, ProfileHandler)}; lets a lambda {@code (message, responder) -> ...} stand in. */
        public Builder profile(String uri, MessageHandler handler) {
            return profile(uri, (ProfileHandler) handler);
        }

        /** Replaces the registry of profiles offered in our greeting (default: empty). */
        public Builder profiles(ProfileRegistry registry) {
            this.registry = registry;
            return this;
        }

        /** I/O threads (0, the default, for Netty's default of twice the cores); not used with {@link #resources}. */
        public Builder ioThreads(int n) {
            this.ioThreads = n;
            return this;
        }

        /**
         * Runs the client on shared event loops (and their callback executor, where the configuration names none)
         * instead of threads of its own; closing the client leaves them running. Null (the default) for own threads.
         */
        public Builder resources(@Nullable BeepResources resources) {
            this.resources = resources;
            return this;
        }

        /** How long a TCP connect may take (default: 10 s). */
        public Builder connectTimeout(Duration d) {
            this.connectTimeout = d;
            return this;
        }

        /** The client; without shared resources it owns its event loops until {@link BeepClient#close()}. */
        public BeepClient build() {
            return new BeepClient(this);
        }
    }
}
