package io.beepkit.netty;

import io.beepkit.api.BeepObserver;
import io.beepkit.api.BeepSession;
import io.beepkit.api.CloseDecision;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The values of a {@link BeepConfig}: their storage, equality (values by value; the executor, tracer, release handler
 * and observer as the objects they are), their text, and the copies to and from {@link BeepConfig.Builder}.
 * {@code BeepConfig} declares and documents each setting, its default and its builder method; this holds them.
 */
record BeepSettings(
        SocketProfile socketProfile,
        int maxMessageSize,
        int maxChannels,
        int maxOutstanding,
        @Nullable Executor callbackExecutor,
        Duration tailWait,
        @Nullable String features,
        @Nullable String localize,
        boolean nativeTransport,
        @Nullable Consumer<String> frameTracer,
        @Nullable Function<BeepSession, CloseDecision> releaseHandler,
        boolean directCallbacks,
        Duration seqDelay,
        BeepObserver observer,
        Duration greetingTimeout,
        int maxGreetingSize,
        Duration idleTimeout,
        int maxSessions,
        int maxSessionsPerAddress,
        SecurityConfig security,
        long memoryBudget,
        Duration memoryBudgetTimeout,
        long listenerMemoryBudget,
        Duration channelRequestTimeout,
        int maxStartsPerSecond,
        int maxFramesPerTurn,
        int maxOctetsPerTurn,
        int maxStartsPerTurn,
        boolean proxyProtocol,
        @Nullable Duration replyTimeout,
        @Nullable TcpKeepAlive tcpKeepAlive,
        @Nullable LivenessProbe livenessProbe) {

    /** The builder's current values. */
    static BeepSettings of(BeepConfig.Builder b) {
        return new BeepSettings(
                b.socketProfile, b.maxMessageSize, b.maxChannels, b.maxOutstanding, b.callbackExecutor, b.tailWait,
                b.features, b.localize, b.nativeTransport, b.frameTracer, b.releaseHandler, b.directCallbacks,
                b.seqDelay, b.observer, b.greetingTimeout, b.maxGreetingSize, b.idleTimeout, b.maxSessions,
                b.maxSessionsPerAddress, b.security, b.memoryBudget, b.memoryBudgetTimeout, b.listenerMemoryBudget,
                b.channelRequestTimeout, b.maxStartsPerSecond, b.maxFramesPerTurn, b.maxOctetsPerTurn,
                b.maxStartsPerTurn, b.proxyProtocol, b.replyTimeout, b.tcpKeepAlive,
                b.livenessProbe);
    }

    /** Sets every value of {@code b} to these. */
    void copyInto(BeepConfig.Builder b) {
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
        b.observer = observer;
        b.greetingTimeout = greetingTimeout;
        b.maxGreetingSize = maxGreetingSize;
        b.idleTimeout = idleTimeout;
        b.maxSessions = maxSessions;
        b.maxSessionsPerAddress = maxSessionsPerAddress;
        b.security = security;
        b.memoryBudget = memoryBudget;
        b.memoryBudgetTimeout = memoryBudgetTimeout;
        b.listenerMemoryBudget = listenerMemoryBudget;
        b.channelRequestTimeout = channelRequestTimeout;
        b.maxStartsPerSecond = maxStartsPerSecond;
        b.maxFramesPerTurn = maxFramesPerTurn;
        b.maxOctetsPerTurn = maxOctetsPerTurn;
        b.maxStartsPerTurn = maxStartsPerTurn;
        b.proxyProtocol = proxyProtocol;
        b.replyTimeout = replyTimeout;
        b.tcpKeepAlive = tcpKeepAlive;
        b.livenessProbe = livenessProbe;
    }
}
