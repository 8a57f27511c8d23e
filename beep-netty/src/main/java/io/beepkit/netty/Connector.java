package io.beepkit.netty;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.SessionClosedException;
import io.beepkit.api.SessionUnavailableException;
import io.beepkit.netty.internal.session.DefaultBeepSession;
import io.netty.channel.EventLoop;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Keeps one session to {@code host:port} up: one connect attempt at a time, a backoff timer on the event loop between
 * attempts, the channels started on each new session, and a close that leaves no session behind however it races an
 * attempt. It tells a {@link Listener} what happened and knows nothing of who listens. Every transition runs under
 * this object's lock, which is never held across I/O or a wait; the futures it completes complete on the callback
 * executor, never under the lock.
 */
final class Connector {
    /** What a connector reports, under its lock and so in order; implementations must not block or call back in. */
    interface Listener {
        /** Every channel started on {@code session}: one per profile given, in that order. */
        void connected(BeepSession session, List<BeepChannel> channels, boolean reconnected);

        /** A connect attempt failed, the {@code failures}th in a row; the next starts in {@code retryIn}. */
        void attemptFailed(int failures, Throwable cause, Duration retryIn);

        /** The session ended ({@code cause} null: a plain end); the first attempt to replace it starts in {@code retryIn}.
         */
        void lost(@Nullable Throwable cause, Duration retryIn);

        /** Closed for good after {@code failures} failed attempts in a row; {@code cause} null for a close, else why.
         */
        void closed(int failures, @Nullable Throwable cause);

        /** No session of this connector is left open (follows {@link #closed}). */
        void released();
    }

    private final BeepClient client;
    private final String host;
    private final int port;
    private final ReconnectPolicy policy;
    private final List<String> profiles;
    private final EventLoop loop;
    private final Executor callbacks;
    private final Listener listener;
    private final Random random = new Random();
    private final List<CompletableFuture<BeepSession>> waiters = new ArrayList<>();
    // Guarded by this.
    private int failures;
    private boolean wasConnected;
    private boolean closed;
    private @Nullable ScheduledFuture<?> timer;
    private @Nullable BeepSession session;
    private @Nullable BeepSession starting;
    private @Nullable CompletableFuture<@Nullable Void> pending;
    private volatile @Nullable Throwable lastFailure;

    /**
     * @param profiles  the profile of each channel to start on every session
     * @param callbacks where the futures this connector completes complete
     */
    Connector(BeepClient client, String host, int port, ReconnectPolicy policy, List<String> profiles,
              Executor callbacks, Listener listener) {
        this.client = client;
        this.host = host;
        this.port = port;
        this.policy = policy;
        this.profiles = List.copyOf(profiles);
        this.loop = client.eventLoops().next();
        this.callbacks = callbacks;
        this.listener = listener;
    }

    void start() {
        if (!client.register(this)) {
            close(new IllegalStateException("the BeepClient was closed"));
            return;
        }
        attempt();
    }

    /** Why the last attempt failed or the last session ended, or null. */
    @Nullable Throwable lastFailure() {
        return lastFailure;
    }

    /** Completes with the session once one is up with its channels (at once if it is); fails if closed first. */
    CompletableFuture<BeepSession> whenConnected() {
        synchronized (this) {
            if (closed) {
                return CompletableFuture.failedFuture(unavailable("it is closed", lastFailure));
            }
            BeepSession s = session;
            if (s != null && s.isOpen()) {
                return CompletableFuture.completedFuture(s);
            }
            CompletableFuture<BeepSession> f = new CompletableFuture<>();
            waiters.removeIf(CompletableFuture::isDone); // timed-out waits leave no trace
            waiters.add(f);
            return f;
        }
    }

    /** The client this connector connects through (its settings give a send's default deadline). */
    BeepClient client() {
        return client;
    }

    /** A session for a send: the current one, or one awaited up to the policy's bound, or a failure. */
    CompletableFuture<BeepSession> awaitSession() {
        Duration bound = policy.awaitConnection();
        String why;
        synchronized (this) {
            BeepSession s = session;
            if (s != null && s.isOpen()) {
                return CompletableFuture.completedFuture(s);
            }
            why = closed ? "it is closed" : s != null ? "the connection was just lost"
                    : wasConnected ? "it is reconnecting" : "it is connecting";
            if (closed || bound.isZero()) {
                return CompletableFuture.failedFuture(unavailable(why, lastFailure));
            }
        }
        CompletableFuture<BeepSession> f = whenConnected();
        try {
            var bounded = loop.schedule(() -> callbacks.execute(() -> f.completeExceptionally(unavailable(
                    "none came up within " + bound, lastFailure))), bound.toNanos(), TimeUnit.NANOSECONDS);
            f.whenComplete((s, e) -> bounded.cancel(false));
        } catch (RejectedExecutionException e) {
            f.completeExceptionally(unavailable("the client is closed", e));
        }
        return f;
    }

    /** The failure of a send or wait for want of a session. */
    SessionUnavailableException unavailable(String why, @Nullable Throwable cause) {
        String m = "no session with " + host + ":" + port + ": " + why;
        return cause == null ? new SessionUnavailableException(m) : new SessionUnavailableException(m, cause);
    }

