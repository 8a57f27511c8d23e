package io.beepkit.netty.internal;

import io.netty.channel.SelectStrategy;
import io.netty.channel.SelectStrategyFactory;
import io.netty.util.IntSupplier;
import io.netty.util.concurrent.FastThreadLocalThread;

/**
 * An event loop that has just handed application callbacks to a callback thread keeps polling for I/O and tasks for
 * a short while before it blocks. The callback typically answers within tens of microseconds with a write, and the
 * peer's next message follows: both then find the loop awake, and cost neither an eventfd write nor the wake-up of a
 * blocked thread (two of the three context switches an off-loop exchange otherwise takes on a 64-octet echo).
 *
 * <p>Only loops created by this library spin, only after a hand-off, and only until I/O is ready (a hit) or the
 * budget ({@value #PROPERTY}, default {@value #DEFAULT_MICROS} µs, 0 turns it off) passes (a miss). Tasks that arrive
 * meanwhile run as they come. After {@code n} misses in a row the next {@code 2^n - 1} hand-offs (at most 1023) do
 * not spin, so callbacks that answer late, or a peer further away than the budget, soon cost almost nothing. A loop
 * that has handed nothing over blocks at once, as with Netty's default strategy; while it spins, any ready I/O or task
 * of another session is served at once, so the spin delays nobody and only costs CPU.
 */
public final class HandOffSpin {
    /** System property: the spin budget in microseconds after a hand-off; 0 turns spinning off. */
    public static final String PROPERTY = "io.beepkit.handOffSpinMicros";
    /** The default spin budget in microseconds. */
    public static final long DEFAULT_MICROS = 100;
    private static final int MOST_MISSES = 10;

    private final long budgetNanos;
    private boolean armed;
    private long until;
    private int misses;
    private int skips;
    private long spins;
    private long hits;

    HandOffSpin(long budgetNanos) {
        this.budgetNanos = budgetNanos;
    }

    /** Called on an event loop that just handed callbacks to another thread; a no-op on any other thread. */
    public static void handedOff() {
        if (Thread.currentThread() instanceof LoopThread t) {
            t.spin.arm();
        }
    }

    /** The spin state of the calling event loop, or null when it is not one of this library's loops. */
    static HandOffSpin ofCurrentLoop() {
        return Thread.currentThread() instanceof LoopThread t ? t.spin : null;
    }

    /**
     * The budget from {@value #PROPERTY}.
     *
     * @throws IllegalArgumentException if the property is not a number from 0 to 10 000
     */
    static long budgetNanos() {
        String v = System.getProperty(PROPERTY);
        if (v == null) {
            return DEFAULT_MICROS * 1000;
        }
        try {
            long micros = Long.parseLong(v.trim());
            if (micros >= 0 && micros <= 10_000) {
                return micros * 1000;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(PROPERTY + " must be a number of microseconds from 0 to 10000: '" + v + "'");
    }

    /** A hand-off: spin for the budget from now, unless a back-off skips this one. */
    void arm() {
        if (budgetNanos == 0) {
            return;
        }
        if (skips > 0 && !armed) {
            skips--;
            return;
        }
        armed = true;
        until = System.nanoTime() + budgetNanos;
    }

    /** I/O became ready: the spin paid off. */
    void ioReady() {
        if (armed) {
            armed = false;
            misses = 0;
            spins++;
            hits++;
        }
    }

    /** True while the loop should poll rather than block; false once the budget passed (a miss). */
    boolean spinning() {
        if (!armed) {
            return false;
        }
        if (System.nanoTime() - until < 0) {
            return true;
        }
        armed = false;
        spins++;
        misses = Math.min(misses + 1, MOST_MISSES);
        skips = (1 << misses) - 1;
        return false;
    }

    /** Spins that ended, hits and misses (for tests and statistics). */
    long spins() {
        return spins;
    }

    /** Spins that ready I/O ended (for tests and statistics). */
    long hits() {
        return hits;
    }

    /** The hand-offs still to pass without a spin after the last miss (for tests). */
    int skips() {
        return skips;
    }

    /** An event-loop thread carrying its spin state (its own alone) and the mark of the application code it runs. */
    static final class LoopThread extends FastThreadLocalThread {
        final HandOffSpin spin;
        /** When the application code running now began ({@link BlockedLoopChecker#enter}); 0 outside it. */
        volatile long applicationSince;
        /** The start of the stall last reported (read and written by the checker only). */
        long reportedSince;

        LoopThread(ThreadGroup group, Runnable r, String name, long spinNanos) {
            super(group, r, name);
            this.spin = new HandOffSpin(spinNanos);
            BlockedLoopChecker.watch(this);
        }
    }

    /** The select strategy of this library's loops: Netty's default, but polling while a spin is on. */
    static SelectStrategyFactory strategy() {
        return () -> Strategy.INSTANCE;
    }

    private static final class Strategy implements SelectStrategy {
        static final Strategy INSTANCE = new Strategy();

        @Override
        public int calculateStrategy(IntSupplier selectNow, boolean hasTasks) throws Exception {
            if (hasTasks) {
                return selectNow.get();
            }
            HandOffSpin spin = ofCurrentLoop();
            if (spin == null || !spin.spinning()) {
                return SelectStrategy.SELECT;
            }
            int ready = selectNow.get();
            if (ready == 0) {
                Thread.onSpinWait();
                return SelectStrategy.CONTINUE;
            }
            spin.ioReady();
            return ready;
        }
    }
}
