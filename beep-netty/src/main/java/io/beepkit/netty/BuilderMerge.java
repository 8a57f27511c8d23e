package io.beepkit.netty;

import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.netty.tls.TlsConfig;
import org.jspecify.annotations.Nullable;

/**
 * How the server and client builders merge a shortcut ({@code tls(...)}, {@code tuning(...)}, ...) with the group it
 * belongs to ({@code security(...)}, {@code session(...)}) at {@code build()}: both are kept apart until then, so
 * the order of the calls never matters. Where both give a value and the values differ, {@code build()} fails naming
 * both settings; nothing is dropped silently.
 */
final class BuilderMerge {
    private BuilderMerge() {
    }

    /**
     * The session settings with {@code tuning} applied. A preset has no opinion on keep-alive, connect timeout, tail
     * wait and SEQ delay: where the session sets them, its values stay. A tuning conflicts with a session whose other
     * socket options or flow settings are neither the defaults nor the tuning's own: set the tuning on
     * {@link SessionConfig.Builder} instead.
     */
    static SessionConfig session(@Nullable SessionConfig session, @Nullable SocketTuning tuning) {
        SessionConfig base = session != null ? session : SessionConfig.defaults();
        if (tuning == null) {
            return base;
        }
        SocketOptions s = base.socket();
        FlowSettings f = base.flow();
        SocketOptions ownSocket = s.toBuilder().keepAlive(null).connectTimeout(SocketOptions.DEFAULT_CONNECT_TIMEOUT)
                .build();
        FlowSettings ownFlow = f.toBuilder().tailWait(FlowSettings.DEFAULT_TAIL_WAIT)
                .seqDelay(FlowSettings.DEFAULT_SEQ_DELAY).build();
        boolean socketConflict = !ownSocket.equals(SocketOptions.defaults()) && !ownSocket.equals(tuning.socket());
        boolean flowConflict = !ownFlow.equals(FlowSettings.defaults()) && !ownFlow.equals(tuning.flow());
        if (socketConflict || flowConflict) {
            throw new IllegalArgumentException("tuning(" + tuning.name() + ") conflicts with session(...), whose "
                    + (socketConflict ? "socket" : "flow") + " settings are its own: give the tuning to "
                    + "SessionConfig.Builder.tuning(...) before its socket(...) or flow(...), or drop one of them");
        }
        SocketOptions t = tuning.socket();
        FlowSettings w = tuning.flow();
        SocketOptions socket = t.toBuilder().keepAlive(s.keepAlive() != null ? s.keepAlive() : t.keepAlive())
                .connectTimeout(s.connectTimeout().equals(SocketOptions.DEFAULT_CONNECT_TIMEOUT)
                        ? t.connectTimeout() : s.connectTimeout()).build();
        FlowSettings flow = w.toBuilder()
                .tailWait(f.tailWait().equals(FlowSettings.DEFAULT_TAIL_WAIT) ? w.tailWait() : f.tailWait())
                .seqDelay(f.seqDelay().equals(FlowSettings.DEFAULT_SEQ_DELAY) ? w.seqDelay() : f.seqDelay()).build();
        return base.toBuilder().socket(socket).flow(flow).build();
    }

    /**
     * The value of a setting given by a shortcut, by a group, or by both alike.
     *
     * @throws IllegalArgumentException naming both when they give different values
     */
    static <T> @Nullable T one(String shortcut, @Nullable T fromShortcut, String group, @Nullable T fromGroup) {
        if (fromShortcut == null) {
            return fromGroup;
        }
        if (fromGroup != null && !fromGroup.equals(fromShortcut)) {
            throw new IllegalArgumentException(shortcut + " and " + group + " give different values; give it once: "
                    + fromShortcut + " vs " + fromGroup);
        }
        return fromShortcut;
    }

    /** A listener's security: {@code security} with the server builder's shortcuts merged in. */
    static ListenerSecurity listener(@Nullable ListenerSecurity security, @Nullable TlsConfig tls, boolean tlsRequired,
                                     @Nullable SaslListenerConfig sasl) {
        ListenerSecurity base = security != null ? security : ListenerSecurity.NONE;
        TlsConfig t = one("tls(TlsConfig)", tls, "security(ListenerSecurity).tls", base.tls());
        SaslListenerConfig s = one("sasl(SaslListenerConfig)", sasl, "security(ListenerSecurity).sasl", base.sasl());
        if (tlsRequired && t == null) {
            throw new IllegalArgumentException("tlsRequired() needs TLS, but neither tls(TlsConfig) nor "
                    + "security(ListenerSecurity).tls gives any");
        }
        return base.toBuilder().tls(t).sasl(s).tlsRequired(tlsRequired || base.tlsRequired()).build();
    }

    /** An initiator's security: {@code security} with the client builder's shortcuts merged in. */
    static InitiatorSecurity initiator(@Nullable InitiatorSecurity security, @Nullable TlsConfig tls,
                                       boolean tlsOnConnect, @Nullable SaslMechanism mechanism,
                                       @Nullable SaslCredentials credentials) {
        InitiatorSecurity base = security != null ? security : InitiatorSecurity.NONE;
        TlsConfig t = one("tls(TlsConfig)", tls, "security(InitiatorSecurity).tls", base.tls());
        if (tlsOnConnect && t == null) {
            throw new IllegalArgumentException("tlsOnConnect() needs TLS, but neither tls(TlsConfig) nor "
                    + "security(InitiatorSecurity).tls gives any");
        }
        SaslMechanism m = one("saslOnConnect(mechanism, credentials)", mechanism,
                "security(InitiatorSecurity).sasl", base.saslMechanism());
        SaslCredentials c = one("saslOnConnect(mechanism, credentials)", credentials,
                "security(InitiatorSecurity).sasl", base.saslCredentials());
        return base.toBuilder().tls(t).tlsOnConnect(tlsOnConnect || base.tlsOnConnect()).sasl(m, c).build();
    }
}
