package io.beepkit.netty.internal.session;

import io.beepkit.netty.internal.channel.ChannelImpl;
import io.netty.channel.EventLoop;

import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The channels of an ended session, dropped a slice per event-loop turn. Dropping a channel fails its pending
 * operations, releases what it queued and tells its handler: a few microseconds each, but a session that ends
 * holding a thousand channels took them all in one task, and when many such sessions left at once (their peers
 * gone together) the loop spent a pass of hundreds of milliseconds on them while every other session on it waited.
 * The channels leave the {@link ChannelTable} at once (nothing finds them any more); only the drops are spread, at
 * most {@link #SLICE} per turn, each next slice scheduled as {@link ReadTurn}'s resume is, so that the sessions whose
 * sockets are ready read in between. What is to run after the last drop (the session's end, told to the
 * application) runs after it, so callbacks keep their order: the channels' {@code onClose} before the session's close.
 * A slice is also counted for the loop's pass ({@link LoopShare}): once the loop has dropped {@link #SLICE} channels in
 * this pass, of whichever sessions, a session drops one and waits for the next pass. When the peers of 48 sessions
 * of 1 024 channels left together, every pass of a loop dropped a slice for each of its dozen ending sessions.
 * Event loop only.
 */
final class ChannelDrop {
    /** Channels dropped per turn. */
    static final int SLICE = 64;

    private final List<ChannelImpl> channels;
    private final Throwable cause;
    private final SessionContext ctx;
    private Runnable after;
    private int next;
    private boolean done;

    private ChannelDrop(List<ChannelImpl> channels, Throwable cause, SessionContext ctx) {
        this.channels = channels;
        this.cause = cause;
        this.ctx = ctx;
    }

    /** Takes every channel out of {@code table} now, drops the first slice now and the rest on later turns. */
    static ChannelDrop start(ChannelTable table, Throwable cause, SessionContext ctx) {
        ChannelDrop drop = new ChannelDrop(table.removeAll(), cause, ctx);
        drop.slice();
        return drop;
    }

    /** Runs {@code task} once every channel is dropped: now if they are, else after the last slice. */
    void then(Runnable task) {
        if (done) {
            task.run();
        } else {
            after = task;
        }
    }

    private void slice() {
        EventLoop loop = ctx.loop();
        boolean counted = loop != null && loop.inEventLoop();
        int end = Math.min(channels.size(), next + SLICE);
        while (next < end) {
            ChannelTable.drop(channels.get(next++), cause, ctx);
            if (counted && LoopShare.current().channelDropped(loop) >= SLICE) {
                break; // the loop dropped a slice in this pass, whichever sessions ended: the rest in a later one
            }
        }
        if (next < channels.size() && scheduled()) {
            return;
        }
        while (next < channels.size()) {
            ChannelTable.drop(channels.get(next++), cause, ctx); // no later turn to come: the rest now
        }
        done = true;
        if (after != null) {
            after.run();
        }
    }

    /** Schedules the next slice; false if the loop takes no more tasks (it is shutting down). */
    private boolean scheduled() {
        EventLoop loop = ctx.loop();
        if (loop == null || loop.isShuttingDown()) {
            return false;
        }
        try {
            ctx.schedule(this::slice, ReadTurn.RESUME_DELAY_NANOS);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }
}
