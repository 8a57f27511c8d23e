package io.beepkit.netty.internal.session;

import io.beepkit.core.LibraryThreads;
import io.netty.util.internal.PlatformDependent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Runs tasks one at a time, in submission order, on an underlying executor. Each session gets one, so application
 * callbacks of a session never run concurrently and never on a Netty event loop. At most {@link #BATCH} tasks run in
 * one turn; then the rest waits for another turn behind what other sessions queued meanwhile.
 *
 * <p>Lock-free: tasks go to a multi-producer single-consumer queue, and only the submitter that finds the executor
 * idle hands a drain to the underlying executor; while a drain runs, further tasks are only queued (no wake-up, no
 * wrapper per task).
 */
public final class SerialExecutor implements Executor {
    private static final Logger log = LoggerFactory.getLogger(SerialExecutor.class);

    /** The most tasks run in one turn on the underlying executor before yielding it to others. */
    static final int BATCH = 64;

    private final Executor delegate;
    private final Consumer<Throwable> errors;
    /** Chunks of 32 slots: a few hundred octets per idle session, one small array per 32 tasks under load. */
    private final Queue<Runnable> tasks = PlatformDependent.newMpscQueue(32, 1 << 30);
    /** True from the hand-over of a drain until the drain finds the queue empty. */
    private final AtomicBoolean scheduled = new AtomicBoolean();
    // The drain runs marked as a callback thread, where the blocking close() methods must not wait.
    private final Runnable drainLoop = this::drain;
    private final Runnable drainTask = () -> LibraryThreads.runCallbacks(drainLoop);

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
        tasks.offer(task);
        if (!scheduled.get() && scheduled.compareAndSet(false, true)) {
            handOver();
        }
    }

    /**
     * Queues {@code batch} in its order and hands over at most one drain for all of it, so a callback thread woken for
     * the first task cannot empty the queue and park again before the rest arrive, to be woken once more.
     */
    void executeAll(List<Runnable> batch) {
        for (int i = 0; i < batch.size(); i++) {
            tasks.offer(batch.get(i));
        }
        if (!scheduled.get() && scheduled.compareAndSet(false, true)) {
            handOver();
        }
    }

    private void handOver() {
        try {
            delegate.execute(drainTask);
        } catch (RejectedExecutionException | Error e) {
            // The underlying executor took no drain: let the next task try again instead of queueing forever.
            scheduled.set(false);
            throw e;
        }
    }

    private void reportError(Throwable t) {
        try {
            errors.accept(t);
        } catch (Throwable ignored) {
            // never let the report end the drain loop: it would leave "scheduled" set and stop this executor
        }
    }

    private void drain() {
        int done = 0;
        while (true) {
            Runnable next = tasks.poll();
            if (next == null) {
                scheduled.set(false);
                // A task queued after the poll but before the flag was cleared found the flag set and handed
                // nothing over: take it here unless another drain has been handed over meanwhile.
                if (tasks.isEmpty() || !scheduled.compareAndSet(false, true)) {
                    return;
                }
                continue;
            }
            run(next);
            if (++done >= BATCH && !tasks.isEmpty()) {
                // A batch done and more waiting: back to the end of the shared pool's queue, so one busy session
                // cannot hold a callback thread while other sessions' callbacks wait.
                handOver();
                return;
            }
        }
    }

    private void run(Runnable task) {
        try {
            task.run();
        } catch (Throwable t) {
            log.warn("application callback threw", t);
            if (t instanceof Error) {
                reportError(t);
            }
        }
    }
}
