package io.beepkit.netty.internal.pipeline;

import io.beepkit.api.BeepException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.SessionRole;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.internal.ListenerLoops;
import io.beepkit.netty.internal.ListenerSetup;
import io.beepkit.netty.internal.SocketBufferFloor;
import io.beepkit.netty.internal.SocketSetup;
import io.beepkit.netty.internal.Transport;
import io.beepkit.netty.internal.security.SecurityEndpoint;
import io.beepkit.netty.internal.session.CallbackSetup;
import io.beepkit.netty.internal.session.DefaultBeepSession;
import io.beepkit.netty.internal.session.ListenerMemory;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import org.jspecify.annotations.Nullable;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * A started listener's machinery: its event loops, the server channel bound to its address, the pipeline every
 * accepted connection gets and the sessions open on it. {@code BeepServer} keeps the settings and the lifecycle rules
 * (start once, close once); this class binds, and takes down in order: stop accepting, release the sessions, stop
 * the loops it owns.
 */
public final class ListenerSocket {
    private final ListenerLoops loops;
    private final Transport transport;
    private final SessionConfig config;
    private final PipelineInitializer pipeline;
    private final Set<DefaultBeepSession> sessions = ConcurrentHashMap.newKeySet();
    private volatile @Nullable Channel channel;

    /**
     * The machinery of a listener on {@code loops}, not yet bound; each accepted connection becomes a session with
     * {@code config}, serving {@code registry}, handed to {@code onSession} once greetings are exchanged.
     */
    public ListenerSocket(ListenerLoops loops, Transport transport, SessionConfig config, ProfileRegistry registry,
                          Consumer<BeepSession> onSession, SecurityEndpoint security, CallbackSetup callbacks,
                          ListenerSetup listener) {
        this.loops = loops;
        this.transport = transport;
        this.config = config;
        Consumer<DefaultBeepSession> ended = sessions::remove; // one for all sessions: none holds a stage of its own
        this.pipeline = new PipelineInitializer(SessionRole.LISTENER, config, registry, transport, s -> {
            sessions.add(s);
            s.onEnded(ended);
        }, onSession, security, callbacks, listener, null, 0);
    }

    /**
     * Binds {@code host:port} and starts accepting. The future completes with the bound channel, or fails with a
     * {@link BeepException} naming the address after the loops this listener owns were stopped.
     */
    public CompletableFuture<Channel> bind(String host, int port) {
        ServerBootstrap b = new ServerBootstrap().group(loops.accept(), loops.io()).channel(transport.serverChannel());
        SocketSetup.applyServer(b, config.socket(), transport);
        SocketBufferFloor.logIfRaised(config.socket(), "listener");
        SocketSetup.keepAliveServer(b, config.socket().keepAlive(), transport);
        b.childHandler(pipeline);
        CompletableFuture<Channel> bound = new CompletableFuture<>();
        b.bind(host, port).addListener((ChannelFutureListener) cf -> {
            if (cf.isSuccess()) {
                channel = cf.channel();
                bound.complete(cf.channel());
            } else {
                Shutdown.stopLoops(loops.toStop());
                bound.completeExceptionally(new BeepException("cannot listen on " + host + ":" + port
                        + ": " + cf.cause().getMessage(), cf.cause()));
            }
        });
        return bound;
    }

    /** The bound address, or null before {@link #bind} completed. */
    public @Nullable InetSocketAddress localAddress() {
        Channel c = channel;
        return c == null ? null : (InetSocketAddress) c.localAddress();
    }

    /** The sessions open now. */
    public List<BeepSession> sessions() {
        return new ArrayList<>(sessions);
    }

    /** The memory all sessions of this listener hold, against its budget. */
    public ListenerMemory memory() {
        return pipeline.listenerMemory();
    }

    /** True on a thread of this listener's event loops. */
    public boolean inLoop() {
        return loops.inLoop();
    }

    /**
     * Stops accepting, asks every session to release and waits up to {@code grace} for them, ends those still open,
     * then stops the loops this listener owns.
     */
    public CompletableFuture<@Nullable Void> close(Duration grace) {
        return Shutdown.unbind(channel)
                .thenCompose(v -> Shutdown.closeSessions(sessions, grace))
                .thenCompose(v -> Shutdown.stopLoops(loops.toStop()));
    }
}
