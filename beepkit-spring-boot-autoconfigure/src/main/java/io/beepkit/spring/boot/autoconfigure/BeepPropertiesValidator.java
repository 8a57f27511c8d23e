package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.security.SaslMechanism;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.FlowSettings;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.SocketTuning;
import org.springframework.util.StringUtils;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.Errors;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Checks {@link BeepProperties} at binding: each rejected value is reported with its property name, the value and
 * the accepted range, so start-up fails with a message such as
 * {@code beep.socket.initial-window must be between 2B and 2147483647B, was -1B}.
 */
final class BeepPropertiesValidator {
    private static final long MAX_INT = Integer.MAX_VALUE;
    private static final String MECHANISMS = Arrays.stream(SaslMechanism.values()).map(SaslMechanism::saslName)
            .collect(Collectors.joining(", "));
    private final Errors errors;

    BeepPropertiesValidator(Errors errors) {
        this.errors = errors;
    }

    void validate(BeepProperties p) {
        BeepProperties.Server server = p.getServer();
        range("server.port", server.getPort(), 0, 65535);
        notNegative("server.shutdown-timeout", server.getShutdownTimeout());
        socket(p.getSocket());
        limits(p.getLimits());
        Duration seqDelay = p.getSession().getSeqDelay();
        if (seqDelay == null || seqDelay.isNegative() || seqDelay.compareTo(FlowSettings.MAX_SEQ_DELAY) > 0) {
            reject("session.seq-delay", "beep.session.seq-delay must be between 0ms and "
                    + FlowSettings.MAX_SEQ_DELAY.toMillis() + "ms, was " + seqDelay, seqDelay);
        }
        session(p.getSession());
        client(p.getClient());
        security(server, p.getClient());
        new NamedClientsValidator(errors).validate(p.getClients());
    }

    /** The reply deadline, keep-alive and probe settings, checked as the library checks them. */
    private void session(SessionSettings session) {
        Duration reply = session.getReplyTimeout();
        if (reply != null && (reply.isNegative() || reply.isZero())) {
            reject("session.reply-timeout", "beep.session.reply-timeout must be positive, was " + reply, reply);
        }
        try {
            BeepConfigFactory.keepAlive(session.getTcpKeepAlive());
        } catch (IllegalArgumentException | NullPointerException e) {
            reject("session.tcp-keep-alive", "beep.session.tcp-keep-alive: " + e.getMessage(),
                    session.getTcpKeepAlive().getIdle());
        }
        try {
            BeepConfigFactory.probe(session.getLivenessProbe());
        } catch (IllegalArgumentException | NullPointerException e) {
            reject("session.liveness-probe", "beep.session.liveness-probe: " + e.getMessage(),
                    session.getLivenessProbe().getInterval());
        }
    }

    /** TLS and SASL: mechanism names, and the options that need another one. */
    private void security(BeepProperties.Server server, ClientSettings client) {
        if (server.getSsl().isRequired() && !StringUtils.hasText(server.getSsl().getBundle())) {
            reject("server.ssl.required", "beep.server.ssl.required=true needs beep.server.ssl.bundle", true);
        }
        List<String> offered = server.getSasl().getMechanisms();
        if (offered != null && offered.isEmpty()) {
            reject("server.sasl.mechanisms", "beep.server.sasl.mechanisms must name at least one of "
                    + MECHANISMS + ", was empty", offered);
        } else if (offered != null) {
            offered.forEach(m -> mechanismName("server.sasl.mechanisms", m));
        }
        boolean onConnect = client.getSsl().isOnConnect();
        if (onConnect && !StringUtils.hasText(client.getSsl().getBundle())) {
            reject("client.ssl.on-connect", "beep.client.ssl.on-connect=true needs beep.client.ssl.bundle", true);
        }
        String name = client.getSasl().getMechanism();
        if (StringUtils.hasText(name) && mechanismName("client.sasl.mechanism", name)) {
            SaslMechanism m = BeepSecurityFactory.mechanism(name);
            if ((m == SaslMechanism.PLAIN || m == SaslMechanism.EXTERNAL) && !onConnect) {
                reject("client.sasl.mechanism", "beep.client.sasl.mechanism=" + m.saslName() + " needs "
                        + "beep.client.ssl.on-connect=true (" + (m == SaslMechanism.PLAIN
                        ? "the password would cross in clear)" : "the identity is the TLS client certificate)"), name);
            }
        }
    }

    private boolean mechanismName(String property, String name) {
        boolean ok = name != null && SaslMechanism.forName(name.trim()).isPresent();
        if (!ok) {
            reject(property, "beep." + property + " must be one of " + MECHANISMS + ", was '" + name + "'", name);
        }
        return ok;
    }

