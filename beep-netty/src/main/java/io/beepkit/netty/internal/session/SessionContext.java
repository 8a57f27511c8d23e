package io.beepkit.netty.internal.session;

import io.beepkit.netty.internal.security.OutboundHold;
import io.beepkit.api.BeepException;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.SessionRole;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.internal.ViolationLog;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.SocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What every piece of one session shares, instead of a reference to the handler: role, settings, profiles, the event
 * loop, where callbacks run, the frame writer, and where a protocol violation goes. The pieces depend on this and
 * on each other in one direction only.
 */
public final class SessionContext {
    private static final Logger log = LoggerFactory.getLogger(SessionContext.class);

    private final SessionRole role;
    private final SessionConfig config;
    private final ProfileRegistry registry;
    private final CallbackDispatcher callbacks;
    /**
     * Where non-blocking handlers and reply futures run: on the event loop (the same dispatcher when every callback
     * does). Made on first use ({@link #loopCallbacks()}): a session that never runs one, channel 0's management
     * alone, holds no second dispatcher.
     */
    private volatile CallbackDispatcher loopCallbacks;
    private final FrameWriter writer = new FrameWriter();
    private final ViolationLog violations = new ViolationLog();
    private final Consumer<BeepException> terminator;
    private final Supplier<SocketAddress> remote;
    private final SessionMemory memory;
    private final ReadTurn turn;
    private EventLoop loop;
    private volatile Channel channel;
    private boolean closed;
    /** True during a read burst (event loop only). */
    private boolean reading;
    private OutboundHold hold = OutboundHold.NONE;

    SessionContext(SessionRole role, SessionConfig config, ProfileRegistry registry, CallbackDispatcher callbacks,
                   Consumer<BeepException> terminator, Supplier<SocketAddress> remote) {
        this.role = role;
        this.config = config;
        this.registry = registry;
        this.callbacks = callbacks;
        this.loopCallbacks = callbacks.direct() ? callbacks : null;
        this.terminator = terminator;
        this.remote = remote;
        this.memory = new SessionMemory(this);
        this.turn = new ReadTurn(this, config);
        callbacks.onFailure(this::fail);
    }

    synchronized void bind(EventLoop loop) {
        this.loop = loop;
        callbacks.bind(loop);
        CallbackDispatcher onLoop = loopCallbacks;
        if (onLoop != null) {
            onLoop.bind(loop);
        }
    }

    /** The dispatcher on the event loop, made on first use (from any thread: a send's reply future asks for it). */
    private CallbackDispatcher loopCallbacks() {
        CallbackDispatcher onLoop = loopCallbacks;
        if (onLoop != null) {
            return onLoop;
        }
        synchronized (this) {
            onLoop = loopCallbacks;
            if (onLoop == null) {
                onLoop = new CallbackDispatcher(null, true);
                onLoop.onFailure(this::fail);
                // Bound before it is published; a session bound later binds it in bind().
                EventLoop l = loop;
                if (l != null) {
                    onLoop.bind(l);
                    if (l.inEventLoop() && reading) {
                        onLoop.beginRead(); // made mid-burst: its callbacks run at the burst's end, as the others'
                    }
                }
                loopCallbacks = onLoop;
            }
            return onLoop;
        }
    }

    /** The session's share of each event-loop turn. */
    ReadTurn turn() {
        return turn;
    }

    /** Reads from the socket unless the session is over its memory budget or waits for its next turn. */
    void updateReading() {
        Channel ch = channel;
        if (ch != null) {
            ch.config().setAutoRead(!memory.paused() && !turn.yielded());
        }
    }

    /** A read burst begins: the callbacks it causes are collected. */
    void beginRead() {
        reading = true;
        turn.begin();
        CallbackDispatcher onLoop = loopCallbacks;
        if (onLoop != null && onLoop != callbacks) {
            onLoop.beginRead();
        }
        callbacks.beginRead();
    }

    /** A long read burst is cut ({@link ReadSlices}): its callbacks so far run or go, and what they wrote leaves. */
    void cutRead() {
        CallbackDispatcher onLoop = loopCallbacks;
        if (onLoop != null && onLoop != callbacks) {
            onLoop.cutRead();
        }
        callbacks.cutRead();
        writer.cutRead();
    }

    /** The read burst ended: non-blocking handlers run now, on the loop; the others go to the callback executor. */
    void endRead() {
        reading = false;
        CallbackDispatcher onLoop = loopCallbacks;
        if (onLoop != null && onLoop != callbacks) {
            onLoop.endRead();
        }
        callbacks.endRead();
    }

