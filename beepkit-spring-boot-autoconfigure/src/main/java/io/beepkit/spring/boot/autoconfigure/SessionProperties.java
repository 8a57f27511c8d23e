package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.FlowSettings;
import io.beepkit.netty.LivenessProbe;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.SocketOptions;
import io.beepkit.netty.SocketTuning;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

import java.time.Duration;

/**
 * The session settings, one to one with {@link SessionConfig.Builder} and its groups: {@code beep.session.*} for the
 * listener and every client, {@code beep.server.session.*} and {@code beep.clients.<name>.session.*} on top of it for
 * one of them. Each value left unset keeps the value below it, down to the library's default; the library's builders
 * check every value.
 */
public class SessionProperties {
    /**
     * The built-in socket tuning (socket options and flow settings): default, efficient, bulk, bounded or legacy; unset
     * for the library's default tuning. A tuning set here replaces the socket and flow settings of the level below.
     */
    private @Nullable String tuning;
    /**
     * The deadline of every send that names none; unset for the library's default (none). A missed deadline fails the
     * send and gives up its channel (docs/reliability.md, reply deadlines).
     */
    private @Nullable Duration defaultDeadline;
    /** The features token of the greeting; unset for the library's default (none). */
    private @Nullable String features;
    /** The localize token of the greeting; unset for the library's default (none). */
    private @Nullable String localize;
    /** The liveness probe of quiet sessions; off by default, on once {@code interval} is set. */
    private final Probe livenessProbe = new Probe();
    @NestedConfigurationProperty
    private final SocketProperties socket = new SocketProperties();
    @NestedConfigurationProperty
    private final FlowProperties flow = new FlowProperties();
    @NestedConfigurationProperty
    private final SessionLimitsProperties limits = new SessionLimitsProperties();

    /**
     * @param base   the settings of the level below
     * @param prefix these properties' prefix, naming them in a refusal
     * @return {@code base} with every value set here
     * @throws IllegalArgumentException naming the prefix of the group (the session's, or its socket, flow or limits
     *                                  group's) and the library's reason for a value it refuses
     */
    SessionConfig applyTo(SessionConfig base, String prefix) {
        SessionConfig below = tuning == null ? base
                : LibrarySettings.checked(prefix, () -> base.toBuilder().tuning(SocketTuning.named(tuning)).build());
        SocketOptions socketOptions = socket.applyTo(below.socket(), prefix + ".socket");
        FlowSettings flowSettings = flow.applyTo(below.flow(), prefix + ".flow");
        SessionLimits sessionLimits = limits.applyTo(base.limits(), prefix + ".limits");
        return LibrarySettings.build(prefix, base.toBuilder().socket(socketOptions).flow(flowSettings)
                .limits(sessionLimits), (map, b) -> {
                    map.from(defaultDeadline).to(b::defaultDeadline);
                    map.from(features).to(b::features);
                    map.from(localize).to(b::localize);
                    map.from(livenessProbe.interval).as(i -> LivenessProbe.of(i, livenessProbe.timeout))
                            .to(b::livenessProbe);
                }, SessionConfig.Builder::build);
    }

    /** {@code ...session.liveness-probe.*}: a start request the peer must refuse, sent on a quiet session. */
    public static class Probe {
        /** How long a session may receive nothing before it is probed; unset leaves the probe off. */
        private @Nullable Duration interval;
        /** How long the peer has to answer a probe before the session is terminated. */
        private Duration timeout = Duration.ofSeconds(10);

        /** @return the quiet time before a probe, null for off */
        public @Nullable Duration getInterval() { return interval; }
        /** @param v the quiet time before a probe, null for off */
        public void setInterval(@Nullable Duration v) { interval = v; }
        /** @return how long a probe may go unanswered */
        public Duration getTimeout() { return timeout; }
        /** @param v how long a probe may go unanswered */
        public void setTimeout(Duration v) { timeout = v; }
    }

    /** @return the tuning's name, null for the level below */
    public @Nullable String getTuning() { return tuning; }
    /** @param v the tuning's name */
    public void setTuning(@Nullable String v) { tuning = v; }
    /** @return the deadline of sends that name none, null for the level below */
    public @Nullable Duration getDefaultDeadline() { return defaultDeadline; }
    /** @param v the deadline of sends that name none */
    public void setDefaultDeadline(@Nullable Duration v) { defaultDeadline = v; }
    /** @return the greeting's features, null for the level below */
    public @Nullable String getFeatures() { return features; }
    /** @param v the greeting's features */
    public void setFeatures(@Nullable String v) { features = v; }
    /** @return the greeting's localize, null for the level below */
    public @Nullable String getLocalize() { return localize; }
    /** @param v the greeting's localize */
    public void setLocalize(@Nullable String v) { localize = v; }
    /** @return the liveness probe's settings */
    public Probe getLivenessProbe() { return livenessProbe; }
    /** @return the socket options ({@code ...session.socket.*}) */
    public SocketProperties getSocket() { return socket; }
    /** @return the flow settings ({@code ...session.flow.*}) */
    public FlowProperties getFlow() { return flow; }
    /** @return the session limits ({@code ...session.limits.*}) */
    public SessionLimitsProperties getLimits() { return limits; }
}
