package io.beepkit.netty;

import io.beepkit.api.BeepObserver;
import io.beepkit.api.BeepSession;
import io.beepkit.api.CloseDecision;
import io.beepkit.core.mgmt.ManagementLimits;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Session settings shared by {@link BeepServer} and {@link BeepClient}. Immutable; build with {@link #builder()}.
 */
public final class BeepConfig {
    private final BeepSettings settings;

    /** Takes the builder's settings and checks them ({@link BeepConfigChecks}). */
    private BeepConfig(Builder b) {
        this.settings = BeepSettings.of(b);
        BeepConfigChecks.check(this);
    }

    /** Socket options and windows. */
    public SocketProfile socketProfile() {
        return settings.socketProfile();
    }

    /** The largest message or reply we assemble (octets, MIME headers included). */
    public int maxMessageSize() {
        return settings.maxMessageSize();
    }

    /** The most channels open at once per session (channel 0 excluded). */
    public int maxChannels() {
        return settings.maxChannels();
    }

    /** The most MSGs awaiting replies per channel and direction. */
    public int maxOutstanding() {
        return settings.maxOutstanding();
    }

    /**
     * Where application callbacks and future completions run, serially per session; null for the library's shared
     * daemon pool.
     */
    public @Nullable Executor callbackExecutor() {
        return settings.callbackExecutor();
    }

    /** How long the encoder may hold back a tail fragment waiting for the peer's SEQ. */
    public Duration tailWait() {
        return settings.tailWait();
    }

    /** Our greeting's features attribute, or null. */
    public @Nullable String features() {
        return settings.features();
    }

    /** Our greeting's localize attribute, or null for i-default. */
    public @Nullable String localize() {
        return settings.localize();
    }

    /** Use native epoll when it is available. */
    public boolean nativeTransport() {
        return settings.nativeTransport();
    }

    /**
     * Receives one line per frame in either direction ({@code <- MSG 1 0 . 0 12}, {@code -> SEQ 1 12 4096}), for
     * debugging tools; null (the default) installs no tracing.
     */
    public @Nullable Consumer<String> frameTracer() {
        return settings.frameTracer();
    }

    /**
     * Decides on the peer's request to release the session (RFC 3080 §2.3.1.3, close of channel 0) once no channel has
     * messages in progress; null (the default) accepts.
     */
    public @Nullable Function<BeepSession, CloseDecision> releaseHandler() {
        return settings.releaseHandler();
    }

    /**
     * Run application callbacks on the event loop instead of the callback executor: for handlers and listeners that
     * never block; saves two thread hops per exchange.
     */
    public boolean directCallbacks() {
        return settings.directCallbacks();
    }

    /**
     * How long a due SEQ may wait to leave with the reply or MSG that follows it on its channel (one TCP segment
     * instead of two); zero sends every SEQ at once.
     */
    public Duration seqDelay() {
        return settings.seqDelay();
    }

    /**
     * Receives session, channel, message and flow-control events on the event loop, for metrics; {@link
     * BeepObserver#NOOP} by default.
     */
    public BeepObserver observer() {
        return settings.observer();
    }

    /** How long a connection may take to deliver its complete greeting before it is closed. */
    public Duration greetingTimeout() {
        return settings.greetingTimeout();
    }

    /** The most octets (framing included) a peer may send before its greeting is complete. */
    public int maxGreetingSize() {
        return settings.maxGreetingSize();
    }

    /** Close a session after this long without an octet sent or received; zero for never. */
    public Duration idleTimeout() {
        return settings.idleTimeout();
    }

    /** The most connections a {@link BeepServer} holds at once; more are closed on accept. */
    public int maxSessions() {
        return settings.maxSessions();
    }

    /**
     * The most connections a {@link BeepServer} holds at once from one remote IP address (the client's address from
     * the PROXY protocol header when {@link #proxyProtocol()} is on); 0, the default, for no such limit.
     */
    public int maxSessionsPerAddress() {
        return settings.maxSessionsPerAddress();
    }

    /** TLS and SASL ({@link SecurityConfig#NONE}, the default, for a session in clear). */
    public SecurityConfig security() {
        return settings.security();
    }

    /**
     * The most octets one session may hold for its peer (assembled MSGs, delivered MSGs the handler has not returned
     * from, replies not yet written, and each MSG awaiting its reply at a fixed cost) before it stops reading from the
     * peer.
     */
    public long memoryBudget() {
        return settings.memoryBudget();
    }

    /** How long a session may stay over its memory budget before it is terminated. */
    public Duration memoryBudgetTimeout() {
        return settings.memoryBudgetTimeout();
    }

    /**
     * The most octets all sessions of a {@link BeepServer} together may hold for their peers before it refuses new
     * sessions (ERR 421) and sheds the session holding the most.
     */
    public long listenerMemoryBudget() {
        return settings.listenerMemoryBudget();
    }

    /**
     * How long a start or close request may wait for its answer: ours for the peer's reply (then the session is
     * terminated), the peer's for our application's decision (then it is refused with ERR 451).
     */
    public Duration channelRequestTimeout() {
        return settings.channelRequestTimeout();
    }

    /**
     * The most channel starts a peer may request per second on one session; more are refused with ERR 421, and a peer
     * that keeps on is terminated.
     */
    public int maxStartsPerSecond() {
        return settings.maxStartsPerSecond();
    }

    /**
     * The most frames one session's read may hand on in one event-loop turn; the rest waits, undecoded and with the
     * socket not read, for a later turn, so other sessions on the loop are served between (docs/architecture.md,
     * "Fair turns").
     */
    public int maxFramesPerTurn() {
        return settings.maxFramesPerTurn();
    }

    /** The most frame payload octets one session's read may hand on in one event-loop turn (see maxFramesPerTurn). */
    public int maxOctetsPerTurn() {
        return settings.maxOctetsPerTurn();
    }

    /** The most channel-0 requests (starts, closes) one session's read may have parsed in one event-loop turn. */
    public int maxStartsPerTurn() {
        return settings.maxStartsPerTurn();
    }

    /**
     * The deadline of every send whose {@link io.beepkit.api.SendOptions} give none, or null for none (the default).
     * A missed deadline gives up the channel, as {@link io.beepkit.api.MessageSender} describes.
     */
    public @Nullable Duration replyTimeout() {
        return settings.replyTimeout();
    }

    /**
     * TCP keep-alive for every connection of the session's client or server, or null to leave SO_KEEPALIVE off
     * (the default).
     */
    public @Nullable TcpKeepAlive tcpKeepAlive() {
        return settings.tcpKeepAlive();
    }

    /** The BEEP-level liveness probe of quiet sessions, or null for none (the default). */
    public @Nullable LivenessProbe livenessProbe() {
        return settings.livenessProbe();
    }

    /** Default largest assembled message or reply: 16 MiB. */
    public static final int DEFAULT_MAX_MESSAGE_SIZE = 16 * 1024 * 1024;
    /**
     * Whether a {@link BeepServer} expects a PROXY protocol header (version 1 or 2, as sent by HAProxy, cloud load
     * balancers and sidecars) before the greeting of every connection, and takes the client's address from it.
     */
    public boolean proxyProtocol() {
        return settings.proxyProtocol();
    }

    /** Default most channels open at once per session. */
    public static final int DEFAULT_MAX_CHANNELS = 1024;
    /** Default most MSGs awaiting replies per channel and direction. */
    public static final int DEFAULT_MAX_OUTSTANDING = 4096;
    /** Default longest wait of a due SEQ for the reply or MSG it can ride with: 5 ms. */
    public static final Duration DEFAULT_SEQ_DELAY = Duration.ofMillis(5);
    /** The longest {@code seqDelay} accepted: a peer waiting on its window must not wait longer. */
    public static final Duration MAX_SEQ_DELAY = Duration.ofMillis(200);

    /** Default time a connection has to deliver its greeting: 15 seconds. */
    public static final Duration DEFAULT_GREETING_TIMEOUT = Duration.ofSeconds(15);
    /** Default most octets before the greeting is complete: 64 KiB, as the channel-0 parser's greeting limit. */
    public static final int DEFAULT_MAX_GREETING_SIZE = ManagementLimits.DEFAULT_MAX_GREETING_OCTETS;
    /** Default idle timeout: zero, never (an idle BEEP session is legitimate; see docs/reliability.md). */
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ZERO;
    /** Default most connections per listener. */
    public static final int DEFAULT_MAX_SESSIONS = 10_000;
    /**
     * Default most connections per listener from one remote address: 0, no such limit (behind a balancer, NAT or
     * sidecar every session comes from one address); {@link #DEFAULT_MAX_SESSIONS} and the memory budgets still apply.
     */
    public static final int DEFAULT_MAX_SESSIONS_PER_ADDRESS = 0;
    /** Default memory budget per session: 16 MiB. */
    public static final long DEFAULT_MEMORY_BUDGET = 16L * 1024 * 1024;
    /** The smallest memory budget accepted: 64 KiB, so one ordinary exchange never pauses a session. */
    public static final long MIN_MEMORY_BUDGET = 64L * 1024;
    /** Default time a session may stay over its memory budget before it is terminated: 30 seconds. */
    public static final Duration DEFAULT_MEMORY_BUDGET_TIMEOUT = Duration.ofSeconds(30);
    /** Default time a start or close request waits for its answer: 30 seconds. */
    public static final Duration DEFAULT_CHANNEL_REQUEST_TIMEOUT = Duration.ofSeconds(30);
    /** Default most channel starts a peer may request per second on one session. */
    public static final int DEFAULT_MAX_STARTS_PER_SECOND = 100;
    /** Default most frames one session's read hands on per event-loop turn. */
    public static final int DEFAULT_MAX_FRAMES_PER_TURN = 256;
    /** Default most frame payload octets one session's read hands on per event-loop turn: 256 KiB. */
    public static final int DEFAULT_MAX_OCTETS_PER_TURN = 256 * 1024;
    /** Default most channel-0 requests parsed for one session per event-loop turn. */
    public static final int DEFAULT_MAX_STARTS_PER_TURN = 16;

    /**
     * The default memory budget shared by a listener's sessions: a quarter of the JVM's maximum heap (what is not
     * counted, the collector's headroom and the application's own data, needs the rest), at least
     * {@link #MIN_MEMORY_BUDGET}.
     */
    public static long defaultListenerMemoryBudget() {
        return Math.max(MIN_MEMORY_BUDGET, Runtime.getRuntime().maxMemory() / 4);
    }

    /** The defaults: {@link SocketProfile#DEFAULT} and the default limits. */
    public static BeepConfig defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these settings. */
    public Builder toBuilder() {
        Builder b = new Builder();
        settings.copyInto(b);
        return b;
    }

    /** Builds a {@link BeepConfig}. */
    public static final class Builder {
        SocketProfile socketProfile = SocketProfile.DEFAULT;
        int maxMessageSize = DEFAULT_MAX_MESSAGE_SIZE;
        int maxChannels = DEFAULT_MAX_CHANNELS;
        int maxOutstanding = DEFAULT_MAX_OUTSTANDING;
        @Nullable Executor callbackExecutor;
        Duration tailWait = Duration.ofMillis(20);
        @Nullable String features;
        @Nullable String localize;
        boolean nativeTransport = true;
        @Nullable Consumer<String> frameTracer;
        @Nullable Function<BeepSession, CloseDecision> releaseHandler;
        boolean directCallbacks;
        Duration seqDelay = DEFAULT_SEQ_DELAY;
        BeepObserver observer = BeepObserver.NOOP;
        Duration greetingTimeout = DEFAULT_GREETING_TIMEOUT;
        int maxGreetingSize = DEFAULT_MAX_GREETING_SIZE;
        Duration idleTimeout = DEFAULT_IDLE_TIMEOUT;
        int maxSessions = DEFAULT_MAX_SESSIONS;
        int maxSessionsPerAddress = DEFAULT_MAX_SESSIONS_PER_ADDRESS;
        SecurityConfig security = SecurityConfig.NONE;
        long memoryBudget = DEFAULT_MEMORY_BUDGET;
        Duration memoryBudgetTimeout = DEFAULT_MEMORY_BUDGET_TIMEOUT;
        long listenerMemoryBudget = defaultListenerMemoryBudget();
        Duration channelRequestTimeout = DEFAULT_CHANNEL_REQUEST_TIMEOUT;
        int maxStartsPerSecond = DEFAULT_MAX_STARTS_PER_SECOND;
        int maxFramesPerTurn = DEFAULT_MAX_FRAMES_PER_TURN;
        int maxOctetsPerTurn = DEFAULT_MAX_OCTETS_PER_TURN;
        int maxStartsPerTurn = DEFAULT_MAX_STARTS_PER_TURN;
        boolean proxyProtocol;
        @Nullable Duration replyTimeout;
        @Nullable TcpKeepAlive tcpKeepAlive;
        @Nullable LivenessProbe livenessProbe;

        /** Socket options and windows (default: {@link SocketProfile#DEFAULT}). */
        public Builder socketProfile(SocketProfile v) { socketProfile = v; return this; }
        /** Largest message or reply assembled, in octets (default: 16 MiB). */
        public Builder maxMessageSize(int v) { maxMessageSize = v; return this; }
        /** Most channels open at once per session (default: 1024). */
        public Builder maxChannels(int v) { maxChannels = v; return this; }
        /** Most MSGs awaiting replies per channel and direction (default: 4096). */
        public Builder maxOutstanding(int v) { maxOutstanding = v; return this; }
        /** Where callbacks run, serially per session (default: null, the library's shared daemon pool). */
        public Builder callbackExecutor(@Nullable Executor v) { callbackExecutor = v; return this; }
        /** How long a tail fragment may wait for the peer's SEQ before it is sent anyway (default: 20 ms). */
        public Builder tailWait(Duration v) { tailWait = v; return this; }
        /** Our greeting's features attribute (default: none). */
        public Builder features(@Nullable String v) { features = v; return this; }
        /** Our greeting's localize attribute (default: none, meaning i-default). */
        public Builder localize(@Nullable String v) { localize = v; return this; }
        /** Use native epoll when available (default: true); false forces NIO. */
        public Builder nativeTransport(boolean v) { nativeTransport = v; return this; }
        /** Traces every frame sent and received, one line each; null to disable (the default). */
        public Builder frameTracer(@Nullable Consumer<String> v) { frameTracer = v; return this; }
        /**
         * Decides on the peer's release requests: return {@link CloseDecision#refuse(int, String)} to keep the
         * session up (answered with ERR), or accept. Runs on the callback executor. Default: null, always accept.
         */
        public Builder releaseHandler(@Nullable Function<BeepSession, CloseDecision> v) {
            releaseHandler = v;
            return this;
        }
        /** How long a connection may take to deliver its complete greeting (default: 15 s). */
        public Builder greetingTimeout(Duration v) { greetingTimeout = v; return this; }
        /** Most octets, framing included, a peer may send before its greeting is complete (default: 64 KiB). */
        public Builder maxGreetingSize(int v) { maxGreetingSize = v; return this; }
        /** Close a session after this long with no octet either way; zero for never (the default). */
        public Builder idleTimeout(Duration v) { idleTimeout = v; return this; }
        /** Most connections one listener holds at once (default: 10 000); only {@link BeepServer} uses it. */
        public Builder maxSessions(int v) { maxSessions = v; return this; }
        /**
         * Most connections one listener holds at once from one IP address (default: 0, no limit: behind a balancer
         * every connection comes from its address); with {@link #proxyProtocol(boolean)} the client's address counts.
         */
        public Builder maxSessionsPerAddress(int v) { maxSessionsPerAddress = v; return this; }
        /**
         * Most octets one session may hold for its peer before it stops reading from it (default: 16 MiB, at least
         * 64 KiB); reading resumes below half of it.
         */
        public Builder memoryBudget(long v) { memoryBudget = v; return this; }
        /** How long a session may stay over its memory budget before it is terminated (default: 30 s). */
        public Builder memoryBudgetTimeout(Duration v) { memoryBudgetTimeout = v; return this; }
        /**
         * Most octets all sessions of a {@link BeepServer} together may hold for their peers (default: a quarter of
         * the maximum heap, at least 64 KiB); over it new sessions get ERR 421 and the session holding the most is shed.
         */
        public Builder listenerMemoryBudget(long v) { listenerMemoryBudget = v; return this; }
        /**
         * How long a start or close request waits for its answer (default: 30 s): ours for the peer's reply, then
         * the session is terminated; the peer's for our application's decision, then it is refused with ERR 451.
         */
        public Builder channelRequestTimeout(Duration v) { channelRequestTimeout = v; return this; }
        /** Most channel starts a peer may request per second on one session (default: 100). */
        public Builder maxStartsPerSecond(int v) { maxStartsPerSecond = v; return this; }
        /**
         * Most frames one session's read hands on per event-loop turn (default: 256, at least 1); the rest is
         * decoded on a later turn, after the loop has served its other sessions, and the socket is not read meanwhile.
         */
        public Builder maxFramesPerTurn(int v) { maxFramesPerTurn = v; return this; }
        /** Most frame payload octets one session's read hands on per event-loop turn (default: 256 KiB, at least 1). */
        public Builder maxOctetsPerTurn(int v) { maxOctetsPerTurn = v; return this; }
        /**
         * Most channel-0 requests (start, close) parsed for one session per event-loop turn (default: 16, at least
         * 1); a start over {@link #maxStartsPerSecond} is refused before it is parsed and counts too.
         */
        public Builder maxStartsPerTurn(int v) { maxStartsPerTurn = v; return this; }
        /**
         * Expects a PROXY protocol header, version 1 or 2, before the greeting of every connection a {@link
         * BeepServer} accepts (default: false). The client's address from the header becomes the session's {@link
         * BeepSession#remoteAddress()} and counts for the per-address limit; a LOCAL header (a balancer's health
         * check) keeps the socket's address. A connection without a valid header within the greeting timeout is
         * closed. Turn it on only behind a balancer that always sends the header: anyone who can reach the listener
         * directly could claim any address.
         */
        public Builder proxyProtocol(boolean v) { proxyProtocol = v; return this; }
        /**
         * The deadline of a send whose {@code SendOptions} give none (default: null, none); a missed deadline fails
         * the send with {@link io.beepkit.api.ReplyTimeoutException} and gives up its channel.
         */
        public Builder replyTimeout(@Nullable Duration v) { replyTimeout = v; return this; }
        /**
         * TCP keep-alive on every connection (default: null, SO_KEEPALIVE off): a peer that vanished without FIN or
         * RST is then detected within {@link TcpKeepAlive#detectionBound()} of the connection going quiet.
         */
        public Builder tcpKeepAlive(@Nullable TcpKeepAlive v) { tcpKeepAlive = v; return this; }
        /**
         * Probes a session that received nothing for a while with a start request the peer must refuse, and
         * terminates it when the answer does not come in time (default: null, no probe); see {@link LivenessProbe}.
         */
        public Builder livenessProbe(@Nullable LivenessProbe v) { livenessProbe = v; return this; }

        /**
         * Runs application callbacks (profile handlers, reply listeners, future completions) on the event loop
         * (default: false). Only for code that never blocks: a blocked callback stalls every session of that loop.
         */
        public Builder directCallbacks(boolean v) { directCallbacks = v; return this; }
        /**
         * How long a due SEQ may wait to leave with the reply or MSG that follows it on its channel (default 5 ms,
         * at most 200 ms; zero sends every SEQ at once).
         */
        public Builder seqDelay(Duration v) { seqDelay = v; return this; }
        /**
         * Receives the events of every session for metrics, on the event loop (default: {@link BeepObserver#NOOP}).
         * It must be cheap and must not block; what it throws is caught and logged once.
         */
        public Builder observer(BeepObserver v) { observer = v; return this; }
        /** TLS and SASL (default: {@link SecurityConfig#NONE}). */
        public Builder security(SecurityConfig v) { security = v; return this; }

        /** The settings, checked. */
        public BeepConfig build() {
            return new BeepConfig(this);
        }
    }

    /**
     * Equal when every setting is: values by value, the executor, tracer, release handler and observer by identity
     * (as the objects they are).
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof BeepConfig that && settings.equals(that.settings);
    }

    @Override
    public int hashCode() {
        return settings.hashCode();
    }

    /** Every setting by name, as {@code BeepConfig[socketProfile=..., maxMessageSize=..., ...]}. */
    @Override
    public String toString() {
        return "BeepConfig" + settings.toString().substring("BeepSettings".length());
    }
}
