package io.beepkit.netty.internal;

import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * The default callback pool, shared by every server and client: a {@link CallbackPool} of a bounded number of daemon
 * threads, created on demand and ended after 60 s idle, the thread parked last woken first. Queue policy: FIFO,
 * unbounded in type but bounded by construction, because each session hands the pool at most one task at a time (its
 * {@link io.beepkit.netty.internal.session.SerialExecutor} drains the session's callbacks in one task), so the queue
 * holds at most one entry per session with callbacks waiting, and nothing is ever rejected. A handler that blocks
 * holds one of these threads; applications whose handlers block should pass their own executor
 * ({@code BeepResources.callbackExecutor}).
 */
public final class SharedResources {
    /** System property overriding the number of callback threads. */
    public static final String THREADS_PROPERTY = "io.beepkit.callbackThreads";

    private static final class Holder {
        static final CallbackPool CALLBACKS = newPool(callbackThreads());
    }

    private SharedResources() {
    }

    /** The shared callback pool. */
    public static Executor callbackPool() {
        return Holder.CALLBACKS;
    }

    /**
     * The number of callback threads: the {@value #THREADS_PROPERTY} system property if set, else four per core and
     * at least 16.
     *
     * @throws IllegalArgumentException if the property is set to something other than a positive number
     */
    public static int callbackThreads() {
        String v = System.getProperty(THREADS_PROPERTY);
        if (v == null) {
            return Math.max(16, 4 * Runtime.getRuntime().availableProcessors());
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(THREADS_PROPERTY + " must be a number >= 1: '" + v + "'");
    }

    /** A pool of at most {@code threads} daemon threads with the queue policy described above. */
    static CallbackPool newPool(int threads) {
        return new CallbackPool("beep-callback", threads, 60, TimeUnit.SECONDS);
    }
}
