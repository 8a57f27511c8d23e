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
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
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
    @SuppressWarnings("rawtypes")
    private static final AtomicReferenceFieldUpdater<SerialExecutor, Queue> TASKS =
            AtomicReferenceFieldUpdater.newUpdater(SerialExecutor.class, Queue.class, "tasks");

    /**
     * Chunks of 32 slots, one small array per 32 tasks under load. Made by the first task: the queue (about 750
     * octets with its padding against false sharing) is a tenth of what an idle session holds, and a session whose
     * callbacks all run on the event loop never needs it.
     */
    private volatile Queue<Runnable> tasks;
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
        tasks().offer(task);
        if (!scheduled.get() && scheduled.compareAndSet(false, true)) {
            handOver();
        }
    }

    /**
     * Queues {@code batch} in its order and hands over at most one drain for all of it, so a callback thread woken for
     * the first task cannot empty the queue and park again before the rest arrive, to be woken once more.
     */
    void executeAll(List<Runnable> batch) {
        Queue<Runnable> q = tasks();
        for (int i = 0; i < batch.size(); i++) {
            q.offer(batch.get(i));
        }
        if (!scheduled.get() && scheduled.compareAndSet(false, true)) {
            handOver();
        }
    }

    /** The queue, made by whichever producer comes first. */
    @SuppressWarnings("unchecked")
    private Queue<Runnable> tasks() {
        Queue<Runnable> q = tasks;
        if (q == null) {
            Queue<Runnable> fresh = PlatformDependent.newMpscQueue(32, 1 << 30);
            q = TASKS.compareAndSet(this, null, fresh) ? fresh : tasks;
        }
        return q;
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
        Queue<Runnable> queue = tasks(); // a drain is only handed over after a task was queued
        int done = 0;
        while (true) {
            Runnable next = queue.poll();
            if (next == null) {
                scheduled.set(false);
                // A task queued after the poll but before the flag was cleared found the flag set and handed
                // nothing over: take it here unless another drain has been handed over meanwhile.
                if (queue.isEmpty() || !scheduled.compareAndSet(false, true)) {
                    return;
                }
                continue;
            }
            run(next);
            if (++done >= BATCH && !queue.isEmpty()) {
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
