package io.beepkit.netty;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.SessionClosedException;
import io.beepkit.netty.ManagedSession.State;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The state machine of a {@link ManagedSession}: one connect attempt at a time, a backoff timer on the event loop
 * between attempts, the hand-over of a new session to the channel handles, and a close that leaves no session behind
 * however it races an attempt. Every transition runs under this object's lock, which is never held across I/O or a
 * wait; application code (listeners, future continuations) runs on the callback executor, never under the lock.
 */
final class Connector {
    private final ManagedSession owner;
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

    Connector(ManagedSession owner) {
        this.owner = owner;
    }

    void start() {
        if (!owner.client().register(this)) {
            close(new IllegalStateException("the BeepClient was closed"));
            return;
        }
        attempt();
    }

    /** Why the last attempt failed or the last session ended, or null. */
    @Nullable Throwable lastFailure() {
        return lastFailure;
    }

    CompletableFuture<BeepSession> whenConnected() {
        synchronized (this) {
            if (closed) {
                return CompletableFuture.failedFuture(owner.unavailable("it is closed", lastFailure));
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
            connecting = owner.client().connect(owner.host(), owner.port());
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
        for (ManagedChannel ch : owner.declared()) {
            starts.add(s.startChannel(ch.profile()));
        }
        CompletableFuture.allOf(starts.toArray(new CompletableFuture<?>[0])).whenComplete((v, e) -> {
            if (e != null) {
                s.terminate();
                failed(unwrap(e), done);
            } else {
                up(s, starts, done);
            }
        });
    }

    private void up(BeepSession s, List<CompletableFuture<BeepChannel>> starts, CompletableFuture<@Nullable Void> done) {
        synchronized (this) {
            starting = null;
            if (closed) {
                end(s, done);
                return;
            }
            if (!s.isOpen()) {
                failed(new SessionClosedException("the session with " + owner.host() + ":" + owner.port()
                        + " ended while its channels started"), done);
                return;
            }
            int i = 0;
            for (ManagedChannel ch : owner.declared()) {
                ch.bind(starts.get(i++).join());
            }
            session = s;
            failures = 0;
            lastFailure = null;
            if (wasConnected) {
                owner.countReconnect();
            }
            wasConnected = true;
            pending = null;
            owner.publish(State.CONNECTED, 0, null, s);
            for (CompletableFuture<BeepSession> w : waiters) {
                owner.callbacks().execute(() -> w.complete(s));
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
            owner.declared().forEach(ch -> ch.bind(null));
            if (closed) {
                return;
            }
            Throwable cause = ManagedSession.endCause(s);
            lastFailure = cause != null ? cause : new SessionClosedException("the session with " + owner.host()
                    + ":" + owner.port() + " ended");
            owner.publish(State.RECONNECTING, 0, cause, null);
            schedule(1);
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
            if (owner.client().isClosing()) {
                close(e);
                return;
            }
            failures++;
            int max = owner.policy().maxAttempts();
            if (max > 0 && failures >= max) {
                close(owner.unavailable("gave up after " + failures + " attempt" + (failures == 1 ? "" : "s"), e));
                return;
            }
            schedule(failures + 1);
        }
    }

    /** Arms the timer for attempt {@code n} (1 for the first retry after a loss); caller holds the lock. */
    private void schedule(int n) {
        Duration delay = owner.policy().delay(n, owner.random());
        try {
            timer = owner.loop().schedule(this::attempt, delay.toNanos(), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            close(e); // the client's event loops are stopping: nothing left to reconnect with
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
            owner.client().unregister(this);
            if (timer != null) {
                timer.cancel(false);
                timer = null;
            }
            s = session;
            half = starting;
            session = null;
            owner.declared().forEach(ch -> ch.bind(null));
            owner.publish(State.CLOSED, failures, cause, null);
            for (CompletableFuture<BeepSession> w : waiters) {
                owner.callbacks().execute(() -> w.completeExceptionally(owner.unavailable("it is closed", cause)));
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
                .whenComplete((v, e) -> owner.closedCompletely());
    }

    private static Throwable unwrap(Throwable e) {
        return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    }
}
