package io.beepkit.netty.internal;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** The default callback pool: daemon threads, created lazily, shared by every server and client. */
public final class SharedResources {
    private static final class Holder {
        static final ExecutorService CALLBACKS = Executors.newCachedThreadPool(new ThreadFactory() {
            private final AtomicInteger n = new AtomicInteger();

            @Override
            public Thread newThread(Runnable r) {
                Thread t = new Thread(r, "beep-callback-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            }
        });
    }

    private SharedResources() {
    }

    public static ExecutorService callbackPool() {
        return Holder.CALLBACKS;
    }
}
