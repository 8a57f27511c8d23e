package io.beepkit.cli;

import io.beepkit.api.BeepSession;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.ManagedSession;
import io.beepkit.netty.ReconnectPolicy;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code beep syslog send}'s session with the collector, kept up by a {@link ManagedSession}: it connects, and after
 * a failed attempt or a lost session connects again with the policy's backoff. The command's thread takes what
 * happens in order: the next session, or a failed attempt as the {@link CliException} the command reports; and after
 * giving up a session, the delay before the next attempt, for its log line.
 */
final class CollectorSession implements AutoCloseable {
    /** What the managed session told, queued for the command's thread. */
    private interface Event {
    }

    private record Up(BeepSession session) implements Event {
    }

    private record Failed(Throwable cause, Duration retryIn) implements Event {
    }

    private record Lost(Duration retryIn) implements Event {
    }

    private record Closed(@Nullable Throwable cause) implements Event {
    }

    private final Target target;
    private final Duration timeout;
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final ManagedSession managed;
    private Duration retryIn = Duration.ZERO;
    private @Nullable BeepSession current;

    /** @param timeout how long {@link #close()} waits for the collector to release the session */
    CollectorSession(BeepClient client, Target target, ReconnectPolicy policy, Duration timeout) {
        this.target = target;
        this.timeout = timeout;
        this.managed = client.managedSession(target.host(), target.port()).policy(policy)
                .listener(new ManagedSession.StateListener() {
                    @Override
                    public void stateChanged(ManagedSession.StateChange change) {
                        switch (change.current()) {
                            case CONNECTED -> events.add(new Up(Objects.requireNonNull(change.session())));
                            case RECONNECTING -> events.add(new Lost(change.retryIn() == null ? Duration.ZERO
                                    : change.retryIn()));
                            case CLOSED -> events.add(new Closed(change.cause()));
                            default -> { }
                        }
                    }

                    @Override
                    public void attemptFailed(int attempts, Throwable cause, Duration next) {
                        events.add(new Failed(cause, next));
                    }
                }).start();
    }

    /**
     * The next session, waiting at most {@code wait}; null if none came up by then.
     *
     * @throws CliException when a connect attempt failed (then {@link #retryIn()} says when the next starts)
     */
    @Nullable BeepSession next(Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            Event e = take(deadline);
            if (e == null) {
                return null;
            }
            if (e instanceof Up up) {
                current = up.session();
                return current;
            }
            if (e instanceof Failed f) {
                retryIn = f.retryIn();
                throw Failures.connect(target, f.cause());
            }
            if (e instanceof Lost lost) {
                retryIn = lost.retryIn(); // a session given up before it was used
            } else if (e instanceof Closed c) {
                throw new CliException(ExitCodes.INTERNAL, "stopped connecting to " + target
                        + (c.cause() == null ? "" : ": " + Failures.message(c.cause())));
            }
        }
    }

    /**
     * Waits, at most {@code bound}, until the managed session has seen the end of the session the command gave up
     * (terminated, or lost by itself) and returns the delay before its next attempt.
     */
    Duration lost(Duration bound) {
        long deadline = System.nanoTime() + bound.toNanos();
        while (true) {
            Event e = take(deadline);
            if (e instanceof Lost lost) {
                retryIn = lost.retryIn();
                return retryIn;
            }
            if (e == null || e instanceof Closed) {
                return retryIn;
            }
        }
    }

    /** The delay before the next attempt, as last told. */
    Duration retryIn() {
        return retryIn;
    }

    private @Nullable Event take(long deadline) {
        try {
            return events.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new CliException(ExitCodes.INTERNAL, "interrupted while waiting for the collector");
        }
    }

    /**
     * Stops reconnecting and releases the session still open, waiting at most the timeout; a session the collector
     * does not release by then is ended (its lines were all acknowledged, or are counted as not).
     */
    @Override
    public void close() {
        try {
            managed.closeAsync().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            BeepSession s = current;
            if (s != null) {
                s.terminate();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