    private void limits(LimitSettings limits) {
        requiredSize("limits.max-message-size", limits.getMaxMessageSize());
        range("limits.max-channels", limits.getMaxChannels(), 1, MAX_INT);
        range("limits.max-outstanding", limits.getMaxOutstanding(), 1, MAX_INT);
        notNegative("limits.tail-wait", limits.getTailWait());
        positive("limits.greeting-timeout", limits.getGreetingTimeout());
        requiredSize("limits.max-greeting-size", limits.getMaxGreetingSize());
        zeroOrPositive("limits.idle-timeout", limits.getIdleTimeout());
        range("limits.max-sessions", limits.getMaxSessions(), 1, MAX_INT);
        range("limits.max-sessions-per-address", limits.getMaxSessionsPerAddress(), 0, MAX_INT);
        if (limits.getMemoryBudget() == null) {
            reject("limits.memory-budget", "beep.limits.memory-budget must be set", null);
        } else {
            size("limits.memory-budget", limits.getMemoryBudget(), SessionLimits.MIN_MEMORY_BUDGET);
        }
        positive("limits.memory-budget-timeout", limits.getMemoryBudgetTimeout());
        DataSize shared = limits.getListenerMemoryBudget();
        if (shared != null && shared.toBytes() < SessionLimits.MIN_MEMORY_BUDGET) {
            reject("limits.listener-memory-budget", "beep.limits.listener-memory-budget must be at least "
                    + SessionLimits.MIN_MEMORY_BUDGET + "B, was " + shared, shared);
        }
        positive("limits.channel-request-timeout", limits.getChannelRequestTimeout());
        range("limits.max-starts-per-second", limits.getMaxStartsPerSecond(), 1, MAX_INT);
    }

    private void client(ClientSettings client) {
        positive("client.connect-timeout", client.getConnectTimeout());
        if (client.getSocketProfile() != null) {
            profileName("client.socket-profile", client.getSocketProfile());
        }
        size("client.max-message-size", client.getMaxMessageSize(), 1);
        if (client.getMaxChannels() != null) {
            range("client.max-channels", client.getMaxChannels(), 1, MAX_INT);
        }
        if (client.getMaxOutstanding() != null) {
            range("client.max-outstanding", client.getMaxOutstanding(), 1, MAX_INT);
        }
        if (client.getGreetingTimeout() != null) {
            positive("client.greeting-timeout", client.getGreetingTimeout());
        }
        size("client.max-greeting-size", client.getMaxGreetingSize(), 1);
        if (client.getIdleTimeout() != null) {
            zeroOrPositive("client.idle-timeout", client.getIdleTimeout());
        }
    }

    private void socket(SocketSettings s) {
        boolean named = profileName("socket.profile", s.getProfile());
        size("socket.receive-buffer", s.getReceiveBuffer(), 1);
        size("socket.send-buffer", s.getSendBuffer(), 1);
        size("socket.write-buffer-low", s.getWriteBufferLow(), 1);
        size("socket.write-buffer-high", s.getWriteBufferHigh(), 1);
        size("socket.initial-window", s.getInitialWindow(), 2);
        size("socket.max-window", s.getMaxWindow(), 2);
        size("socket.min-fragment", s.getMinFragment(), 1);
        size("socket.max-frame-size", s.getMaxFrameSize(), 1);
        if (named && !errors.hasErrors()) {
            try {
                SocketProfiles.of(s, null);
            } catch (IllegalArgumentException e) {
                // A combination the profile rejects (max-window below initial-window, low water mark above high).
                reject("socket", "the socket settings do not fit together: " + e.getMessage(), null);
            }
        }
    }

    private boolean profileName(String property, String name) {
        String known = Arrays.stream(SocketTuning.builtIns()).map(SocketTuning::name).collect(Collectors.joining(", "));
        boolean ok = name != null && Arrays.stream(SocketTuning.builtIns())
                .anyMatch(b -> b.name().equals(name.toLowerCase(Locale.ROOT)));
        if (!ok) {
            reject(property, "beep." + property + " must be one of " + known + ", was '" + name + "'", name);
        }
        return ok;
    }

    private void range(String property, long value, long min, long max) {
        if (value < min || value > max) {
            reject(property, "beep." + property + " must be between " + min + " and " + max + ", was " + value, value);
        }
    }

    private void size(String property, DataSize value, long min) {
        if (value != null && (value.toBytes() < min || value.toBytes() > MAX_INT)) {
            reject(property, "beep." + property + " must be between " + min + "B and " + MAX_INT + "B, was " + value,
                    value);
        }
    }

    /** A size that has no fallback: unset (bound to an empty value) is rejected too. */
    private void requiredSize(String property, DataSize value) {
        if (value == null) {
            reject(property, "beep." + property + " must be between 1B and " + MAX_INT + "B, was null", null);
        }
        size(property, value, 1);
    }

    private void notNegative(String property, Duration value) {
        if (value == null || value.isNegative()) {
            reject(property, "beep." + property + " must be 0 or more, was " + value, value);
        }
    }

    private void positive(String property, Duration value) {
        if (value == null || value.toMillis() < 1 || value.toMillis() > MAX_INT) {
            reject(property, "beep." + property + " must be between 1ms and " + MAX_INT + "ms, was " + value, value);
        }
    }

    /** A timeout where zero means never; otherwise as {@link #positive}. */
    private void zeroOrPositive(String property, Duration value) {
        if (value == null || value.isNegative() || (!value.isZero() && value.toMillis() < 1)
                || value.toMillis() > MAX_INT) {
            reject(property, "beep." + property + " must be 0 (never) or between 1ms and " + MAX_INT + "ms, was "
                    + value, value);
        }
    }

    private void reject(String property, String message, Object value) {
        errors.rejectValue(camel(property), "beep.invalid", new Object[] {value}, message);
    }

    /** The bean path of a kebab-case property ("socket.initial-window" -> "socket.initialWindow"). */
    private static String camel(String property) {
        StringBuilder b = new StringBuilder(property.length());
        boolean upper = false;
        for (char c : property.toCharArray()) {
            if (c == '-') {
                upper = true;
            } else {
                b.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return b.toString();
    }
}
