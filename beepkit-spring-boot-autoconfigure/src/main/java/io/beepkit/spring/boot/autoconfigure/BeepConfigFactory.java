package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.BeepObserver;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.FlowSettings;
import io.beepkit.netty.ListenerLimits;
import io.beepkit.netty.LivenessProbe;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.TcpKeepAlive;
import org.jspecify.annotations.Nullable;
import org.springframework.core.env.Environment;

/**
 * Turns {@link BeepProperties} into the library's setting groups: the session settings of the listener and of the
 * client, the listener's own limits, and the threads ({@link BeepResources}) each runs on.
 */
final class BeepConfigFactory {
    private BeepConfigFactory() {
    }

    /** The listener's session settings: {@code beep.socket.*}, {@code beep.limits.*} and {@code beep.session.*}. */
    static SessionConfig.Builder server(BeepProperties p, BeepObserver observer) {
        return shared(p, observer, SocketProfiles.of(p.getSocket(), null), limits(p).build());
    }

    /** The listener's own limits: {@code beep.limits.max-sessions}, {@code -per-address} and the listener budget. */
    static ListenerLimits listenerLimits(BeepProperties p) {
        LimitSettings limits = p.getLimits();
        ListenerLimits.Builder b = ListenerLimits.builder().maxSessions(limits.getMaxSessions())
                .maxSessionsPerAddress(limits.getMaxSessionsPerAddress());
        if (limits.getListenerMemoryBudget() != null) {
            b.memoryBudget(limits.getListenerMemoryBudget().toBytes());
        }
        return b.build();
    }

    /** The client's session settings: the shared ones with the {@code beep.client.*} overrides that are set. */
    static SessionConfig.Builder client(BeepProperties p, BeepObserver observer) {
        ClientSettings c = p.getClient();
        SessionLimits.Builder l = limits(p);
        if (c.getMaxMessageSize() != null) {
            l.maxMessageSize(SocketProfiles.octets(c.getMaxMessageSize()));
        }
        if (c.getMaxChannels() != null) {
            l.maxChannels(c.getMaxChannels());
        }
        if (c.getMaxOutstanding() != null) {
            l.maxOutstanding(c.getMaxOutstanding());
        }
        if (c.getGreetingTimeout() != null) {
            l.greetingTimeout(c.getGreetingTimeout());
        }
        if (c.getMaxGreetingSize() != null) {
            l.maxGreetingSize(SocketProfiles.octets(c.getMaxGreetingSize()));
        }
        if (c.getIdleTimeout() != null) {
            l.idleTimeout(c.getIdleTimeout());
        }
        SocketTuning tuning = SocketProfiles.of(p.getSocket(), c.getSocketProfile());
        SessionConfig.Builder b = shared(p, observer, tuning, l.build());
        b.socket(tuning.socket().toBuilder().keepAlive(keepAlive(p.getSession().getTcpKeepAlive()))
                .connectTimeout(c.getConnectTimeout()).build());
        return b;
    }

    /**
     * The threads every listener and client shares: {@code beep.resources.*} (unset values keep the library's
     * defaults) and virtual callback threads where {@code spring.threads.virtual.enabled} asks for them
     * ({@link CallbackThreads}).
     */
    static BeepResources resources(BeepProperties p, Environment environment) {
        ResourcesSettings r = p.getResources();
        BeepResources.Builder b = BeepResources.builder().threadNamePrefix("beep-io")
                .callbackExecutor(CallbackThreads.executor(environment, "beep"));
        if (r.getIoThreads() != null) {
            try {
                b.ioThreads(r.getIoThreads());
            } catch (IllegalArgumentException e) { // the library's check, named as the application wrote it
                throw new IllegalArgumentException("beep.resources.io-threads: " + e.getMessage(), e);
            }
        }
        if (r.getNativeTransport() != null) {
            b.nativeTransport(r.getNativeTransport());
        }
        if (r.getDirectCallbacks() != null) {
            b.directCallbacks(r.getDirectCallbacks());
        }
        return b.build();
    }

    /** The session limits of {@code beep.limits.*}, shared by both ends. */
    private static SessionLimits.Builder limits(BeepProperties p) {
        LimitSettings limits = p.getLimits();
        return SessionLimits.builder()
                .maxMessageSize(SocketProfiles.octets(limits.getMaxMessageSize()))
                .maxChannels(limits.getMaxChannels())
                .maxOutstanding(limits.getMaxOutstanding())
                .greetingTimeout(limits.getGreetingTimeout())
                .maxGreetingSize(SocketProfiles.octets(limits.getMaxGreetingSize()))
                .idleTimeout(limits.getIdleTimeout())
                .memoryBudget(limits.getMemoryBudget().toBytes())
                .memoryBudgetTimeout(limits.getMemoryBudgetTimeout())
                .channelRequestTimeout(limits.getChannelRequestTimeout())
                .maxStartsPerSecond(limits.getMaxStartsPerSecond());
    }

    /** What applies to both ends: socket, flow, limits and session settings. */
    private static SessionConfig.Builder shared(BeepProperties p, BeepObserver observer, SocketTuning tuning,
                                                SessionLimits limits) {
        SessionSettings session = p.getSession();
        FlowSettings flow = tuning.flow().toBuilder().tailWait(p.getLimits().getTailWait())
                .seqDelay(session.getSeqDelay()).build();
        return SessionConfig.builder()
                .socket(tuning.socket().toBuilder().keepAlive(keepAlive(session.getTcpKeepAlive())).build())
                .flow(flow)
                .limits(limits)
                .defaultDeadline(session.getReplyTimeout())
                .livenessProbe(probe(session.getLivenessProbe()))
                .observer(observer);
    }

    /** {@code beep.session.tcp-keep-alive.*} as the library's setting, null while {@code idle} is unset. */
    static @Nullable TcpKeepAlive keepAlive(SessionSettings.KeepAlive k) {
        return k.getIdle() == null ? null : TcpKeepAlive.of(k.getIdle(), k.getInterval(), k.getCount());
    }

    /** {@code beep.session.liveness-probe.*} as the library's setting, null while {@code interval} is unset. */
    static @Nullable LivenessProbe probe(SessionSettings.Probe p) {
        return p.getInterval() == null ? null : LivenessProbe.of(p.getInterval(), p.getTimeout());
    }
}
