package io.beepkit.netty.internal.session;

import io.beepkit.core.LibraryThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * Runs tasks one at a time, in submission order, on an underlying executor. Each session gets one, so application
 * callbacks of a session never run concurrently and never on a Netty event loop. At most {@link #BATCH} tasks run in
 * one turn; then the rest waits for another turn behind what other sessions queued meanwhile.
 *
 * <p>Only the submitter that finds the executor idle hands a drain to the underlying executor; while a drain runs,
 * further tasks are only queued (no wake-up, no wrapper per task). The queue is a plain array deque guarded by this
 * executor's monitor, held only for an add or a poll: an idle session holds 48 octets for it, where a
 * lock-free queue padded against false sharing held some 740, and a listener holds one per session. The deque is
 * made by the first task and let go once a burst larger than {@link #KEPT} has drained, so a busy moment leaves no
 * large array behind; bursts up to that size reuse it and allocate nothing.
 */
public final class SerialExecutor implements Executor {
    private static final Logger log = LoggerFactory.getLogger(SerialExecutor.class);

    /** The most tasks run in one turn on the underlying executor before yielding it to others. */
    static final int BATCH = 64;
    /** The most tasks queued at once whose deque is kept once drained; a larger burst's is let go. */
    static final int KEPT = 64;

    private final Executor delegate;
    private final Consumer<Throwable> errors;
    /** The tasks waiting, or null before the first one and after a large burst drained. Guarded by this. */
    private ArrayDeque<Runnable> tasks;
    /** The most tasks queued at once since the deque was made. Guarded by this. */
    private int peak;
    /** True from the hand-over of a drain until the drain finds the queue empty. Guarded by this. */
    private boolean scheduled;
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
        boolean handOver;
        synchronized (this) {
            queue().add(task);
            handOver = markScheduled();
        }
        if (handOver) {
            handOver();
        }
    }

    /**
     * Queues {@code batch} in its order and hands over at most one drain for all of it, so a callback thread woken for
     * the first task cannot empty the queue and park again before the rest arrive, to be woken once more.
     */
    void executeAll(List<Runnable> batch) {
        boolean handOver;
        synchronized (this) {
            ArrayDeque<Runnable> q = queue();
            for (int i = 0; i < batch.size(); i++) {
                q.add(batch.get(i));
            }
            handOver = markScheduled();
        }
        if (handOver) {
            handOver();
        }
    }

    /** True while a queue is held (for tests: it is let go after a large burst drained). */
    synchronized boolean holdsQueue() {
        return tasks != null;
    }

    /** True from the hand-over of a drain until the drain finds the queue empty (for tests). */
    synchronized boolean busy() {
        return scheduled;
    }

    /** The queue, made on first use. Holding the monitor. */
    private ArrayDeque<Runnable> queue() {
        ArrayDeque<Runnable> q = tasks;
        if (q == null) {
            q = new ArrayDeque<>(1); // two slots; a burst grows it
            tasks = q;
        }
        return q;
    }

    /** Holding the monitor, after a task was queued: true when this caller must hand a drain over. */
    private boolean markScheduled() {
        peak = Math.max(peak, tasks.size());
        if (scheduled) {
            return false;
        }
        scheduled = true;
        return true;
    }

    private void handOver() {
        try {
            delegate.execute(drainTask);
        } catch (RejectedExecutionException | Error e) {
            // The underlying executor took no drain: let the next task try again instead of queueing forever.
            synchronized (this) {
                scheduled = false;
            }
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

    /** The next task, or null once the queue is empty: the executor is then idle, and a large deque let go. */
    private synchronized Runnable next() {
        Runnable next = tasks == null ? null : tasks.poll();
        if (next == null) {
            scheduled = false;
            if (peak > KEPT) {
                tasks = null;
                peak = 0;
            }
        }
        return next;
    }

    private synchronized boolean hasNext() {
        return tasks != null && !tasks.isEmpty();
    }

    private void drain() {
        int done = 0;
        for (Runnable next = next(); next != null; next = next()) {
            run(next);
            if (++done >= BATCH && hasNext()) {
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
