package io.beepkit.netty.internal.session;

import io.beepkit.netty.internal.SharedResources;

import java.util.concurrent.Executor;

/**
 * Where a session's application callbacks run ({@code BeepResources.callbackExecutor}, {@code directCallbacks} and
 * {@code replyFuturesOnEventLoop}): on an executor, serially per session, or directly on the event loop.
 *
 * @param executor      the executor, or null for the library's shared daemon pool
 * @param direct        true to run callbacks on the event loop
 * @param repliesOnLoop true to complete the futures of the session's own MSGs on the event loop
 */
public record CallbackSetup(Executor executor, boolean direct, boolean repliesOnLoop) {
    /** The library's shared pool, not direct, reply futures completed on the event loop. */
    public static final CallbackSetup DEFAULT = new CallbackSetup(null, false, true);

    /** Callbacks on {@code executor} (or directly), reply futures completed on the event loop. */
    public CallbackSetup(Executor executor, boolean direct) {
        this(executor, direct, true);
    }

    /** A dispatcher for one session. */
    CallbackDispatcher newDispatcher() {
        return new CallbackDispatcher(executor != null ? executor : SharedResources.callbackPool(), direct,
                repliesOnLoop);
    }
}
