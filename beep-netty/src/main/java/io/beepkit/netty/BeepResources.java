package io.beepkit.netty;

import io.beepkit.core.LibraryThreads;
import io.beepkit.netty.internal.Transport;
import io.beepkit.netty.internal.pipeline.Shutdown;
import io.beepkit.netty.internal.session.CallbackSetup;
import io.netty.channel.EventLoopGroup;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Event loops and a callback executor that many {@link BeepServer}s and {@link BeepClient}s share, so that an
 * application with several listeners and clients runs them on one set of threads. Give it to their builders with
 * {@code resources(...)}; they then never shut it down: its owner, who created it, closes it once they are all
 * closed. Without it each server and client creates and owns threads of its own, as it always has.
 *
 * <pre>{@code
 * try (BeepResources resources = BeepResources.builder().ioThreads(2).build()) {
 *     BeepServer server = BeepServer.builder().resources(resources).bind("127.0.0.1", 10288).build();
 *     BeepClient client = BeepClient.builder().resources(resources).build();
 *     ...
 * }
 * }</pre>
 *
 * <p>This is the one home of threads and where callbacks run: the I/O threads, the transport (native epoll or NIO),
 * the callback executor and direct callbacks are chosen here, once, for everything that shares these resources.
 */
public final class BeepResources implements AutoCloseable {
    /** Time each loop stays after closing its channels: see Shutdown.stopLoops(List, Duration). */
    private static final Duration CLOSE_QUIET_PERIOD = Duration.ofMillis(100);

    private final Transport transport;
    private final EventLoopGroup ioGroup;
    private final EventLoopGroup acceptGroup;
    private final @Nullable Executor callbackExecutor;
    private final boolean directCallbacks;
    private final boolean replyFuturesOnEventLoop;
    private final CompletableFuture<@Nullable Void> terminated = new CompletableFuture<>();
    private final AtomicBoolean closing = new AtomicBoolean();

    private BeepResources(Builder b) {
        this.transport = Transport.select(b.nativeTransport);
        this.ioGroup = transport.newGroup(b.ioThreads, b.threadNamePrefix);
        // Accepting has a thread of its own (see BeepServer): sessions busy on the I/O threads must not delay it.
        this.acceptGroup = transport.newGroup(1, b.threadNamePrefix + "-accept");
        this.callbackExecutor = b.callbackExecutor;
        this.directCallbacks = b.directCallbacks;
        this.replyFuturesOnEventLoop = b.replyFuturesOnEventLoop;
    }

    /** Resources with the defaults: Netty's default number of I/O threads, the library's callback pool. */
    public static BeepResources create() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** The I/O transport of the event loops: {@code epoll} or {@code nio}. */
    public String transport() {
        return transport.name();
    }

    /** The event loops sessions run on. */
    public EventLoopGroup eventLoopGroup() {
        return ioGroup;
    }

    /** The executor for application callbacks, or null for the library's shared pool. */
    public @Nullable Executor callbackExecutor() {
        return callbackExecutor;
    }

    /** True when application callbacks run on the event loop instead of the callback executor. */
    public boolean directCallbacks() {
        return directCallbacks;
    }

    /** True when the futures of {@code BeepChannel.send} complete on the event loop (see the builder). */
    public boolean replyFuturesOnEventLoop() {
        return replyFuturesOnEventLoop;
    }

    /** Where the callbacks of sessions on these resources run. */
    CallbackSetup callbackSetup() {
        return new CallbackSetup(callbackExecutor, directCallbacks, replyFuturesOnEventLoop);
    }

    /** True once {@link #closeAsync()} or {@link #close()} was called. */
    public boolean isClosed() {
        return closing.get();
    }

    /**
     * Shuts the event loops down; sessions still running on them end abruptly (close servers and clients first for a
     * clean end). The future completes once every loop thread has ended. Idempotent; each call returns a new future,
     * whose completion by the caller changes nothing.
     */
    public CompletableFuture<@Nullable Void> closeAsync() {
        if (closing.compareAndSet(false, true)) {
            // Sessions may still run on these loops: a short quiet period makes sure each loop closes its channels
            // (Shutdown.stopLoops says why), the accepting loop first, the I/O loops once it ended.
            Shutdown.stopLoops(List.of(acceptGroup, ioGroup), CLOSE_QUIET_PERIOD)
                    .whenComplete((v, e) -> terminated.complete(null));
        }
        return terminated.copy();
    }

