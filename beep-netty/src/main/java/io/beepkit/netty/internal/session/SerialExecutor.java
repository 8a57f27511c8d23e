package io.beepkit.netty.internal.session;

import io.beepkit.core.LibraryThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Runs tasks one at a time, in submission order, on an underlying executor. Each session gets one, so application
 * callbacks of a session never run concurrently and never on a Netty event loop. At most {@link #BATCH} tasks run in
 * one turn; then the rest waits for another turn behind what other sessions queued meanwhile.
 */
public final class SerialExecutor implements Executor {
    private static final Logger log = LoggerFactory.getLogger(SerialExecutor.class);

    /** The most tasks run in one turn on the underlying executor before yielding it to others. */
    static final int BATCH = 64;

    private final Executor delegate;
    private final Consumer<Throwable> errors;
    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
    // The drain runs marked as a callback thread, where the blocking close() methods must not wait.
    private final Runnable drainTask = () -> LibraryThreads.runCallbacks(this::drain);
    private boolean running;

    public SerialExecutor(Executor delegate) {
        this(delegate, t -> { });
    }

    /**
     * @param delegate where the tasks run
     * @param errors   told of an {@link Error} a task threw (after it is logged); other throwables are only logged
     */
    public SerialExecutor(Executor delegate, Consumer<Throwable> errors) {
        this.delegate = delegate;
        this.errors = errors;
    }

    @Override
    public void execute(Runnable task) {
        synchronized (tasks) {
            tasks.add(task);
            if (running) {
                return;
            }
            running = true;
        }
        delegate.execute(drainTask);
    }

    private void reportError(Throwable t) {
        try {
            errors.accept(t);
        } catch (Throwable ignored) {
            // never let the report end the drain loop: it would leave "running" set and stop this executor
        }
    }

    private void drain() {
        for (int done = 0; ; done++) {
            Runnable next;
            synchronized (tasks) {
                next = done < BATCH ? tasks.poll() : null;
                if (next == null) {
                    if (tasks.isEmpty()) {
                        running = false;
                        return;
                    }
                }
            }
            if (next == null) {
                // A batch done and more waiting: back to the end of the shared pool's queue, so one busy session
                // cannot hold a callback thread while other sessions' callbacks wait.
                delegate.execute(drainTask);
                return;
            }
            try {
                next.run();
            } catch (Throwable t) {
                log.warn("application callback threw", t);
                if (t instanceof Error) {
                    reportError(t);
                }
            }
        }
    }
}
