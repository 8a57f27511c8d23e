package io.beepkit.bench;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The set-up the request/response benchmarks share: a listener with the application's own profile handlers and an
 * initiator, both in this process with one I/O thread each of its own and the same configuration, one session between them over
 * loopback TCP and one open channel. {@link #close()} tears it all down.
 */
final class LoopbackChannel implements AutoCloseable {
    private final BeepResources serverThreads;
    private final BeepResources clientThreads;
    private final BeepServer server;
    private final BeepClient client;
    private final BeepSession session;
    private final BeepChannel channel;

    private LoopbackChannel(BeepResources serverThreads, BeepResources clientThreads, BeepServer server,
                            BeepClient client, BeepSession session, BeepChannel channel) {
        this.serverThreads = serverThreads;
        this.clientThreads = clientThreads;
        this.server = server;
        this.client = client;
        this.session = session;
        this.channel = channel;
    }

    /** As {@link #open(SessionConfig, String, boolean)} with callbacks off the event loop. */
    static LoopbackChannel open(SessionConfig config, String profileUri) {
        return open(config, profileUri, false);
    }

    /**
     * Starts both peers with {@code config}, one I/O thread each, callbacks on the event loop when
     * {@code directCallbacks}, and opens a channel of {@code profileUri}, waiting for each step.
     */
    static LoopbackChannel open(SessionConfig config, String profileUri, boolean directCallbacks) {
        BeepResources serverThreads = BeepResources.builder().ioThreads(1).directCallbacks(directCallbacks)
                .threadNamePrefix("bench-server").build();
        BeepResources clientThreads = BeepResources.builder().ioThreads(1).directCallbacks(directCallbacks)
                .threadNamePrefix("bench-client").build();
        // The application's own handlers, off the loop unless the callbacks are direct.
        BeepServer server = ApplicationProfiles.register(BeepServer.builder().bind("127.0.0.1", 0).session(config)
                .resources(serverThreads)).build().start().join();
        BeepClient client = BeepClient.builder().session(config).resources(clientThreads).build();
        BeepSession session = client.connect("127.0.0.1", server.port()).join();
        BeepChannel channel = session.startChannel(profileUri).join();
        return new LoopbackChannel(serverThreads, clientThreads, server, client, session, channel);
    }

    /** The initiator's open channel. */
    BeepChannel channel() {
        return channel;
    }

    /**
     * Sends {@code count} copies of {@code message} with at most {@code inFlight} outstanding and waits (a minute at
     * most) until every reply has arrived.
     */
    void sendPipelined(MimeEntity message, int count, int inFlight) throws Exception {
        Semaphore outstanding = new Semaphore(inFlight);
        CompletableFuture<?>[] all = new CompletableFuture<?>[count];
        for (int i = 0; i < count; i++) {
            outstanding.acquire();
            CompletableFuture<Reply> f = channel.send(message);
            f.whenComplete((r, e) -> outstanding.release());
            all[i] = f;
        }
        CompletableFuture.allOf(all).get(60, TimeUnit.SECONDS);
    }

    /** Closes the session (giving up after 5 seconds), then the initiator and the listener. */
    @Override
    public void close() {
        session.close().orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
        client.close();
        server.close();
        clientThreads.close();
        serverThreads.close();
    }
}
