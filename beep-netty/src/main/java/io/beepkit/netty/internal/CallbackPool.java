package io.beepkit.netty.internal;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The shared callback pool: at most {@code threads} daemon threads, started on demand and ended after an idle
 * {@code keepAlive}. Tasks wait in one FIFO queue, so sessions are served in turn. An idle thread is woken last-in
 * first-out: the thread that parked last, its caches and its core still warm, takes the next task, and under a light
 * load the same few threads serve it while the others time out ({@link java.util.concurrent.ThreadPoolExecutor} wakes
 * the thread that has waited longest, so one session's callbacks cycle through all of its threads).
 *
 * <p>Each task queued wakes a parked thread, or starts one while under the bound, so a task that blocks never holds
 * back the tasks queued behind it while threads are free.
 */
public final class CallbackPool implements Executor {
    private final String name;
    private final int maxThreads;
    private final long keepAliveNanos;
    private final Queue<Runnable> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger threadNumbers = new AtomicInteger();
    /** Guards {@link #idle}, {@link #live} and {@link #largest}. */
    private final Object lock = new Object();
    /** Parked threads, the one parked last at the tail. */
    private final ArrayDeque<Worker> idle = new ArrayDeque<>();
    private int live;
    private int largest;
    private volatile boolean shutdown;

    /**
     * @param name       thread names are this, a dash and a number
     * @param maxThreads the most threads at once
     * @param keepAlive  how long a thread stays parked without work before it ends
     * @throws IllegalArgumentException if {@code maxThreads} is below 1 or {@code keepAlive} is negative
     */
    public CallbackPool(String name, int maxThreads, long keepAlive, TimeUnit unit) {
        if (maxThreads < 1) {
            throw new IllegalArgumentException("maxThreads must be >= 1: " + maxThreads);
        }
        if (keepAlive < 0) {
            throw new IllegalArgumentException("keepAlive must be >= 0: " + keepAlive + " " + unit);
        }
        this.name = name;
        this.maxThreads = maxThreads;
        this.keepAliveNanos = unit.toNanos(keepAlive);
    }

    @Override
    public void execute(Runnable task) {
        if (shutdown) {
            throw new RejectedExecutionException(name + " pool is shut down; task refused: " + task);
        }
        queue.offer(task);
        wakeOrStart();
    }

    /** Wakes the thread parked last, or starts one if none is parked and the bound allows. */
    private void wakeOrStart() {
        Worker w;
        synchronized (lock) {
            w = idle.pollLast();
            if (w == null) {
                if (live >= maxThreads) {
                    return; // every thread is busy: the first to finish takes the task from the queue
                }
                live++;
                largest = Math.max(largest, live);
            }
        }
        if (w != null) {
            LockSupport.unpark(w.thread);
            return;
        }
        try {
            new Worker().thread.start();
        } catch (Throwable t) {
            synchronized (lock) {
                live--;
            }
            throw t;
        }
    }

    /** The most threads this pool has had at once (for tests and statistics). */
    public int largestPoolSize() {
        synchronized (lock) {
            return largest;
        }
    }

    /** The threads parked for want of work (for tests and statistics). */
    public int idleThreads() {
        synchronized (lock) {
            return idle.size();
        }
    }

    /** The threads alive now (for tests and statistics). */
    public int poolSize() {
        synchronized (lock) {
            return live;
        }
    }

    /** Refuses new tasks and ends every thread once its current task is done; queued tasks are dropped. */
    public void shutdownNow() {
        shutdown = true;
        queue.clear();
        synchronized (lock) {
            for (Worker w : idle) {
                LockSupport.unpark(w.thread);
            }
        }
    }

    private final class Worker implements Runnable {
        final Thread thread;
        /** Set once this thread has taken itself out of {@link #live} (ending after its keep-alive). */
        private boolean uncounted;

        Worker() {
            thread = new Thread(this, name + "-" + threadNumbers.incrementAndGet());
            thread.setDaemon(true);
        }

        @Override
        public void run() {
            try {
                while (!shutdown) {
                    Runnable task = queue.poll();
                    if (task == null) {
                        task = park();
                        if (task == null) {
                            return;
                        }
                    }
                    try {
                        task.run();
                    } catch (Throwable t) {
                        // SerialExecutor logs its tasks' failures; anything else must not end this thread
                        thread.getUncaughtExceptionHandler().uncaughtException(thread, t);
                    }
                }
            } finally {
                synchronized (lock) {
                    idle.remove(this);
                    if (!uncounted) {
                        live--;
                    }
                }
            }
        }

        /** Parks until there is work; null at shutdown or when the keep-alive passed without any (then it ends). */
        private Runnable park() {
            long parkedAt = System.nanoTime();
            while (true) {
                synchronized (lock) {
                    if (!idle.contains(this)) {
                        idle.addLast(this);
                    }
                }
                // Polled after joining the idle threads: a task queued before that is seen here, one queued after
                // it finds this thread to wake.
                Runnable task = queue.poll();
                if (task != null || shutdown) {
                    synchronized (lock) {
                        idle.remove(this);
                    }
                    return task;
                }
                long left = keepAliveNanos - (System.nanoTime() - parkedAt);
                if (left <= 0) {
                    synchronized (lock) {
                        if (!idle.remove(this)) {
                            continue; // a submitter chose this thread just now: its task is in the queue
                        }
                        live--;
                        uncounted = true;
                    }
                    // A task queued between the poll above and leaving the idle threads found this thread to wake:
                    // hand it to another.
                    if (!queue.isEmpty() && !shutdown) {
                        wakeOrStart();
                    }
                    return null;
                }
                LockSupport.parkNanos(this, left);
            }
        }
    }
}
