package io.beepkit.netty.internal.session;

import io.beepkit.netty.internal.BlockedLoopChecker;
import io.beepkit.netty.internal.HandOffSpin;
import io.netty.channel.EventLoop;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Where a session's application callbacks and future completions run, in protocol order, never two at once.
 *
 * <p>Off-loop (the default), callbacks run on a per-session {@link SerialExecutor} over a shared pool; what a read
 * burst produces is queued at its end, waking a callback thread once. Direct (an opt-in for handlers that never block,
 * as gRPC's direct executor), callbacks run on the event loop itself: those of a read burst at its end, before the
 * flush, so a reply they produce leaves in the same flush as the SEQ for its MSG; others in a task of their own, so
 * application code never runs in the middle of the engine's bookkeeping. A long burst is cut into slices
 * ({@link ReadSlices}), each treated as a burst of its own, between two frames. Application code run on the loop is
 * marked for the {@link BlockedLoopChecker}, which warns when it holds the loop too long.
 */
public final class CallbackDispatcher implements Executor {
    private static final Logger log = LoggerFactory.getLogger(CallbackDispatcher.class);

    private final boolean direct;
    private final boolean repliesOnLoop;
    private final SerialExecutor serial;
    private final Runnable drainTask = this::drain;
    // Two slots to start (the default is ten): an idle session's burst is a callback or two; it grows with load.
    private final ArrayList<Runnable> batch = new ArrayList<>(2);
    private EventLoop loop;
    private boolean reading;
    private boolean drainScheduled;
    private boolean draining;
    private volatile Consumer<Throwable> failures = t -> { };

    CallbackDispatcher(Executor pool, boolean direct) {
        this(pool, direct, true);
    }

    CallbackDispatcher(Executor pool, boolean direct, boolean repliesOnLoop) {
        this.direct = direct;
        this.repliesOnLoop = repliesOnLoop;
        this.serial = direct ? null : new SerialExecutor(pool, t -> failures.accept(t));
    }

    /** Where an {@link Error} thrown by application code goes: the session fails (set by the session's context). */
    void onFailure(Consumer<Throwable> f) {
        failures = f;
    }

    void bind(EventLoop loop) {
        this.loop = loop;
    }

    /** True when callbacks run on the event loop. */
    public boolean direct() {
        return direct;
    }

    /** True when the futures of the session's own MSGs complete on the event loop ({@link SessionContext#replies}). */
    boolean repliesOnLoop() {
        return repliesOnLoop;
    }

    @Override
    public void execute(Runnable task) {
        boolean onLoop = loop != null && loop.inEventLoop();
        if (onLoop && (reading || direct)) {
            batch.add(task);
            if (!reading && !drainScheduled && !draining) {
                drainScheduled = true;
                loop.execute(drainTask);
            }
        } else if (direct) {
            if (loop == null) {
                runSafely(task);
            } else {
                loop.execute(() -> runSafely(task));
            }
        } else {
            serial.execute(task);
            if (onLoop) {
                HandOffSpin.handedOff();
            }
        }
    }

    /** A read burst begins: callbacks it causes are collected. */
    void beginRead() {
        reading = true;
    }

    /** The read burst ended: its callbacks run (direct) or go to the serial executor as one task. */
    void endRead() {
        reading = false;
        drain();
    }

    /**
     * A long read burst is cut ({@link ReadSlices}): the callbacks it collected so far run now (direct) or go to the
     * callback thread, as at its end; those of its rest are collected again.
     */
    void cutRead() {
        if (reading && !draining) {
            drain();
        }
    }

    private void drain() {
        drainScheduled = false;
        if (batch.isEmpty()) {
            return;
        }
        if (direct) {
            // Callbacks may cause more callbacks: run until none is left, in order.
            draining = true;
            try {
                for (int i = 0; i < batch.size(); i++) {
                    runSafely(batch.get(i));
                }
            } finally {
                batch.clear();
                draining = false;
            }
            return;
        }
        // Queued together, each without a wrapper task: one wake-up of a callback thread for the whole burst.
        try {
            serial.executeAll(batch);
            HandOffSpin.handedOff();
        } finally {
            batch.clear();
        }
    }

    /**
     * Runs application code: what it throws is logged; an {@link Error} (a handler's own, an OutOfMemoryError) also
     * fails the session, since the exchange it was handling can no longer complete.
     */
    private void runSafely(Runnable task) {
        long since = BlockedLoopChecker.enter();
        try {
            task.run();
        } catch (Throwable t) {
            log.warn("application callback threw", t);
            if (t instanceof Error) {
                failures.accept(t);
            }
        } finally {
            BlockedLoopChecker.exit(since);
        }
    }
}
