package io.beepkit.netty.internal.session;

import io.netty.util.concurrent.FastThreadLocal;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The channel-0 requests all sessions of one event loop handled in its current I/O pass. {@link ReadTurn} bounds
 * each session's share, but a pass serves every session whose socket is ready, so with many sessions flooding
 * start requests a pass took one share per session (48 sessions on four loops: about 200 starts parsed per pass),
 * and a fresh session on that loop waited a pass or two for each echo. With this count a session yields once the
 * loop has handled a share in this pass, whoever used it: a pass handles at most one share plus one request per
 * further session, and every session still handles at least one request per pass.
 *
 * <p>The channels dropped at sessions' ends ({@link ChannelDrop}) are counted the same way, apart: when the peers of
 * many sessions leave together, each session's slice per pass added up to a pass of hundreds of milliseconds.
 *
 * <p>One per event-loop thread; it counts for one loop at a time (a thread runs one loop; a test's embedded loops
 * on one thread are counted apart). The count is cleared by a task scheduled on the loop when the pass began
 * counting, which runs once the loop has finished the I/O it had selected. Event loop only.
 */
final class LoopShare {
    private static final FastThreadLocal<LoopShare> SHARES = new FastThreadLocal<>() {
        @Override
        protected LoopShare initialValue() {
            return new LoopShare();
        }
    };

    private final Runnable clear = this::clear;
    private Executor owner;
    private int requests;
    private int drops;
    private boolean clearScheduled;

    /** The share of the event loop running on this thread. */
    static LoopShare current() {
        return SHARES.get();
    }

    /**
     * A session on {@code loop} handled a channel-0 request; the first of a pass schedules the clearing.
     *
     * @return the requests handled on this loop in its current pass, this one included
     */
    int requestHandled(ScheduledExecutorService loop) {
        counting(loop);
        return ++requests;
    }

    /**
     * A session on {@code loop} dropped a channel of its end ({@link ChannelDrop}); counted apart from the requests.
     *
     * @return the channels dropped on this loop in its current pass, this one included
     */
    int channelDropped(ScheduledExecutorService loop) {
        counting(loop);
        return ++drops;
    }

    /** The requests handled on this thread's loop in its current pass. */
    int requests() {
        return requests;
    }

    /** Starts counting for {@code loop}, and schedules the clearing once per pass. */
    private void counting(ScheduledExecutorService loop) {
        if (owner != loop) {
            owner = loop;
            clear();
        }
        if (!clearScheduled) {
            clearScheduled = true;
            try {
                loop.schedule(clear, ReadTurn.RESUME_DELAY_NANOS, TimeUnit.NANOSECONDS);
            } catch (RejectedExecutionException e) {
                clear(); // the loop is shutting down: nothing to share any more
            }
        }
    }

    private void clear() {
        requests = 0;
        drops = 0;
        clearScheduled = false;
    }
}
