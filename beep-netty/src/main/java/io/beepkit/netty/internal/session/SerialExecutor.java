package io.beepkit.netty.internal.session;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Runs tasks one at a time, in submission order, on an underlying executor. Each session gets one, so application
 * callbacks of a session never run concurrently and never on a Netty event loop.
 */
public final class SerialExecutor implements Executor {
    private static final Logger log = LoggerFactory.getLogger(SerialExecutor.class);

    private final Executor delegate;
    private final Consumer<Throwable> errors;
    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
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
        delegate.execute(this::drain);
    }

    private void reportError(Throwable t) {
        try {
            errors.accept(t);
        } catch (Throwable ignored) {
            // never let the report end the drain loop: it would leave "running" set and stop this executor
        }
    }

    private void drain() {
        while (true) {
            Runnable next;
            synchronized (tasks) {
                next = tasks.poll();
                if (next == null) {
                    running = false;
                    return;
                }
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
