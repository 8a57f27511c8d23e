package io.beepkit.netty;

import io.beepkit.api.BeepObserver;
import io.beepkit.api.BeepSession;
import io.beepkit.api.CloseDecision;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The settings of a session, shared by {@link BeepServer} and {@link BeepClient}: its {@link SocketOptions},
 * {@link FlowSettings} and {@link SessionLimits}, the default deadline of a send, and the greeting, liveness, tracing
 * and observation hooks. What only a listener has is on the server's builder ({@link ListenerLimits},
 * {@link ListenerSecurity}); threads live in {@link BeepResources}. Immutable; build with {@link #builder()}.
 */
public final class SessionConfig {
    private static final SessionConfig DEFAULTS = builder().build();

    private final SocketOptions socket;
    private final FlowSettings flow;
    private final SessionLimits limits;
    private final @Nullable Duration defaultDeadline;
    private final @Nullable LivenessProbe livenessProbe;
    private final @Nullable String features;
    private final @Nullable String localize;
    private final @Nullable Consumer<String> frameTracer;
    private final @Nullable Function<BeepSession, CloseDecision> releaseHandler;
    private final BeepObserver observer;

    private SessionConfig(Builder b) {
        this.socket = SettingChecks.present("socket", b.socket);
        this.flow = SettingChecks.present("flow", b.flow);
        this.limits = SettingChecks.present("limits", b.limits);
        this.observer = SettingChecks.present("observer", b.observer);
        if (b.defaultDeadline != null) {
            SettingChecks.positive("defaultDeadline", b.defaultDeadline);
        }
        this.defaultDeadline = b.defaultDeadline;
        this.livenessProbe = b.livenessProbe;
        this.features = b.features;
        this.localize = b.localize;
        this.frameTracer = b.frameTracer;
        this.releaseHandler = b.releaseHandler;
    }

    /** The defaults: {@link SocketTuning#DEFAULT}, the default limits, no deadline, no hooks. */
    public static SessionConfig defaults() {
        return DEFAULTS;
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these settings. */
    public Builder toBuilder() {
        return new Builder().socket(socket).flow(flow).limits(limits).defaultDeadline(defaultDeadline)
                .livenessProbe(livenessProbe).features(features).localize(localize).frameTracer(frameTracer)
                .releaseHandler(releaseHandler).observer(observer);
    }

    /** The TCP options of the session's socket. */
    public SocketOptions socket() { return socket; }
    /** Windows, frame sizes, tail wait and SEQ delay. */
    public FlowSettings flow() { return flow; }
    /** What the peer may make the session hold or do. */
    public SessionLimits limits() { return limits; }
    /**
     * The deadline of a send whose options give none, or null for none (the default). A missed deadline fails the
     * send with {@link io.beepkit.api.ReplyTimeoutException} and gives up its channel.
     */
    public @Nullable Duration defaultDeadline() { return defaultDeadline; }
    /** The BEEP-level liveness probe of quiet sessions, or null for none (the default). */
    public @Nullable LivenessProbe livenessProbe() { return livenessProbe; }
    /** Our greeting's features attribute, or null. */
    public @Nullable String features() { return features; }
    /** Our greeting's localize attribute, or null for i-default. */
    public @Nullable String localize() { return localize; }
    /** Receives one line per frame either way ({@code <- MSG 1 0 . 0 12}), for debugging tools; or null. */
    public @Nullable Consumer<String> frameTracer() { return frameTracer; }
    /** Decides on the peer's request to release the session (RFC 3080 §2.3.1.3); null accepts. */
    public @Nullable Function<BeepSession, CloseDecision> releaseHandler() { return releaseHandler; }
    /** Receives session, channel, message and flow events on the event loop, for metrics. */
    public BeepObserver observer() { return observer; }

    /** Builds a {@link SessionConfig}; {@link #build()} checks what the groups have not checked already. */
    public static final class Builder {
        private SocketOptions socket = SocketOptions.defaults();
        private FlowSettings flow = FlowSettings.defaults();
        private SessionLimits limits = SessionLimits.defaults();
        private @Nullable Duration defaultDeadline;
        private @Nullable LivenessProbe livenessProbe;
        private @Nullable String features;
        private @Nullable String localize;
        private @Nullable Consumer<String> frameTracer;
        private @Nullable Function<BeepSession, CloseDecision> releaseHandler;
        private BeepObserver observer = BeepObserver.NOOP;

        private Builder() {
        }

        /** Socket options and flow settings of a preset (default: {@link SocketTuning#DEFAULT}). */
        public Builder tuning(SocketTuning v) {
            SettingChecks.present("tuning", v);
            return socket(v.socket()).flow(v.flow());
        }

        /** The TCP options (default: those of {@link SocketTuning#DEFAULT}). */
        public Builder socket(SocketOptions v) { socket = v; return this; }
        /** Windows and frame sizes (default: those of {@link SocketTuning#DEFAULT}). */
        public Builder flow(FlowSettings v) { flow = v; return this; }
        /** What the peer may make the session hold or do (default: {@link SessionLimits#defaults()}). */
        public Builder limits(SessionLimits v) { limits = v; return this; }
        /** The deadline of a send that gives none (default: null, none; else positive). */
        public Builder defaultDeadline(@Nullable Duration v) { defaultDeadline = v; return this; }
        /** Probes a quiet session and ends it when the answer does not come in time (default: null, no probe). */
        public Builder livenessProbe(@Nullable LivenessProbe v) { livenessProbe = v; return this; }
        /** Our greeting's features attribute (default: none). */
        public Builder features(@Nullable String v) { features = v; return this; }
        /** Our greeting's localize attribute (default: none, meaning i-default). */
        public Builder localize(@Nullable String v) { localize = v; return this; }
        /** Traces every frame sent and received, one line each; null to disable (the default). */
        public Builder frameTracer(@Nullable Consumer<String> v) { frameTracer = v; return this; }

        /**
         * Decides on the peer's release requests: {@link CloseDecision#refuse(int, String)} keeps the session up
         * (answered with ERR). Runs on the callback executor. Default: null, always accept.
         */
        public Builder releaseHandler(@Nullable Function<BeepSession, CloseDecision> v) {
            releaseHandler = v;
            return this;
        }

        /** Receives every session's events, on the event loop; must be cheap (default: {@link BeepObserver#NOOP}). */
        public Builder observer(BeepObserver v) { observer = v; return this; }

        /** The settings, checked: an IllegalArgumentException names a setting out of bounds and its value. */
        public SessionConfig build() {
            return new SessionConfig(this);
        }
    }

    /** Equal when every setting is: values by value, the tracer, release handler and observer by identity. */
    @Override
    public boolean equals(Object o) {
        return o instanceof SessionConfig that && socket.equals(that.socket) && flow.equals(that.flow)
                && limits.equals(that.limits) && Objects.equals(defaultDeadline, that.defaultDeadline)
                && Objects.equals(livenessProbe, that.livenessProbe) && Objects.equals(features, that.features)
                && Objects.equals(localize, that.localize) && frameTracer == that.frameTracer
                && releaseHandler == that.releaseHandler && observer == that.observer;
    }

    @Override
    public int hashCode() {
        return Objects.hash(socket, flow, limits, defaultDeadline, livenessProbe, features, localize,
                System.identityHashCode(frameTracer), System.identityHashCode(releaseHandler),
                System.identityHashCode(observer));
    }

    /** Every setting by name. */
    @Override
    public String toString() {
        return "SessionConfig[socket=" + socket + ", flow=" + flow + ", limits=" + limits + ", defaultDeadline="
                + defaultDeadline + ", livenessProbe=" + livenessProbe + ", features=" + features + ", localize="
                + localize + ", frameTracer=" + frameTracer + ", releaseHandler=" + releaseHandler + ", observer="
                + observer + "]";
    }
}
