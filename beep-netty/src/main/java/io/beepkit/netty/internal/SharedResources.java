package io.beepkit.netty.internal;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The default callback pool, shared by every server and client: a bounded number of daemon threads, created on
 * demand and ended after 60 s idle. Queue policy: FIFO, unbounded in type but bounded by construction, because each
 * session hands the pool at most one task at a time (its {@link io.beepkit.netty.internal.session.SerialExecutor} drains the session's callbacks in
 * one task), so the queue holds at most one entry per session with callbacks waiting, and nothing is ever rejected.
 * A handler that blocks holds one of these threads; applications whose handlers block should pass their own
 * executor ({@code BeepConfig.callbackExecutor}).
 */
public final class SharedResources {
    /** System property overriding the number of callback threads. */
    public static final String THREADS_PROPERTY = "io.beepkit.callbackThreads";

    private static final class Holder {
        static final ThreadPoolExecutor CALLBACKS = newPool(callbackThreads());
    }

    private SharedResources() {
    }

    /** The shared callback pool. */
    public static ExecutorService callbackPool() {
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
    static ThreadPoolExecutor newPool(int threads) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), new ThreadFactory() {
                    private final AtomicInteger n = new AtomicInteger();

                    @Override
                    public Thread newThread(Runnable r) {
                        Thread t = new Thread(r, "beep-callback-" + n.incrementAndGet());
                        t.setDaemon(true);
                        return t;
                    }
                });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }
}