    private void attempt() {
        CompletableFuture<@Nullable Void> done = new CompletableFuture<>();
        synchronized (this) {
            timer = null;
            if (closed) {
                return;
            }
            pending = done;
        }
        CompletableFuture<BeepSession> connecting;
        try {
            connecting = client.connect(host, port);
        } catch (RuntimeException e) {
            connecting = CompletableFuture.failedFuture(e);
        }
        connecting.whenComplete((s, e) -> {
            if (e != null) {
                failed(unwrap(e), done);
            } else {
                startChannels(s, done);
            }
        });
    }

    private void startChannels(BeepSession s, CompletableFuture<@Nullable Void> done) {
        synchronized (this) {
            if (closed) {
                end(s, done);
                return;
            }
            starting = s;
        }
        List<CompletableFuture<BeepChannel>> starts = new ArrayList<>();
        for (String profile : profiles) {
            starts.add(s.startChannel(profile));
        }
        CompletableFuture.allOf(starts.toArray(new CompletableFuture<?>[0])).whenComplete((v, e) -> {
            if (e != null) {
                s.terminate();
                failed(unwrap(e), done);
            } else {
                up(s, starts.stream().map(CompletableFuture::join).toList(), done);
            }
        });
    }

    private void up(BeepSession s, List<BeepChannel> channels, CompletableFuture<@Nullable Void> done) {
        synchronized (this) {
            starting = null;
            if (closed) {
                end(s, done);
                return;
            }
            if (!s.isOpen()) {
                failed(new SessionClosedException("the session with " + host + ":" + port
                        + " ended while its channels started"), done);
                return;
            }
            session = s;
            failures = 0;
            lastFailure = null;
            pending = null;
            listener.connected(s, channels, wasConnected);
            wasConnected = true;
            for (CompletableFuture<BeepSession> w : waiters) {
                callbacks.execute(() -> w.complete(s));
            }
            waiters.clear();
        }
        done.complete(null);
        s.closeFuture().whenComplete((v, e) -> ended(s));
    }

    private void ended(BeepSession s) {
        synchronized (this) {
            if (session != s) {
                return;
            }
            session = null;
            if (closed) {
                return;
            }
            Throwable cause = s instanceof DefaultBeepSession d ? d.closeCause() : null;
            lastFailure = cause != null ? cause : new SessionClosedException("the session with " + host + ":"
                    + port + " ended");
            Duration retryIn = schedule(1);
            if (retryIn != null) {
                listener.lost(cause, retryIn);
            }
        }
    }

    private void failed(Throwable e, CompletableFuture<@Nullable Void> done) {
        done.complete(null);
        synchronized (this) {
            starting = null;
            pending = null;
            if (closed) {
                return;
            }
            lastFailure = e;
            if (client.isClosing()) {
                close(e);
                return;
            }
            failures++;
            int max = policy.maxAttempts();
            if (max > 0 && failures >= max) {
                close(unavailable("gave up after " + failures + " attempt" + (failures == 1 ? "" : "s"), e));
                return;
            }
            Duration retryIn = schedule(failures + 1);
            if (retryIn != null) {
                listener.attemptFailed(failures, e, retryIn);
            }
        }
    }

    /**
     * Arms the timer for attempt {@code n} (1 for the first retry after a loss); caller holds the lock. Returns the
     * delay, or null when the event loops are stopping and the connector closed instead.
     */
    private @Nullable Duration schedule(int n) {
        Duration delay = policy.delay(n, random);
        try {
            timer = loop.schedule(this::attempt, delay.toNanos(), TimeUnit.NANOSECONDS);
            return delay;
        } catch (RejectedExecutionException e) {
            close(e); // the client's event loops are stopping: nothing left to reconnect with
            return null;
        }
    }

    /** Ends a session that came up after the close; {@code done} completes once it has ended. */
    private static void end(BeepSession s, CompletableFuture<@Nullable Void> done) {
        s.terminate();
        s.closeFuture().whenComplete((v, e) -> done.complete(null));
    }

    /** Closes for good: by the application (null cause), the client's close, or giving up. Idempotent. */
    void close(@Nullable Throwable cause) {
        List<CompletableFuture<?>> waitFor = new ArrayList<>();
        BeepSession s;
        BeepSession half;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            client.unregister(this);
            if (timer != null) {
                timer.cancel(false);
                timer = null;
            }
            s = session;
            half = starting;
            session = null;
            listener.closed(failures, cause);
            for (CompletableFuture<BeepSession> w : waiters) {
                callbacks.execute(() -> w.completeExceptionally(unavailable("it is closed", cause)));
            }
            waiters.clear();
            if (pending != null) {
                waitFor.add(pending);
            }
        }
        if (half != null) {
            half.terminate(); // its channel starts fail, and its attempt ends without handing it over
            waitFor.add(half.closeFuture());
        }
        if (s != null) {
            s.close().whenComplete((v, e) -> {
                if (e != null) {
                    s.terminate(); // the peer declined the release
                }
            });
            waitFor.add(s.closeFuture());
        }
        CompletableFuture.allOf(waitFor.toArray(new CompletableFuture<?>[0]))
                .whenComplete((v, e) -> listener.released());
    }

    private static Throwable unwrap(Throwable e) {
        return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    }
}
