package io.beepkit.syslog.shipping.internal;

import io.beepkit.syslog.shipping.ShipperCounts;
import io.beepkit.syslog.shipping.ShipperListener;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Passes drops and spills to the {@link ShipperListener}, rate-limited: the first of each kind at once, then at most
 * one per interval, so that a burst of drops costs the logging threads a compare-and-set, not a report each.
 * Connection changes always pass.
 */
public final class Reporter {
    private final ShipperListener listener;
    private final long intervalNanos;
    private final AtomicLong nextDrop = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong nextSpill = new AtomicLong(Long.MIN_VALUE);
    private volatile Supplier<ShipperCounts> counts = () -> ShipperCounts.of(0, 0, 0, 0, 0, 0);

    public Reporter(ShipperListener listener, long intervalNanos) {
        this.listener = listener;
        this.intervalNanos = intervalNanos;
    }

    /** Where the totals come from (set once the shipper is built). */
    public void counts(Supplier<ShipperCounts> source) {
        this.counts = source;
    }

    void dropped(String reason) {
        if (due(nextDrop)) {
            safely(() -> listener.dropped(counts.get(), reason));
        }
    }

    void spilled(String reason) {
        if (due(nextSpill)) {
            safely(() -> listener.spilled(counts.get(), reason));
        }
    }

    void connected(String collector) {
        safely(() -> listener.connected(collector));
    }

    void disconnected(String collector, Throwable cause) {
        safely(() -> listener.disconnected(collector, cause));
    }

    private boolean due(AtomicLong next) {
        long now = System.nanoTime();
        long at = next.get();
        return (at == Long.MIN_VALUE || now - at >= 0) && next.compareAndSet(at, now + intervalNanos);
    }

    private static void safely(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            // a listener's failure must not stop the shipping thread or a logging call
        }
    }
}
