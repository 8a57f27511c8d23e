package io.beepkit.netty;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.SessionUnavailableException;
import io.beepkit.core.LibraryThreads;
import io.beepkit.netty.internal.SharedResources;
import io.beepkit.netty.internal.Transport;
import io.beepkit.netty.internal.session.SerialExecutor;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A session to one listener that the client keeps up ({@link BeepClient#managedSession}): it connects, and whenever
 * the session ends for any reason other than {@link #close()} it connects again after a
 * {@link ReconnectPolicy backoff}. Each connection runs what
 * {@link BeepClient#connect} runs, TLS and SASL on connect included, then starts the declared channels
 * ({@link Builder#channel(String)}); only once they are all open is the managed session {@link State#CONNECTED}. A
 * connection whose channels fail to start is ended and counts as a failed attempt.
 *
 * <pre>{@code
 * ManagedSession managed = client.managedSession("127.0.0.1", 10288)
 *         .policy(ReconnectPolicy.builder().awaitConnection(Duration.ofSeconds(2)).build())
 *         .channel(StandardProfiles.ECHO)
 *         .listener(change -> log.info("{} -> {}", change.previous(), change.current()))
 *         .start();
 * Reply reply = managed.channel(StandardProfiles.ECHO).send(MimeEntity.of("hello")).join();
 * }</pre>
 *
 * <p>Messages are not replayed: an exchange under way when the connection drops fails with
 * {@link io.beepkit.api.SessionClosedException} and is not sent again (the peer may have acted on it); a send while
 * there is no connection fails with {@link SessionUnavailableException}, at once or after
 * {@link ReconnectPolicy#awaitConnection()}.
 * Backoff timers run on the client's event loop; state listeners and the futures this class completes run on the
 * client's callback executor, one at a time. Thread-safe and non-blocking, except {@link #close()}.
 */
public final class ManagedSession implements AutoCloseable {
    /** Where a managed session stands. */
    public enum State {
        /** Connecting for the first time (retrying with backoff if that fails). */
        CONNECTING,
        /** A session is up and every declared channel is open. */
        CONNECTED,
        /** The session ended; connecting again with backoff. */
        RECONNECTING,
        /** Closed by the application, by closing the client, or after {@link ReconnectPolicy#maxAttempts()}. */
        CLOSED
    }

    /** A change of state, as the {@link StateListener} is told it. */
    public static final class StateChange {
        private final State previous;
        private final State current;
        private final int attempts;
        private final @Nullable Throwable cause;
        private final @Nullable Duration retryIn;
        private final @Nullable BeepSession session;

        StateChange(State previous, State current, int attempts, @Nullable Throwable cause,
                    @Nullable Duration retryIn, @Nullable BeepSession session) {
            this.previous = previous;
            this.current = current;
            this.attempts = attempts;
            this.cause = cause;
            this.retryIn = retryIn;
            this.session = session;
        }

        /** The state before. */
        public State previous() {
            return previous;
        }

        /** The state now. */
        public State current() {
            return current;
        }

        /** Connect attempts made since the last {@link State#CONNECTED} (0 on the way to it). */
        public int attempts() {
            return attempts;
        }

        /** Why the session ended or the managed session gave up, or null (a close, a new connection). */
        public @Nullable Throwable cause() {
            return cause;
        }

        /** On the way to {@link State#RECONNECTING}, when the first attempt starts; otherwise null. */
        public @Nullable Duration retryIn() {
            return retryIn;
        }

        /** On the way to {@link State#CONNECTED}, the new connection's session; otherwise null. */
        public @Nullable BeepSession session() {
            return session;
        }

        @Override
        public String toString() {
            return previous + " -> " + current + " (attempts " + attempts + (cause == null ? "" : ", " + cause)
                    + (retryIn == null ? "" : ", retry in " + retryIn) + ")";
        }
    }

    /** Told of each state change and failed attempt, in order, on the client's callback executor. */
    @FunctionalInterface
    public interface StateListener {
        /** The state changed as {@code change} says; must not block for long (it holds back later changes). */
        void stateChanged(StateChange change);

        /**
         * A connect attempt failed (the state stays as it was): the {@code attempts}th in a row since the last
         * connection, for {@code cause}; the next starts in {@code retryIn}. Does nothing unless overridden.
         */
        default void attemptFailed(int attempts, Throwable cause, Duration retryIn) {
        }
    }

    private final BeepClient client;
    private final String host;
    private final int port;
    private final ReconnectPolicy policy;
    private final @Nullable StateListener listener;
    private final Executor callbacks;
    private final List<ManagedChannel> channels = new ArrayList<>();
    private final AtomicInteger reconnects = new AtomicInteger();
    private final Connector connector;
    private final CompletableFuture<@Nullable Void> closed = new CompletableFuture<>();
    private volatile State state = State.CONNECTING;
    private volatile @Nullable BeepSession session;

    private ManagedSession(Builder b) {
        this.client = b.client;
        this.host = b.host;
        this.port = b.port;
        this.policy = b.policy;
        this.listener = b.listener;
        Executor pool = client.callbackSetup().executor();
        this.callbacks = new SerialExecutor(pool != null ? pool : SharedResources.callbackPool());
        this.connector = new Connector(client, host, port, policy, b.channels, callbacks, new Events());
        for (String uri : b.channels) {
            channels.add(new ManagedChannel(connector, uri));
        }
    }

    /**
     * The handle of the (first) channel declared on {@code profileUri}.
     *
     * @throws IllegalArgumentException if no channel was declared on it with {@link Builder#channel(String)}
     */
    public ManagedChannel channel(String profileUri) {
        for (ManagedChannel ch : channels) {
            if (ch.profile().equals(profileUri)) {
                return ch;
            }
        }
        throw new IllegalArgumentException("no channel declared on " + profileUri + " (declared: "
                + channels.stream().map(ManagedChannel::profile).distinct().toList() + ")");
    }

    /** Every declared channel's handle, in the order of declaration. */
    public List<ManagedChannel> channels() {
        return Collections.unmodifiableList(channels);
    }

    /** Why the last connect attempt failed or the last session ended, or empty (none yet, or connected since). */
    public Optional<Throwable> lastFailure() {
        return Optional.ofNullable(connector.lastFailure());
    }

    /** The current state. */
    public State state() {
        return state;
    }

    /** The session of the current connection, or null while there is none. */
    public @Nullable BeepSession session() {
        return session;
    }

    /** How many times a lost session was replaced by a new one (the first connection does not count). */
    public int reconnects() {
        return reconnects.get();
    }

    /** The policy in use. */
    public ReconnectPolicy policy() {
        return policy;
    }

    /**
     * Completes with the session as soon as the managed session is {@link State#CONNECTED} (at once if it is);
     * fails with {@link SessionUnavailableException} if it closes first. Never times out by itself.
     */
    public CompletableFuture<BeepSession> whenConnected() {
        return connector.whenConnected();
    }

    /**
     * Closes without waiting: stops reconnecting, releases the current session (terminating it if the peer declines)
     * and ends a connection still being made. Completes, never failing, once no session of this managed session is
     * left open. Sends and waits fail with {@link SessionUnavailableException} from then on. Idempotent.
     */
    public CompletableFuture<@Nullable Void> closeAsync() {
        connector.close(null);
        return closed.copy();
    }

    /** As {@link #closeAsync()}, waiting for it; on an event loop or in a callback it only starts the close. */
    @Override
    public void close() {
        CompletableFuture<@Nullable Void> done = closeAsync();
        if (!LibraryThreads.mustNotBlock() && !Transport.inLoopOf(client.eventLoops())) {
            done.join();
        }
    }

    @Override
    public String toString() {
        return "ManagedSession[" + host + ":" + port + ", " + state + ", reconnects=" + reconnects + "]";
    }

    /** Records a new state and tells the listener (called by the connector, under its lock, so in order). */
    private void publish(State next, int attempts, @Nullable Throwable cause, @Nullable BeepSession current,
                         @Nullable Duration retryIn) {
        State previous = state;
        session = current;
        state = next;
        StateListener l = listener;
        if (l != null && previous != next) {
            StateChange change = new StateChange(previous, next, attempts, cause, retryIn, current);
            callbacks.execute(() -> l.stateChanged(change));
        }
    }

    private void unbindAll() {
        channels.forEach(ch -> ch.bind(null));
    }

    /** What the connector reports, turned into states, channel bindings and the listener's calls. */
    private final class Events implements Connector.Listener {
        @Override
        public void connected(BeepSession s, List<BeepChannel> started, boolean reconnected) {
            for (int i = 0; i < channels.size(); i++) {
                channels.get(i).bind(started.get(i));
            }
            if (reconnected) {
                reconnects.incrementAndGet();
            }
            publish(State.CONNECTED, 0, null, s, null);
        }

        @Override
        public void attemptFailed(int failures, Throwable cause, Duration retryIn) {
            StateListener l = listener;
            if (l != null) {
                callbacks.execute(() -> l.attemptFailed(failures, cause, retryIn));
            }
        }

        @Override
        public void lost(@Nullable Throwable cause, Duration retryIn) {
            unbindAll();
            publish(State.RECONNECTING, 0, cause, null, retryIn);
        }

        @Override
        public void closed(int failures, @Nullable Throwable cause) {
            unbindAll();
            publish(State.CLOSED, failures, cause, null, null);
        }

        @Override
        public void released() {
            closed.complete(null);
        }
    }

    /** Builds and starts a {@link ManagedSession}. */
    public static final class Builder {
        private final BeepClient client;
        private final String host;
        private final int port;
        private ReconnectPolicy policy = ReconnectPolicy.defaults();
        private @Nullable StateListener listener;
        private final List<String> channels = new ArrayList<>();

        Builder(BeepClient client, String host, int port) {
            this.client = Objects.requireNonNull(client, "client");
            this.host = Objects.requireNonNull(host, "host");
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("port must be in 1..65535: " + port);
            }
            this.port = port;
        }

        /** The backoff and await policy (default: {@link ReconnectPolicy#defaults()}). */
        public Builder policy(ReconnectPolicy policy) {
            this.policy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /** Told of every state change (default: none). */
        public Builder listener(@Nullable StateListener listener) {
            this.listener = listener;
            return this;
        }

        /**
         * Declares a channel on {@code profileUri}, started on every connection. Declaring the same URI again adds
         * one more channel on it (see {@link ManagedSession#channels()}).
         */
        public Builder channel(String profileUri) {
            channels.add(Objects.requireNonNull(profileUri, "profileUri"));
            return this;
        }

        /**
         * Starts connecting at once (state {@link State#CONNECTING}) and returns without waiting; use
         * {@link ManagedSession#whenConnected()} to wait for the first connection.
         *
         * @throws IllegalStateException if the client is closed
         */
        public ManagedSession start() {
            if (client.isClosing()) {
                throw new IllegalStateException("the BeepClient is closed");
            }
            ManagedSession m = new ManagedSession(this);
            m.connector.start();
            return m;
        }
    }
}