    /** Our role in the session. */
    public SessionRole role() {
        return role;
    }

    /** The session's settings. */
    public SessionConfig config() {
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

    /**
     * Where the futures of the session's own MSGs complete ({@code BeepChannel.send}): on the event loop unless
     * {@code BeepResources.replyFuturesOnEventLoop} is off, at the end of the read that brought the reply, so a
     * continuation that sends the next MSG needs no hand-off to a callback thread and back; else where every other
     * callback runs.
     */
    public Executor replies() {
        return callbacks.repliesOnLoop() ? loopCallbacks() : callbacks;
    }

    /**
     * Where {@code handler}'s callbacks run: on the event loop when it declares itself
     * {@linkplain ProfileHandler#nonBlocking() non-blocking}, else where every other callback runs.
     */
    public Executor callbacksFor(ProfileHandler handler) {
        return handler != null && handler.nonBlocking() ? loopCallbacks() : callbacks;
    }

    /** True when {@code handler}'s callbacks run on the event loop ({@link #callbacksFor}). */
    public boolean onLoopFor(ProfileHandler handler) {
        return callbacks.direct() || handler != null && handler.nonBlocking();
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

    /** What may be sent now (everything, except while TLS is being negotiated). */
    public OutboundHold hold() {
        return hold;
    }

    void hold(OutboundHold hold) {
        this.hold = hold;
    }

    /** The peer's address, for log lines and exception messages. */
    public SocketAddress remoteAddress() {
        return remote.get();
    }

    /** Ends the session for a protocol violation or the peer's refusal: one log line, TCP closed, futures failed. */
    public void terminate(BeepException e) {
        terminator.accept(e);
    }

    /**
     * Runs {@code task} on the event loop: now if already there (what it throws goes to the caller, whose own
     * failure routing applies), else queued as a {@linkplain #guarded guarded} task.
     */
    public void onLoop(Runnable task) {
        if (loop == null || loop.inEventLoop()) {
            task.run();
            return;
        }
        try {
            loop.execute(guarded(task));
        } catch (RejectedExecutionException loopGone) {
            // The event loop has stopped for good (its transport was shut down), so nothing else touches the
            // session any more: run the task here, where it finds the session closed and completes what it holds
            // (fails a send's future, releases a late reply) instead of throwing at the application.
            try {
                task.run();
            } catch (Throwable t) {
                log.debug("task for a session whose event loop has stopped threw", t);
            }
        }
    }

    /** Runs {@code task} on the event loop in a guarded task of its own, never inside the caller's. */
    public void onLoopLater(Runnable task) {
        if (loop != null) {
            loop.execute(guarded(task));
        }
    }

    /** Runs {@code task} on the event loop after {@code nanos}, guarded. */
    public java.util.concurrent.Future<?> schedule(Runnable task, long nanos) {
        return loop.schedule(guarded(task), nanos, TimeUnit.NANOSECONDS);
    }

    /**
     * {@code task} wrapped so that whatever it throws fails this session instead of being logged and dropped by the
     * event loop, which would leave the session's futures pending and its peer waiting.
     */
    Runnable guarded(Runnable task) {
        return () -> {
            try {
                task.run();
            } catch (Throwable t) {
                fail(t);
            }
        };
    }

    void bindChannel(Channel ch) {
        this.channel = ch;
    }

    /**
     * Fails the session for something other than a protocol violation (a bug, an {@link Error} in application
     * code): routed to the session handler's error handling on the event loop, which logs one line and closes; the
     * session's pending futures then fail with {@code SessionClosedException} carrying {@code cause}.
     */
    public void fail(Throwable cause) {
        Channel ch = channel;
        if (ch == null) {
            return;
        }
        if (ch.eventLoop().inEventLoop()) {
            ch.pipeline().fireExceptionCaught(cause);
            return;
        }
        try {
            ch.eventLoop().execute(() -> ch.pipeline().fireExceptionCaught(cause));
        } catch (RejectedExecutionException loopGone) {
            log.debug("session failure after its event loop stopped", cause); // the session is closed already
        }
    }

    /** A future that completes on the callback executor once {@code f} completes. */
    public <T> CompletableFuture<T> completeOnCallbacks(CompletableFuture<T> f) {
        return f.whenCompleteAsync((v, e) -> { }, callbacks);
    }
}
