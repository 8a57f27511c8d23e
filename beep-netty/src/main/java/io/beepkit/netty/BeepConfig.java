package io.beepkit.netty;

import io.beepkit.api.BeepSession;
import io.beepkit.api.CloseDecision;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Session settings shared by {@link BeepServer} and {@link BeepClient}. Immutable; build with {@link #builder()}.
 *
 * @param socketProfile       socket options and windows
 * @param maxMessageSize      the largest message or reply we assemble (octets, MIME headers included)
 * @param maxChannels         the most channels open at once per session (channel 0 excluded)
 * @param maxOutstanding      the most MSGs awaiting replies per channel and direction
 * @param callbackExecutor    where application callbacks and future completions run, serially per session; null
 *                            for the library's shared daemon pool
 * @param tailWait            how long the encoder may hold back a tail fragment waiting for the peer's SEQ
 * @param features            our greeting's features attribute, or null
 * @param localize            our greeting's localize attribute, or null for i-default
 * @param nativeTransport     use native epoll when it is available
 * @param frameTracer         receives one line per frame in either direction ({@code <- MSG 1 0 . 0 12},
 *                            {@code -> SEQ 1 12 4096}), for debugging tools; null (the default) installs no tracing
 * @param releaseHandler      decides on the peer's request to release the session (RFC 3080 §2.3.1.3, close of
 *                            channel 0) once no channel has messages in progress; null (the default) accepts
 * @param directCallbacks     run application callbacks on the event loop instead of the callback executor: for
 *                            handlers and listeners that never block; saves two thread hops per exchange
 * @param seqDelay            how long a due SEQ may wait to leave with the reply or MSG that follows it on its
 *                            channel (one TCP segment instead of two); zero sends every SEQ at once
 * @param security            TLS and SASL ({@link SecurityConfig#NONE}, the default, for a session in clear)
 */
public record BeepConfig(SocketProfile socketProfile, int maxMessageSize, int maxChannels, int maxOutstanding,
                         Executor callbackExecutor, Duration tailWait, String features, String localize,
                         boolean nativeTransport, Consumer<String> frameTracer,
                         Function<BeepSession, CloseDecision> releaseHandler, boolean directCallbacks,
                         Duration seqDelay, SecurityConfig security) {

    /** Default largest assembled message or reply: 16 MiB. */
    public static final int DEFAULT_MAX_MESSAGE_SIZE = 16 * 1024 * 1024;
    /** Default most channels open at once per session. */
    public static final int DEFAULT_MAX_CHANNELS = 1024;
    /** Default most MSGs awaiting replies per channel and direction. */
    public static final int DEFAULT_MAX_OUTSTANDING = 4096;
    /** Default longest wait of a due SEQ for the reply or MSG it can ride with: 5 ms. */
    public static final Duration DEFAULT_SEQ_DELAY = Duration.ofMillis(5);
    /** The longest {@code seqDelay} accepted: a peer waiting on its window must not wait longer. */
    public static final Duration MAX_SEQ_DELAY = Duration.ofMillis(200);

    /** Checks the limits (each at least 1) and that the profile, tail wait and security settings are present. */
    public BeepConfig {
        Objects.requireNonNull(socketProfile, "socketProfile");
        Objects.requireNonNull(tailWait, "tailWait");
        Objects.requireNonNull(seqDelay, "seqDelay");
        Objects.requireNonNull(security, "security");
        if (seqDelay.isNegative() || seqDelay.compareTo(MAX_SEQ_DELAY) > 0) {
            throw new IllegalArgumentException("seqDelay must be between 0 and " + MAX_SEQ_DELAY.toMillis()
                    + " ms: " + seqDelay);
        }
        if (maxMessageSize < 1) {
            throw new IllegalArgumentException("maxMessageSize must be >= 1: " + maxMessageSize);
        }
        if (maxChannels < 1) {
            throw new IllegalArgumentException("maxChannels must be >= 1: " + maxChannels);
        }
        if (maxOutstanding < 1) {
            throw new IllegalArgumentException("maxOutstanding must be >= 1: " + maxOutstanding);
        }
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
        b.socketProfile = socketProfile;
        b.maxMessageSize = maxMessageSize;
        b.maxChannels = maxChannels;
        b.maxOutstanding = maxOutstanding;
        b.callbackExecutor = callbackExecutor;
        b.tailWait = tailWait;
        b.features = features;
        b.localize = localize;
        b.nativeTransport = nativeTransport;
        b.frameTracer = frameTracer;
        b.releaseHandler = releaseHandler;
        b.directCallbacks = directCallbacks;
        b.seqDelay = seqDelay;
        b.security = security;
        return b;
    }

    /** Builds a {@link BeepConfig}. */
    public static final class Builder {
        private SocketProfile socketProfile = SocketProfile.DEFAULT;
        private int maxMessageSize = DEFAULT_MAX_MESSAGE_SIZE;
        private int maxChannels = DEFAULT_MAX_CHANNELS;
        private int maxOutstanding = DEFAULT_MAX_OUTSTANDING;
        private Executor callbackExecutor;
        private Duration tailWait = Duration.ofMillis(20);
        private String features;
        private String localize;
        private boolean nativeTransport = true;
        private Consumer<String> frameTracer;
        private Function<BeepSession, CloseDecision> releaseHandler;
        private boolean directCallbacks;
        private Duration seqDelay = DEFAULT_SEQ_DELAY;
        private SecurityConfig security = SecurityConfig.NONE;

        /** Socket options and windows (default: {@link SocketProfile#DEFAULT}). */
        public Builder socketProfile(SocketProfile v) { socketProfile = v; return this; }
        /** Largest message or reply assembled, in octets (default: 16 MiB). */
        public Builder maxMessageSize(int v) { maxMessageSize = v; return this; }
        /** Most channels open at once per session (default: 1024). */
        public Builder maxChannels(int v) { maxChannels = v; return this; }
        /** Most MSGs awaiting replies per channel and direction (default: 4096). */
        public Builder maxOutstanding(int v) { maxOutstanding = v; return this; }
        /** Where callbacks run, serially per session (default: null, the library's shared daemon pool). */
        public Builder callbackExecutor(Executor v) { callbackExecutor = v; return this; }
        /** How long a tail fragment may wait for the peer's SEQ before it is sent anyway (default: 20 ms). */
        public Builder tailWait(Duration v) { tailWait = v; return this; }
        /** Our greeting's features attribute (default: none). */
        public Builder features(String v) { features = v; return this; }
        /** Our greeting's localize attribute (default: none, meaning i-default). */
        public Builder localize(String v) { localize = v; return this; }
        /** Use native epoll when available (default: true); false forces NIO. */
        public Builder nativeTransport(boolean v) { nativeTransport = v; return this; }
        /** Traces every frame sent and received, one line each; null to disable (the default). */
        public Builder frameTracer(Consumer<String> v) { frameTracer = v; return this; }
        /**
         * Decides on the peer's release requests: return {@link CloseDecision#decline(int, String)} to keep the
         * session up (answered with ERR), or accept. Runs on the callback executor. Default: null, always accept.
         */
        public Builder releaseHandler(Function<BeepSession, CloseDecision> v) { releaseHandler = v; return this; }

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
        /** TLS and SASL (default: {@link SecurityConfig#NONE}). */
        public Builder security(SecurityConfig v) { security = v; return this; }

        /** The settings, checked. */
        public BeepConfig build() {
            return new BeepConfig(socketProfile, maxMessageSize, maxChannels, maxOutstanding, callbackExecutor,
                    tailWait, features, localize, nativeTransport, frameTracer, releaseHandler, directCallbacks,
                    seqDelay, security);
        }
    }
}
