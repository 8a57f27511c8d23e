package io.beepkit.spring;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.ManagedSession;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The session of one named client and its channels, one per profile. The session is a {@link ManagedSession}, made on
 * first use and from then on kept up by the library (connecting again with backoff after a loss); a profile's channel
 * starts on the current session at its first call there. A call made while there is no session waits for the next
 * connect attempt and fails with that attempt's failure if it fails (the managed session keeps trying). Only futures
 * are handed out, so nothing here waits.
 */
final class TemplateConnection implements AutoCloseable {
    private final String name;
    private final Supplier<TemplateTarget> target;
    private final Supplier<BeepClient> clients;
    private final UnaryOperator<BeepChannel> decorator;
    // Guarded by this.
    private final Map<String, CompletableFuture<BeepChannel>> channels = new HashMap<>();
    private final List<CompletableFuture<BeepSession>> waiting = new ArrayList<>();
    private @Nullable BeepSession channelsOf;
    private @Nullable BeepClient client;
    private @Nullable ManagedSession managed;
    private boolean closed;

    /**
     * @param target    resolved on first use
     * @param clients   builds the client on first use
     * @param decorator wraps each channel once started (observations)
     */
    TemplateConnection(String name, Supplier<TemplateTarget> target, Supplier<BeepClient> clients,
                       UnaryOperator<BeepChannel> decorator) {
        this.name = name;
        this.target = target;
        this.clients = clients;
        this.decorator = decorator;
    }

    /** The open channel of {@code profile} on the current session, started (and the session awaited) if need be. */
    synchronized CompletableFuture<BeepChannel> channel(String profile) {
        if (closed) {
            return CompletableFuture.failedFuture(closedFailure());
        }
        ManagedSession m;
        try {
            m = managed();
        } catch (RuntimeException e) { // the target or the client could not be made: this call fails, the next tries
            return CompletableFuture.failedFuture(e);
        }
        BeepSession s = m.session();
        if (s != null && s.isOpen()) {
            return channelOn(s, profile);
        }
        CompletableFuture<BeepSession> next = m.whenConnected();
        waiting.removeIf(CompletableFuture::isDone);
        waiting.add(next);
        return next.thenCompose(up -> channelOn(up, profile));
    }

    private synchronized CompletableFuture<BeepChannel> channelOn(BeepSession s, String profile) {
        if (closed) {
            return CompletableFuture.failedFuture(closedFailure());
        }
        if (s != channelsOf) {
            channels.clear(); // they belonged to the session that ended
            channelsOf = s;
        }
        CompletableFuture<BeepChannel> channel = channels.get(profile);
        if (channel != null && usable(channel)) {
            return channel;
        }
        channel = s.startChannel(profile).thenApply(decorator);
        channels.put(profile, channel);
        return channel;
    }

    private ManagedSession managed() {
        ManagedSession m = managed;
        if (m == null) {
            if (client == null) {
                client = clients.get();
            }
            TemplateTarget t = target.get();
            m = client.managedSession(t.host(), t.port()).policy(t.reconnect()).listener(new AttemptFailures()).start();
            managed = m;
        }
        return m;
    }

    /** Fails the calls waiting for a session with what the connect attempt failed with. */
    private synchronized void failWaiting(Throwable cause) {
        waiting.forEach(w -> w.completeExceptionally(cause));
        waiting.clear();
    }

    private IllegalStateException closedFailure() {
        return new IllegalStateException("the BeepTemplate of client '" + name
                + "' is closed (the application context is closing)");
    }

    /** A channel still starting, or open; a failed start or a closed channel is started again. */
    private static boolean usable(CompletableFuture<BeepChannel> channel) {
        return !channel.isDone() || (!channel.isCompletedExceptionally() && channel.join().isOpen());
    }

    /** Closes the managed session (releasing the session) and the client; later calls fail. */
    @Override
    public void close() {
        BeepClient c;
        ManagedSession m;
        synchronized (this) {
            closed = true;
            c = client;
            m = managed;
            client = null;
            managed = null;
            channels.clear();
        }
        failWaiting(closedFailure());
        if (m != null) {
            m.close();
        }
        if (c != null) {
            c.close();
        }
    }

    /** Hears of failed connect attempts: the calls waiting for a session fail with the attempt's failure. */
    private final class AttemptFailures implements ManagedSession.StateListener {
        @Override
        public void stateChanged(ManagedSession.StateChange change) {
            // A connection completes the waiting calls itself (ManagedSession.whenConnected).
        }

        @Override
        public void attemptFailed(int attempts, Throwable cause, Duration retryIn) {
            failWaiting(cause);
        }
    }
}
