package io.beepkit.netty;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.ReplyListener;
import io.beepkit.api.SessionUnavailableException;
import org.jspecify.annotations.Nullable;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * A channel of a {@link ManagedSession} that outlives its connections: each time the managed session connects it
 * starts a channel on {@link #profile()}, and {@link #send(MimeEntity)} uses the channel of the current connection.
 *
 * <p>While there is no connection, a send fails at once with {@link SessionUnavailableException}, or waits for one
 * up to {@link ReconnectPolicy#awaitConnection()}. A message whose exchange is under way when the connection drops
 * fails as on any channel ({@link io.beepkit.api.SessionClosedException}); it is <em>not</em> sent again, because the
 * peer may have acted on it: whether to send it again is the application's decision. A channel the peer closes while
 * the session stays up is started again only with the next connection; sends fail with
 * {@link io.beepkit.api.ChannelClosedException} meanwhile. Thread-safe and non-blocking.
 */
public final class ManagedChannel {
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
     * Sends a MSG on the current connection's channel and collects the whole reply, as {@link BeepChannel#send}.
     *
     * @return completes with the reply; fails with {@link SessionUnavailableException} when there is no connection
     *         (at once, or after the policy's await bound), or as {@link BeepChannel#send(MimeEntity)} fails
     */
    public CompletableFuture<Reply> send(MimeEntity message) {
        return onChannel(ch -> ch.send(message));
    }

    /** As {@link #send(MimeEntity)}, streaming the reply to {@code listener}; completes when the reply is complete. */
    public CompletableFuture<@Nullable Void> send(MimeEntity message, ReplyListener listener) {
        return onChannel(ch -> ch.send(message, listener));
    }

    private <T> CompletableFuture<T> onChannel(Function<BeepChannel, CompletableFuture<T>> op) {
        BeepChannel ch = current;
        if (ch != null && ch.isOpen()) {
            return op.apply(ch);
        }
        return connector.awaitSession().thenCompose(s -> {
            BeepChannel now = current;
            if (now == null || now.session() != s) {
                // The connection we waited for is already gone again.
                return CompletableFuture.failedFuture(connector.unavailable("the channel on " + profile
                        + " is not open", null));
            }
            return op.apply(now);
        });
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
