package io.beepkit.bench.baseline;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.BeepServer;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * BEEP with the default profile: one session, {@code channels} echo channels and as many sink channels (empty RPY;
 * the server's default sink, a {@link io.beepkit.netty.DiscardingSink}, drops each frame without copying it, as the
 * raw TCP baseline does), one I/O thread on each side as for the baselines. The payload on the wire is CRLF plus the body, so a request of
 * {@code n} octets carries an {@code n-2}-octet body. Application callbacks (the listener's echo, the client's
 * completions and so its next call) run as the library ships: the listener's echo on the event loop (it is
 * non-blocking), the client's reply futures completed on the event loop; {@code beep-offloop} completes them on the
 * callback executor instead ({@code BeepResources.replyFuturesOnEventLoop(false)}); with {@code direct} every
 * callback runs on the loop ({@code BeepResources.directCallbacks}), where the baselines run their handlers;
 * {@code beep-virtual} runs callbacks off the loop on a virtual thread per task (Java 21 or newer).
 */
final class BeepTransport implements Transport {
    private final boolean direct;
    private final boolean virtualThreads;
    private final boolean repliesOnLoop;
    private ExecutorService callbackExecutor;
    private BeepServer server;
    private BeepClient client;
    /** One I/O thread each for the listener and the initiator. */
    private BeepResources serverThreads;
    private BeepResources clientThreads;
    private BeepSession session;
    private final List<BeepChannel> echo = new ArrayList<>();
    private final List<BeepChannel> sink = new ArrayList<>();
    private byte[] lastPayload;
    private MimeEntity lastEntity;

    BeepTransport(boolean direct) {
        this(direct, false, true);
    }

    /**
     * @param virtualThreads callbacks off the loop on a virtual thread per task (Java 21 or newer)
     * @param repliesOnLoop  reply futures completed on the event loop (the library's default)
     */
    BeepTransport(boolean direct, boolean virtualThreads, boolean repliesOnLoop) {
        this.direct = direct;
        this.virtualThreads = virtualThreads;
        this.repliesOnLoop = repliesOnLoop;
    }

    /** A virtual thread per task, looked up reflectively: the benchmarks compile for Java 17. */
    private static ExecutorService newVirtualThreadPerTaskExecutor() {
        try {
            return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("beep-virtual needs Java 21 or newer; this is Java "
                    + Runtime.version().feature(), e);
        }
    }

    @Override
    public void open(int channels) {
        if (virtualThreads) {
            callbackExecutor = newVirtualThreadPerTaskExecutor();
        }
        SessionConfig config = SessionConfig.builder()
                .limits(SessionLimits.builder().maxMessageSize(4 << 20).build()).build();
        serverThreads = BeepResources.builder().ioThreads(1).directCallbacks(direct)
                .replyFuturesOnEventLoop(repliesOnLoop)
                .callbackExecutor(callbackExecutor).threadNamePrefix("bench-server").build();
        clientThreads = BeepResources.builder().ioThreads(1).directCallbacks(direct)
                .replyFuturesOnEventLoop(repliesOnLoop)
                .callbackExecutor(callbackExecutor).threadNamePrefix("bench-client").build();
        server = BeepServer.builder().bind("127.0.0.1", 0).session(config).resources(serverThreads).build().start()
                .join();
        client = BeepClient.builder().session(config).resources(clientThreads).build();
        session = client.connect("127.0.0.1", server.port()).join();
        for (int i = 0; i < channels; i++) {
            echo.add(session.startChannel(StandardProfiles.ECHO).join());
            sink.add(session.startChannel(StandardProfiles.SINK).join());
        }
    }

    @Override
    public CompletableFuture<Integer> call(int channel, byte[] payload, boolean isEcho) {
        MimeEntity entity = entity(payload);
        BeepChannel ch = (isEcho ? echo : sink).get(channel);
        // An echo carries the body back (CRLF + body on the wire); the sink's empty RPY carries nothing.
        return ch.send(entity).thenApply(reply -> isEcho ? reply.entity().body().length + 2
                : reply.entity().body().length);
    }

    /** One entity per payload array (the benchmark reuses its payload), so the hot path allocates no body copy. */
    private MimeEntity entity(byte[] payload) {
        synchronized (this) {
            if (payload != lastPayload) {
                lastPayload = payload;
                lastEntity = MimeEntity.of(new byte[payload.length - 2]);
            }
            return lastEntity;
        }
    }

    @Override
    public void close() {
        if (session != null) {
            session.close().orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
        }
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
        if (clientThreads != null) {
            clientThreads.close();
            serverThreads.close();
        }
        if (callbackExecutor != null) {
            callbackExecutor.shutdown();
        }
    }
}
