package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.netty.BeepClient;
import org.jspecify.annotations.Nullable;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The session of one named client and its channels, one per profile: connects on first use, starts a profile's
 * channel on its first call, and connects again on the call after the session ended (or a connect failed). Only
 * futures are handed out, so nothing here waits.
 */
final class TemplateConnection implements AutoCloseable {
    private final String name;
    private final NamedClientSettings settings;
    private final Supplier<BeepClient> clients;
    private final UnaryOperator<BeepChannel> decorator;
    private final Map<String, CompletableFuture<BeepChannel>> channels = new HashMap<>();
    private @Nullable BeepClient client;
    private @Nullable CompletableFuture<BeepSession> session;
    private boolean closed;

    /**
     * @param clients   builds the client on first use
     * @param decorator wraps each channel once started (observations)
     */
    TemplateConnection(String name, NamedClientSettings settings, Supplier<BeepClient> clients,
                       UnaryOperator<BeepChannel> decorator) {
        this.name = name;
        this.settings = settings;
        this.clients = clients;
        this.decorator = decorator;
    }

    /** The open channel of {@code profile}, started (and the session connected) if need be. */
    synchronized CompletableFuture<BeepChannel> channel(String profile) {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException("the BeepTemplate of client '" + name
                    + "' is closed (the application context is closing)"));
        }
        CompletableFuture<BeepChannel> channel = channels.get(profile);
        if (channel != null && usable(channel)) {
            return channel;
        }
        CompletableFuture<BeepSession> current = session();
        channel = current.thenCompose(s -> s.startChannel(profile)).thenApply(decorator);
        channels.put(profile, channel);
        return channel;
    }

    private CompletableFuture<BeepSession> session() {
        CompletableFuture<BeepSession> current = session;
        if (current != null && (!current.isDone() || (!current.isCompletedExceptionally() && current.join().isOpen()))) {
            return current;
        }
        channels.clear(); // they belonged to the session that ended
        if (client == null) {
            client = clients.get();
        }
        current = client.connect(settings.getHost(), settings.getPort());
        session = current;
        return current;
    }

    /** A channel still starting, or open; a failed start or a closed channel is started again. */
    private static boolean usable(CompletableFuture<BeepChannel> channel) {
        return !channel.isDone() || (!channel.isCompletedExceptionally() && channel.join().isOpen());
    }

    /** Closes the client and with it the session; later calls fail. */
    @Override
    public void close() {
        BeepClient c;
        synchronized (this) {
            closed = true;
            c = client;
            client = null;
            channels.clear();
        }
        if (c != null) {
            c.close();
        }
    }
}
