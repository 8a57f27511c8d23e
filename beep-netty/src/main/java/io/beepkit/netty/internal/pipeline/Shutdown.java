package io.beepkit.netty.internal.pipeline;

import io.beepkit.netty.internal.session.DefaultBeepSession;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.Future;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The steps of closing a server or client, each a future, so that nothing waits on a thread: stop listening, ask the
 * sessions to release, end those that did not within the grace period, then stop the event loops the closing object
 * owns.
 */
public final class Shutdown {
    /** How long terminated sessions get to report their end before the event loops stop anyway. */
    private static final Duration TERMINATION_BOUND = Duration.ofSeconds(2);
    /** How long a Netty close or shutdown may take to report before the close goes on without it. */
    private static final Duration NETTY_BOUND = Duration.ofSeconds(5);
    /** How soon a refused release is asked again within the grace period. */
    static final Duration RELEASE_RETRY = Duration.ofMillis(200);

    private Shutdown() {
    }

    /** Completes once {@code listener} (if any) no longer accepts connections. */
    public static CompletableFuture<@Nullable Void> unbind(@Nullable Channel listener) {
        return listener == null ? CompletableFuture.completedFuture(null) : of(listener.close());
    }

    /**
     * Asks every session to release (RFC 3080 §2.3.1.3) and waits up to {@code grace} for them to end; then ends the
     * sessions still open at once. A peer refuses a release while it awaits a reply (RFC 3080 §2.3.1.3: it must
     * first receive its replies), so a refused release is asked again every {@link #RELEASE_RETRY} within the grace
     * period: an exchange under way finishes, then the session goes. Completes once every session reported its end,
     * or after a short bound.
     */
    public static CompletableFuture<@Nullable Void> closeSessions(Collection<DefaultBeepSession> sessions,
                                                                  Duration grace) {
        List<DefaultBeepSession> snapshot = new ArrayList<>(sessions);
        CompletableFuture<@Nullable Void> released;
        if (grace.isZero() || snapshot.isEmpty()) {
            released = CompletableFuture.completedFuture(null);
        } else {
            long deadline = System.nanoTime() + grace.toNanos();
            CompletableFuture<?>[] releases = snapshot.stream()
                    .map(s -> release(s, deadline)).toArray(CompletableFuture[]::new);
            released = CompletableFuture.allOf(releases).exceptionally(e -> null)
                    .completeOnTimeout(null, grace.toMillis(), TimeUnit.MILLISECONDS);
        }
        return released.thenCompose(v -> {
            CompletableFuture<?>[] ends = snapshot.stream().map(s -> {
                s.terminate();
                return s.ended();
            }).toArray(CompletableFuture[]::new);
            return CompletableFuture.allOf(ends).exceptionally(e -> null)
                    .completeOnTimeout(null, TERMINATION_BOUND.toMillis(), TimeUnit.MILLISECONDS);
        });
    }

    /** Completes when {@code session} ended or was released, asking again after each refusal until the deadline. */
    private static CompletableFuture<@Nullable Void> release(DefaultBeepSession session, long deadline) {
        CompletableFuture<@Nullable Void> done = new CompletableFuture<>();
        session.ended().whenComplete((v, e) -> done.complete(null));
        askRelease(session, deadline, done);
        return done;
    }

    private static void askRelease(DefaultBeepSession session, long deadline, CompletableFuture<@Nullable Void> done) {
        if (done.isDone()) {
            return;
        }
        session.close().whenComplete((v, refused) -> {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (refused == null || !session.isOpen() || left <= 0) {
                done.complete(null);
                return;
            }
            CompletableFuture.delayedExecutor(Math.min(RELEASE_RETRY.toMillis(), left), TimeUnit.MILLISECONDS)
                    .execute(() -> askRelease(session, deadline, done));
        });
    }

    /**
     * Shuts {@code groups} down one after the other, in their order, each once the one before has ended; completes
     * once all their threads ended. For loops whose sessions were already ended: without a quiet period. Give the
     * accepting loop first: a connection it accepted is handed to an I/O loop to be registered, and an I/O loop already
     * stopped drops that hand-off, leaving the socket open and its peer waiting for an end that never comes.
     */
    public static CompletableFuture<@Nullable Void> stopLoops(List<EventLoopGroup> groups) {
        return stopLoops(groups, Duration.ZERO);
    }

    /**
     * As {@link #stopLoops(List)}, for loops that may still carry connections: Netty closes a stopping loop's channels
     * on its next turn, but with no quiet period a loop told to stop in the middle of a turn ends without another one
     * and leaves its channels open (their peers never learn the session ended). A quiet period gives it that turn.
     */
    public static CompletableFuture<@Nullable Void> stopLoops(List<EventLoopGroup> groups, Duration quiet) {
        CompletableFuture<@Nullable Void> done = CompletableFuture.completedFuture(null);
        for (EventLoopGroup g : groups) {
            done = done.thenCompose(v -> of(g.shutdownGracefully(quiet.toMillis(), 2_000, TimeUnit.MILLISECONDS)));
        }
        return done.exceptionally(e -> null);
    }

    /**
     * A Netty future as a {@link CompletableFuture} that completes (with null) however the Netty one ends, or after a
     * bound: a Netty future whose event loop has already stopped never notifies its listeners.
     */
    private static CompletableFuture<@Nullable Void> of(Future<?> nettyFuture) {
        CompletableFuture<@Nullable Void> f = new CompletableFuture<>();
        nettyFuture.addListener(x -> f.complete(null));
        if (nettyFuture.isDone()) {
            f.complete(null);
        }
        return f.completeOnTimeout(null, NETTY_BOUND.toMillis(), TimeUnit.MILLISECONDS);
    }
}
