package io.beepkit.netty.internal.session;

import io.beepkit.netty.internal.SharedResources;

import java.util.concurrent.Executor;

/**
 * Where a session's application callbacks run ({@code BeepResources.callbackExecutor} and {@code directCallbacks}):
 * on an executor, serially per session, or directly on the event loop.
 *
 * @param executor the executor, or null for the library's shared daemon pool
 * @param direct   true to run callbacks on the event loop
 */
public record CallbackSetup(Executor executor, boolean direct) {
    /** The library's shared pool, not direct. */
    public static final CallbackSetup DEFAULT = new CallbackSetup(null, false);

    /** A dispatcher for one session. */
    CallbackDispatcher newDispatcher() {
        return new CallbackDispatcher(executor != null ? executor : SharedResources.callbackPool(), direct);
    }
}
