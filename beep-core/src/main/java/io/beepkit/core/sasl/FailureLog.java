package io.beepkit.core.sasl;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Authentication failures in the log without letting a stranger flood it: at most one line per interval for the whole
 * process, each line saying how many failures went unlogged since the one before. A peer can fail SASL on as many
 * channels and connections as it likes; the log grows by one line a second at most.
 */
final class FailureLog {
    /** The shortest time between two failure lines. */
    static final long INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final Consumer<String> sink;
    private final LongSupplier clock;
    private final AtomicLong lastLogged;
    private final AtomicLong suppressed = new AtomicLong();

    FailureLog(Consumer<String> sink, LongSupplier clock) {
        this.sink = sink;
        this.clock = clock;
        this.lastLogged = new AtomicLong(clock.getAsLong() - INTERVAL_NANOS);
    }

    /** Logs {@code line} unless a failure was logged less than an interval ago; then only counts it. */
    void failure(String line) {
        long now = clock.getAsLong();
        long last = lastLogged.get();
        if (now - last >= INTERVAL_NANOS && lastLogged.compareAndSet(last, now)) {
            long skipped = suppressed.getAndSet(0);
            sink.accept(skipped == 0 ? line : line + " (" + skipped + " more failures since the previous line)");
        } else {
            suppressed.incrementAndGet();
        }
    }
}
