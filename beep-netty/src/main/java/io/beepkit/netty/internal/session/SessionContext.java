package io.beepkit.netty.internal.session;

import io.beepkit.api.BeepException;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.SessionRole;
import io.beepkit.netty.BeepConfig;
import io.beepkit.netty.internal.ViolationLog;
import io.netty.channel.EventLoop;

import java.net.SocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What every piece of one session shares, instead of a reference to the handler: role, settings, profiles, the event
 * loop, where callbacks run, the frame writer, and where a protocol violation goes. The pieces depend on this and
 * on each other in one direction only.
 */
public final class SessionContext {
    private final SessionRole role;
    private final BeepConfig config;
    private final ProfileRegistry registry;
    private final CallbackDispatcher callbacks;
    private final FrameWriter writer = new FrameWriter();
    private final ViolationLog violations = new ViolationLog();
    private final Consumer<BeepException> terminator;
    private final Supplier<SocketAddress> remote;
    private final SessionMemory memory;
    private EventLoop loop;
    private boolean closed;

    SessionContext(SessionRole role, BeepConfig config, ProfileRegistry registry, CallbackDispatcher callbacks,
                   Consumer<BeepException> terminator, Supplier<SocketAddress> remote) {
        this.role = role;
        this.config = config;
        this.registry = registry;
        this.callbacks = callbacks;
        this.terminator = terminator;
        this.remote = remote;
        this.memory = new SessionMemory(this);
    }

    void bind(EventLoop loop) {
        this.loop = loop;
        callbacks.bind(loop);
    }

    /** Our role in the session. */
    public SessionRole role() {
        return role;
    }

    /** The session's settings. */
    public BeepConfig config() {
        return config;
    }

    /** The profiles we offer. */
    public ProfileRegistry registry() {
        return registry;
    }

    /** Where application callbacks and future completions run. */
    public CallbackDispatcher callbacks() {
        return callbacks;
    }

    /** The one writer of frames. */
    public FrameWriter writer() {
        return writer;
    }

    /** The session's protocol-violation log: one WARN per kind, then counted. */
    public ViolationLog violations() {
        return violations;
    }

    /** What the peer makes this session hold, against its memory budget. */
    public SessionMemory memory() {
        return memory;
    }

    /** The session's event loop (null before the handler is added). */
    public EventLoop loop() {
        return loop;
    }

    /** True once the session has shut down. */
    public boolean closed() {
        return closed;
    }

    void markClosed() {
        closed = true;
    }

    /** The peer's address, for log lines and exception messages. */
    public SocketAddress remoteAddress() {
        return remote.get();
    }

    /** Ends the session for a protocol violation or the peer's refusal: one log line, TCP closed, futures failed. */
    public void terminate(BeepException e) {
        terminator.accept(e);
    }

    /** Runs {@code task} on the event loop: now if already there, else queued. */
    public void onLoop(Runnable task) {
        if (loop == null || loop.inEventLoop()) {
            task.run();
        } else {
            loop.execute(task);
        }
    }

    /** Runs {@code task} on the event loop in a task of its own, never inside the caller's. */
    public void onLoopLater(Runnable task) {
        if (loop != null) {
            loop.execute(task);
        }
    }

    /** A future that completes on the callback executor once {@code f} completes. */
    public <T> CompletableFuture<T> completeOnCallbacks(CompletableFuture<T> f) {
        return f.whenCompleteAsync((v, e) -> { }, callbacks);
    }
}
