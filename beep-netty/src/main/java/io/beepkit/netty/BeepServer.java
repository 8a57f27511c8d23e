package io.beepkit.netty;

import io.beepkit.api.BeepSession;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.core.LibraryThreads;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.core.sasl.SaslProfileHandler;
import io.beepkit.netty.internal.security.SecurityEndpoint;
import io.beepkit.netty.tls.TlsConfig;
import io.beepkit.netty.internal.session.DefaultBeepSession;
import io.beepkit.netty.internal.ListenerLoops;
import io.beepkit.netty.internal.pipeline.ListenerSocket;
import io.beepkit.netty.internal.ListenerSetup;
import io.beepkit.netty.internal.session.CallbackSetup;
import io.beepkit.netty.internal.Transport;
import org.slf4j.Logger;
import org.jspecify.annotations.Nullable;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * A BEEP listener. Build it, {@link #start()} it, and it greets every connection with the registered profiles.
 *
 * <pre>{@code
 * BeepServer server = BeepServer.builder()
 *         .bind("127.0.0.1", 10288)
 *         .profile("urn:example:echo", (msg, responder) -> responder.reply(msg.entity()))
 *         .build()
 *         .start().join();
 * }</pre>
 */
public final class BeepServer implements AutoCloseable {
    /** The address a listener binds when its builder names none: the loopback interface only. */
    public static final String DEFAULT_HOST = "127.0.0.1";
    /** The TCP port a listener binds when its builder names none, and the port clients connect to by default. */
    public static final int DEFAULT_PORT = 10288;
    /** How long {@link #close()} and {@link #closeAsync()} give open sessions to be released gracefully. */
    public static final Duration DEFAULT_CLOSE_GRACE = Duration.ofSeconds(5);
    private static final Logger log = LoggerFactory.getLogger(BeepServer.class);

    private final String host;
    private final int port;
    private final SessionConfig config;
    private final ListenerLimits limits;
    private final ListenerSecurity securityConfig;
    private final boolean proxyProtocol;
    private final ProfileRegistry registry;
    private final Consumer<BeepSession> onSession;
    private final Transport transport;
    private final SecurityEndpoint security;
    private final @Nullable BeepResources resources;
    private final AtomicReference<@Nullable CompletableFuture<@Nullable Void>> closing = new AtomicReference<>();
    private volatile @Nullable ListenerSocket socket;

    private BeepServer(Builder b) {
        this.host = b.host;
        this.port = b.port;
        this.resources = b.resources;
        if (resources != null) {
            resources.requireOpen("BeepServer");
        }
        this.config = BuilderMerge.session(b.session, b.tuning);
        this.limits = b.limits;
        this.securityConfig = BuilderMerge.listener(b.security, b.tls, b.tlsRequired, b.sasl);
        this.proxyProtocol = b.proxyProtocol;
        this.registry = b.registry.copy();
        this.onSession = b.onSession;
        this.transport = resources != null ? resources.transportChoice() : Transport.select(true);
        this.security = SecurityEndpoint.listener(securityConfig);
        if (securityConfig.sasl() != null) {
            // The SASL profiles are ordinary profiles whose exchanges read and update the session's security state.
            SaslProfileHandler.registerAll(registry, securityConfig.sasl(),
                    s -> ((DefaultBeepSession) s).security());
        }
    }

    /** A builder for a listener: address, configuration, profiles (echo and sink registered by default). */
    public static Builder builder() {
        return new Builder();
    }

    /** Binds and starts accepting. Completes with this server once listening. */
    public synchronized CompletableFuture<BeepServer> start() {
        if (socket != null || closing.get() != null) {
            throw new IllegalStateException(closing.get() != null ? "closed" : "already started");
        }
        if (resources != null) {
            resources.requireOpen("BeepServer");
        }
        ListenerLoops loops = resources != null
                ? ListenerLoops.shared(resources.acceptGroup(), resources.eventLoopGroup())
                : ListenerLoops.create(transport, 0);
        ListenerSocket s = new ListenerSocket(loops, transport, config, registry, onSession, security,
                resources != null ? resources.callbackSetup() : CallbackSetup.DEFAULT,
                new ListenerSetup(limits, proxyProtocol));
        socket = s;
        CompletableFuture<BeepServer> started = new CompletableFuture<>();
        s.bind(host, port).whenComplete((channel, failure) -> {
            if (failure != null) {
                started.completeExceptionally(failure);
                return;
            }
            if (closing.get() != null) {
                channel.close(); // closed while binding
            }
            log.info("BEEP listener on {} ({}, tuning {})", channel.localAddress(), transport.name(),
                    SocketTuning.nameOf(config.socket(), config.flow()));
            started.complete(this);
        });
        return started;
    }

    /** The bound port (useful with port 0); throws {@link IllegalStateException} before {@link #start()} completed. */
    public int port() {
        return localAddress().getPort();
    }

    /** The bound address; throws {@link IllegalStateException} before {@link #start()} completed. */
    public InetSocketAddress localAddress() {
        ListenerSocket s = socket;
        @Nullable InetSocketAddress bound = s == null ? null : s.localAddress();
        if (bound == null) {
            throw new IllegalStateException("not listening yet: start() has not completed");
        }
        return bound;
    }

    /** The transport in use, "epoll" or "nio". */
    public String transport() {
        return transport.name();
    }

    /** The session settings every accepted connection uses. */
    public SessionConfig config() {
        return config;
    }

    /** The limits over all sessions of this listener. */
    public ListenerLimits limits() {
        return limits;
    }

    /** The TLS and SASL this listener offers, shortcuts merged in. */
    public ListenerSecurity security() {
        return securityConfig;
    }

    /** True when every connection must start with a PROXY protocol header. */
    public boolean proxyProtocol() {
        return proxyProtocol;
    }

    /** The sessions currently open. */
    public List<BeepSession> sessions() {
        ListenerSocket s = socket;
        return s == null ? List.of() : s.sessions();
    }

    /**
     * Octets all sessions hold for their peers now, against {@link ListenerLimits#memoryBudget()} (0 before
     * {@link #start()}).
     */
    public long memoryHeld() {
        ListenerSocket s = socket;
        return s == null ? 0 : s.memory().held();
    }

    /** True while new sessions are refused with ERR 421 because the sessions hold more than the listener's budget. */
    public boolean refusingSessions() {
        ListenerSocket s = socket;
        return s != null && s.memory().over();
    }

    /** How many sessions were terminated so far to bring the listener back under its memory budget. */
    public int sessionsShed() {
        ListenerSocket s = socket;
        return s == null ? 0 : s.memory().shedCount();
    }

    /**
     * Closes the listener without waiting: stops accepting, asks every session to release (RFC 3080 §2.3.1.3),
     * waits up to {@code grace} for them, ends those still open, then stops the event loops this server owns (not
     * shared {@link BeepResources}). The future completes when all that is done; it never fails. Idempotent: later
     * calls return the first close's outcome. Safe from any thread, an event loop or a callback included.
     */
    public CompletableFuture<@Nullable Void> closeAsync(Duration grace) {
        Objects.requireNonNull(grace, "grace");
        CompletableFuture<@Nullable Void> mine = new CompletableFuture<>();
        if (!closing.compareAndSet(null, mine)) {
            return Objects.requireNonNull(closing.get()).copy();
        }
        ListenerSocket s = socket;
        if (s == null) {
            mine.complete(null); // never started: nothing to take down
        } else {
            s.close(grace).whenComplete((v, e) -> mine.complete(null));
        }
        return mine.copy();
    }

    /** {@link #closeAsync(Duration)} with a grace period of 5 seconds. */
    public CompletableFuture<@Nullable Void> closeAsync() {
        return closeAsync(DEFAULT_CLOSE_GRACE);
    }

    /**
     * As {@link #closeAsync(Duration)}, waiting for it to finish; except on one of beepkit's event loops or inside a
     * beepkit callback, where it only starts the close and returns (waiting there could wait for the very thread that
     * waits). Use {@link #closeAsync(Duration)} to learn when such a close is done.
     */
    public void close(Duration grace) {
        CompletableFuture<@Nullable Void> done = closeAsync(grace);
        ListenerSocket s = socket;
        if (!LibraryThreads.mustNotBlock() && !(s != null && s.inLoop())) {
            done.join();
        }
    }

    /** {@link #close(Duration)} with a grace period of 5 seconds. */
    @Override
    public void close() {
        close(DEFAULT_CLOSE_GRACE);
    }

    /**
     * A new registry with the profiles a listener offers unless told otherwise: echo, and a {@link DiscardingSink}
     * as sink, which drops what it receives without copying it.
     *
     * @return a registry of its own, which the caller may add to
     */
    public static ProfileRegistry defaultProfiles() {
        return StandardProfiles.registerDefaults(new ProfileRegistry())
                .register(StandardProfiles.SINK, new DiscardingSink());
    }

    /**
     * Builds a {@link BeepServer}. Echo and sink profiles are registered unless {@link #noDefaultProfiles()}; the sink
     * is a {@link DiscardingSink}, which drops what it receives without copying it. The shortcuts ({@link #tls},
     * {@link #tlsRequired()}, {@link #sasl}, {@link #tuning}) and the groups ({@link #security}, {@link #session})
     * may come in any order: {@link #build()} merges them, and fails naming both settings where they disagree.
     */
    public static final class Builder {
        private String host = DEFAULT_HOST;
        private int port = DEFAULT_PORT;
        private @Nullable SessionConfig session;
        private @Nullable SocketTuning tuning;
        private ListenerLimits limits = ListenerLimits.defaults();
        private @Nullable ListenerSecurity security;
        private @Nullable TlsConfig tls;
        private boolean tlsRequired;
        private @Nullable SaslListenerConfig sasl;
        private boolean proxyProtocol;
        private ProfileRegistry registry = defaultProfiles();
        private Consumer<BeepSession> onSession = s -> { };
        private @Nullable BeepResources resources;

        /** The address to listen on (default 127.0.0.1:10288; port 0 picks a free one). */
        public Builder bind(String host, int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port out of range 0..65535: " + port);
            }
            this.host = host;
            this.port = port;
            return this;
        }

        /** Session settings (default: {@link SessionConfig#defaults()}). */
        public Builder session(SessionConfig v) { session = Objects.requireNonNull(v, "session"); return this; }

        /**
         * The socket options and flow settings of a preset (default: {@link SocketTuning#DEFAULT}). With
         * {@link #session} too, the session's socket and flow settings must be the defaults or the tuning's own, or
         * {@link #build()} fails.
         */
        public Builder tuning(SocketTuning v) { tuning = Objects.requireNonNull(v, "tuning"); return this; }

        /** Limits over all sessions of the listener (default: {@link ListenerLimits#defaults()}). */
        public Builder limits(ListenerLimits v) { limits = Objects.requireNonNull(v, "limits"); return this; }

        /** TLS and SASL (default: {@link ListenerSecurity#NONE}); merged with the shortcuts at {@link #build()}. */
        public Builder security(ListenerSecurity v) { security = Objects.requireNonNull(v, "security"); return this; }

        /** Offers TLS (RFC 3080 §3.1) with {@code tls}, which must hold the listener's certificate. */
        public Builder tls(TlsConfig v) { tls = Objects.requireNonNull(v, "tls"); return this; }

        /** Refuses every other profile with 538 until TLS is established; needs TLS by {@link #tls} or security. */
        public Builder tlsRequired() { this.tlsRequired = true; return this; }

        /** Offers SASL (RFC 3080 §4): the mechanisms of {@code sasl}, checked by its authenticator. */
        public Builder sasl(SaslListenerConfig v) { sasl = Objects.requireNonNull(v, "sasl"); return this; }

        /**
         * Expects a PROXY protocol header (v1 or v2) before every greeting (default: false); the client's address in
         * it becomes {@link BeepSession#remoteAddress()}. Only behind a balancer that always sends it: anyone
         * reaching the listener directly could claim any address ({@code docs/reliability.md}).
         */
        public Builder proxyProtocol(boolean on) { this.proxyProtocol = on; return this; }

        /** Registers the handler (message or streaming) of the profile {@code uri}, offered in our greeting. */
        public Builder profile(String uri, ProfileHandler handler) { registry.register(uri, handler); return this; }

        /** As {@link #profile(String, ProfileHandler)}; lets a lambda {@code (message, responder) -> ...} stand in. */
        public Builder profile(String uri, io.beepkit.api.MessageHandler handler) {
            return profile(uri, (ProfileHandler) handler);
        }

        /** Replaces the registry (the defaults included). */
        public Builder profiles(ProfileRegistry registry) { this.registry = registry; return this; }

        /** Drops the default echo and sink profiles (and any registered so far). */
        public Builder noDefaultProfiles() { this.registry = new ProfileRegistry(); return this; }

        /** Called on the callback executor for every session once greetings are exchanged. */
        public Builder onSession(Consumer<BeepSession> onSession) { this.onSession = onSession; return this; }

        /**
         * Runs the listener on shared threads, transport and callback executor; closing the server leaves them
         * running. Null (the default) for threads of its own with the defaults of {@link BeepResources}.
         */
        public Builder resources(@Nullable BeepResources resources) { this.resources = resources; return this; }

        /**
         * The listener, not yet bound: call {@link BeepServer#start()}.
         *
         * @throws IllegalArgumentException naming both settings where a shortcut and a group disagree
         */
        public BeepServer build() {
            return new BeepServer(this);
        }
    }
}