    /**
     * As {@link #closeAsync()}, waiting for the threads to end, except on one of beepkit's event loops or inside a
     * beepkit callback, where it returns at once (waiting there could wait for the waiting thread itself).
     */
    @Override
    public void close() {
        CompletableFuture<@Nullable Void> done = closeAsync();
        if (!LibraryThreads.mustNotBlock() && !inOwnLoop()) {
            done.join();
        }
    }

    /** True on one of these resources' own event loops. */
    boolean inOwnLoop() {
        return Transport.inLoopOf(ioGroup) || Transport.inLoopOf(acceptGroup);
    }

    Transport transportChoice() {
        return transport;
    }

    EventLoopGroup acceptGroup() {
        return acceptGroup;
    }

    /** Refuses resources already closed: a server or client on them could never run. */
    void requireOpen(String user) {
        if (closing.get()) {
            throw new IllegalStateException("cannot build a " + user + " on closed BeepResources");
        }
    }

    /** Builds {@link BeepResources}. */
    public static final class Builder {
        private int ioThreads;
        private boolean nativeTransport = true;
        private String threadNamePrefix = "beep-shared";
        private @Nullable Executor callbackExecutor;
        private boolean directCallbacks;
        private boolean replyFuturesOnEventLoop = true;

        private Builder() {
        }

        /** Event-loop threads; 0 (the default) for Netty's default of twice the cores. */
        public Builder ioThreads(int n) {
            if (n < 0) {
                throw new IllegalArgumentException("ioThreads must be >= 0: " + n);
            }
            this.ioThreads = n;
            return this;
        }

        /** Use native epoll where it is available (default true); NIO otherwise. */
        public Builder nativeTransport(boolean v) {
            this.nativeTransport = v;
            return this;
        }

        /** The prefix of the loop threads' names (default {@code beep-shared}). */
        public Builder threadNamePrefix(String prefix) {
            this.threadNamePrefix = Objects.requireNonNull(prefix, "threadNamePrefix");
            return this;
        }

        /**
         * Where application callbacks (profile handlers, reply listeners, future completions) run, serially per
         * session; null (the default) for the library's shared daemon pool. The owner of the executor shuts it
         * down; closing these resources does not.
         */
        public Builder callbackExecutor(@Nullable Executor executor) {
            this.callbackExecutor = executor;
            return this;
        }

        /**
         * Runs application callbacks on the event loop instead of the callback executor (default: false); saves two
         * thread hops per exchange. Only for code that never blocks: a blocked callback stalls every session of that
         * loop.
         */
        public Builder directCallbacks(boolean v) {
            this.directCallbacks = v;
            return this;
        }

        /**
         * Completes the futures returned by {@code BeepChannel.send(message)} and {@code sendInOneFrame} on the
         * session's event loop, at the end of the read that brought the reply (default: true). A continuation
         * attached with {@code thenApply}, {@code whenComplete} and the like then runs there, and the next MSG it
         * sends leaves in the same write, with no hand-off to a callback thread and back: such continuations must not
         * block. Blocking work goes to an executor ({@code thenApplyAsync(fn, executor)}); profile handlers and reply
         * listeners run on the callback executor regardless. Waiting for an incomplete reply future on an event loop
         * ({@code join}, {@code get}) throws {@link IllegalStateException} instead of stalling it, and application
         * code that holds a loop longer than 200 ms is logged with its stack. False completes them on the callback
         * executor, one at a time with the session's other callbacks.
         */
        public Builder replyFuturesOnEventLoop(boolean v) {
            this.replyFuturesOnEventLoop = v;
            return this;
        }

        /** The resources; their threads start when the first session needs them. */
        public BeepResources build() {
            return new BeepResources(this);
        }
    }
}
