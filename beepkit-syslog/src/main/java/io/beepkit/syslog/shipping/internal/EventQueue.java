package io.beepkit.syslog.shipping.internal;

import io.beepkit.syslog.shipping.LogEvent;
import io.beepkit.syslog.shipping.OverflowPolicy;
import org.jspecify.annotations.Nullable;

import java.util.Collection;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The bounded queue between the logging threads and the shipper's thread, with the overflow policy applied on the
 * logging side: what a logging call costs is one {@code offer} (and, under {@link OverflowPolicy#DROP}, a look at the
 * fill level for events below warning).
 */
public final class EventQueue {
    /** RFC 5424 severities from this one up (notice, info, debug) are the first dropped under DROP. */
    static final int LOW_SEVERITY = 5;

    private final ArrayBlockingQueue<LogEvent> queue;
    private final OverflowPolicy policy;
    private final long blockNanos;
    private final int dropThreshold;
    private final LongAdder offered = new LongAdder();
    private final LongAdder dropped = new LongAdder();
    private final Reporter reporter;
    private volatile boolean closed;

    public EventQueue(int capacity, OverflowPolicy policy, long blockNanos, int dropThresholdPercent,
                      Reporter reporter) {
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.policy = policy;
        this.blockNanos = blockNanos;
        this.dropThreshold = Math.max(1, (int) ((long) capacity * dropThresholdPercent / 100));
        this.reporter = reporter;
    }

    /** Queues {@code e} as the policy says; false when it was dropped (counted and reported). */
    public boolean offer(LogEvent e) {
        offered.increment();
        if (closed) {
            return drop("the shipper is closed");
        }
        if (policy == OverflowPolicy.DROP) {
            if (e.severity() >= LOW_SEVERITY && queue.size() >= dropThreshold) {
                return drop("the queue is past its drop threshold (" + dropThreshold + " events)");
            }
            return queue.offer(e) || drop("the queue is full");
        }
        if (queue.offer(e)) {
            return true;
        }
        try {
            if (queue.offer(e, blockNanos, TimeUnit.NANOSECONDS)) {
                return true;
            }
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
        }
        return drop("the queue stayed full for " + TimeUnit.NANOSECONDS.toMillis(blockNanos) + " ms");
    }

    private boolean drop(String reason) {
        dropped.increment();
        reporter.dropped(reason);
        return false;
    }

    /** The oldest event, waiting up to {@code nanos}; null if none came. */
    public @Nullable LogEvent poll(long nanos) throws InterruptedException {
        return nanos <= 0 ? queue.poll() : queue.poll(nanos, TimeUnit.NANOSECONDS);
    }

    /** Moves up to {@code max} events into {@code to}. */
    public int drainTo(Collection<LogEvent> to, int max) {
        return queue.drainTo(to, max);
    }

    public int size() {
        return queue.size();
    }

    public int capacity() {
        return queue.size() + queue.remainingCapacity();
    }

    /** Refuses (drops) every later offer. */
    public void close() {
        closed = true;
    }

    public long offered() {
        return offered.sum();
    }

    /** Drops on the logging side. */
    public long dropped() {
        return dropped.sum();
    }
}
