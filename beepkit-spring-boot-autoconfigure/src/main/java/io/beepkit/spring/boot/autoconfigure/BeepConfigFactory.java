package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.BeepObserver;
import io.beepkit.netty.BeepConfig;
import io.beepkit.netty.LivenessProbe;
import io.beepkit.netty.TcpKeepAlive;
import org.jspecify.annotations.Nullable;

/** Turns {@link BeepProperties} into the session settings of the listener and of the client. */
final class BeepConfigFactory {
    private BeepConfigFactory() {
    }

    /**
     * The listener's settings: {@code beep.socket.*}, {@code beep.limits.*}, {@code beep.session.*} and
     * {@code beep.server.proxy-protocol}.
     */
    static BeepConfig.Builder server(BeepProperties p, BeepObserver observer) {
        LimitSettings limits = p.getLimits();
        BeepConfig.Builder b = shared(p, observer)
                .socketProfile(SocketProfiles.of(p.getSocket(), null))
                .maxSessions(limits.getMaxSessions())
                .maxSessionsPerAddress(limits.getMaxSessionsPerAddress())
                .proxyProtocol(p.getServer().isProxyProtocol());
        if (limits.getListenerMemoryBudget() != null) {
            b.listenerMemoryBudget(limits.getListenerMemoryBudget().toBytes());
        }
        return b;
    }

    /**
     * The client's settings: the shared ones with the {@code beep.client.*} overrides that are set. The connection
     * limits are the listener's alone and keep the library's defaults here.
     */
    static BeepConfig.Builder client(BeepProperties p, BeepObserver observer) {
        ClientSettings c = p.getClient();
        BeepConfig.Builder b = shared(p, observer)
                .socketProfile(SocketProfiles.of(p.getSocket(), c.getSocketProfile()));
        if (c.getMaxMessageSize() != null) {
            b.maxMessageSize(SocketProfiles.octets(c.getMaxMessageSize()));
        }
        if (c.getMaxChannels() != null) {
            b.maxChannels(c.getMaxChannels());
        }
        if (c.getMaxOutstanding() != null) {
            b.maxOutstanding(c.getMaxOutstanding());
        }
        if (c.getGreetingTimeout() != null) {
            b.greetingTimeout(c.getGreetingTimeout());
        }
        if (c.getMaxGreetingSize() != null) {
            b.maxGreetingSize(SocketProfiles.octets(c.getMaxGreetingSize()));
        }
        if (c.getIdleTimeout() != null) {
            b.idleTimeout(c.getIdleTimeout());
        }
        return b;
    }

    /** What applies to both ends: the session limits, timeouts and engine settings. */
    private static BeepConfig.Builder shared(BeepProperties p, BeepObserver observer) {
        LimitSettings limits = p.getLimits();
        SessionSettings session = p.getSession();
        return BeepConfig.builder()
                .maxMessageSize(SocketProfiles.octets(limits.getMaxMessageSize()))
                .maxChannels(limits.getMaxChannels())
                .maxOutstanding(limits.getMaxOutstanding())
                .tailWait(limits.getTailWait())
                .greetingTimeout(limits.getGreetingTimeout())
                .maxGreetingSize(SocketProfiles.octets(limits.getMaxGreetingSize()))
                .idleTimeout(limits.getIdleTimeout())
                .memoryBudget(limits.getMemoryBudget().toBytes())
                .memoryBudgetTimeout(limits.getMemoryBudgetTimeout())
                .channelRequestTimeout(limits.getChannelRequestTimeout())
                .maxStartsPerSecond(limits.getMaxStartsPerSecond())
                .seqDelay(session.getSeqDelay())
                .directCallbacks(session.isDirectCallbacks())
                .replyTimeout(session.getReplyTimeout())
                .tcpKeepAlive(keepAlive(session.getTcpKeepAlive()))
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
