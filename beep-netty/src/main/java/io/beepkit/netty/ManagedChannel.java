package io.beepkit.netty;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MessageSender;
import io.beepkit.api.MessageStream;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.ReplyListener;
import io.beepkit.api.ReplyTimeoutException;
import io.beepkit.api.SendOptions;
import io.beepkit.api.SessionUnavailableException;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;

/**
 * A channel of a {@link ManagedSession} that outlives its connections: each time the managed session connects it
 * starts a channel on {@link #profile()}, and its sends (it is a {@link MessageSender}) use the channel of the current
 * connection, with the client's default deadline unless the {@link SendOptions} give one.
 *
 * <p>While there is no connection, a send fails at once with {@link SessionUnavailableException}, or waits for one
 * up to {@link ReconnectPolicy#awaitConnection()}. A message whose exchange is under way when the connection drops
 * fails as on any channel ({@link io.beepkit.api.SessionClosedException}); it is <em>not</em> sent again, because the
 * peer may have acted on it: whether to send it again is the application's decision. A channel the peer closes while
 * the session stays up is started again only with the next connection; sends fail with
 * {@link io.beepkit.api.ChannelClosedException} meanwhile. Thread-safe and non-blocking.
 */
public final class ManagedChannel implements MessageSender {
    private final Connector connector;
    private final String profile;
    private volatile @Nullable BeepChannel current;

    ManagedChannel(Connector connector, String profile) {
        this.connector = connector;
        this.profile = profile;
    }

    /** The profile URI started on every connection. */
    public String profile() {
        return profile;
    }

    /** The channel of the current connection, or empty while there is none. */
    public Optional<BeepChannel> current() {
        return Optional.ofNullable(current);
    }

    /**
     * Sends a MSG on the current connection's channel and collects the whole reply, as
     * {@link BeepChannel#send(MimeEntity, SendOptions)}. The deadline counts from this call, time spent waiting for
     * a connection included.
     *
     * @return completes with the reply; fails with {@link SessionUnavailableException} when there is no connection
     *         (at once, or after the policy's await bound), {@link ReplyTimeoutException} when the deadline passes
     *         first, or as {@link BeepChannel#send(MimeEntity, SendOptions)} fails
     */
    @Override
    public CompletableFuture<Reply> send(MimeEntity message, SendOptions options) {
        return onChannel(options, (ch, o) -> ch.send(message, o));
    }

    /**
     * As {@link #send(MimeEntity, SendOptions)}, streaming the reply to {@code listener}; completes when the reply
     * is complete.
     */
    @Override
    public CompletableFuture<@Nullable Void> send(MimeEntity message, ReplyListener listener, SendOptions options) {
        return onChannel(options, (ch, o) -> ch.send(message, listener, o));
    }

    /**
     * Opens a MSG on the current connection's channel, as {@link BeepChannel#openMessage(MimeEntity, SendOptions)}.
     * A stream does not wait for a connection: without one, its writes and its reply fail with
     * {@link SessionUnavailableException}.
     */
    @Override
    public MessageStream openMessage(MimeEntity headers, SendOptions options) {
        BeepChannel ch = current;
        return ch != null && ch.isOpen() ? ch.openMessage(headers, options) : unavailableStream();
    }

    /** As {@link #openMessage(MimeEntity, SendOptions)}, streaming the reply to {@code listener}. */
    @Override
    public MessageStream openMessage(MimeEntity headers, ReplyListener listener, SendOptions options) {
        BeepChannel ch = current;
        return ch != null && ch.isOpen() ? ch.openMessage(headers, listener, options) : unavailableStream();
    }

    private MessageStream unavailableStream() {
        return new FailedStream(connector.unavailable("the channel on " + profile + " is not open", null));
    }

    private <T> CompletableFuture<T> onChannel(SendOptions options,
                                               BiFunction<BeepChannel, SendOptions, CompletableFuture<T>> op) {
        BeepChannel ch = current;
        if (ch != null && ch.isOpen()) {
            return op.apply(ch, options);
        }
        Duration own = options.deadline();
        Duration deadline = own != null ? own : connector.client().config().defaultDeadline();
        long start = System.nanoTime();
        CompletableFuture<BeepSession> waited = connector.awaitSession();
        if (deadline != null) {
            waited = waited.copy().orTimeout(deadline.toNanos(), TimeUnit.NANOSECONDS);
        }
        return waited.handle((s, e) -> {
            if (e != null) {
                Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
                return CompletableFuture.<T>failedFuture(cause instanceof TimeoutException
                        ? new ReplyTimeoutException("no connection for the channel on " + profile + " within "
                        + deadline.toMillis() + " ms") : cause);
            }
            BeepChannel now = current;
            if (now == null || now.session() != s) {
                // The connection we waited for is already gone again.
                return CompletableFuture.<T>failedFuture(connector.unavailable("the channel on " + profile
                        + " is not open", null));
            }
            if (deadline == null) {
                return op.apply(now, options);
            }
            Duration left = deadline.minusNanos(System.nanoTime() - start);
            return left.isNegative() || left.isZero()
                    ? CompletableFuture.<T>failedFuture(new ReplyTimeoutException("the connection for the channel on "
                    + profile + " came after the deadline of " + deadline.toMillis() + " ms"))
                    : op.apply(now, options.toBuilder().deadline(left).build());
        }).thenCompose(f -> f);
    }

    /** Binds the handle to the channel of a new connection, or unbinds it (null) when the connection is gone. */
    void bind(@Nullable BeepChannel channel) {
        this.current = channel;
    }

    @Override
    public String toString() {
        return "ManagedChannel[" + profile + "]";
    }
}
