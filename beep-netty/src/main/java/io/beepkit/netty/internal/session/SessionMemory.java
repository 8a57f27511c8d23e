package io.beepkit.netty.internal.session;

import io.beepkit.api.ResourceLimitException;
import io.beepkit.netty.internal.channel.ChannelImpl;


/**
 * What the peer makes one session hold, against the session's memory budget ({@code SessionLimits.memoryBudget}):
 * octets of MSGs being assembled, of replies to our MSGs being assembled (answers included), of delivered MSGs whose
 * handler has not returned, of frames handed to a streaming handler or reply listener that it has not yet returned
 * from, of our replies produced but not yet written, and {@link #PER_MESSAGE} octets for each of the peer's MSGs
 * until its final reply is written (an empty
 * MSG costs no window but an object). Each channel's share is kept in its {@code ReceiveState} and leaves the total
 * when the channel goes, so the total cannot drift.
 *
 * <p>Over the budget, the session stops reading from the socket and the frame decoder stops handing on frames
 * already read (they wait, undecoded, in its buffer); at or below half the budget both resume. A session still over
 * its budget after {@code memoryBudgetTimeout} is terminated with a {@link ResourceLimitException}: its peer was not
 * reading our replies nor letting its MSGs finish. Changed on the event loop only; the figures may be read from any
 * thread. A listener's sessions also charge its shared {@link ListenerMemory}; while the listener is over its budget,
 * a session pauses as soon as it holds more than {@link ListenerMemory#PRESSURE_SHARE}, and resumes once the listener
 * is back under its low-water mark (or the session under half that share).
 */
public final class SessionMemory {
    /**
     * What one MSG awaiting its reply costs, its octets aside: request, reply slot, message and entity objects, and
     * once answered the queued reply with its buffer (measured: about 450 octets on a 64-bit JVM).
     */
    public static final int PER_MESSAGE = 512;
    /**
     * What an open channel costs, whatever crosses it: its state, windows, queues and statistics (measured: about
     * 1.8 KiB on a 64-bit JVM).
     */
    public static final int PER_CHANNEL = 2048;

    private final SessionContext ctx;
    private final long budget;
    private Runnable decodeHeld = () -> { };
    // Written on the event loop only; volatile so that monitoring and tests may read them from any thread.
    private volatile long held;
    private volatile long peak;
    private volatile boolean paused;
    private volatile int pauses;
    /** Counts pause episodes, so a timer armed by an earlier one does not terminate a later one early. */
    private int episode;
    private volatile ListenerMemory listener;
    private volatile boolean shedVictim;

    SessionMemory(SessionContext ctx) {
        this.ctx = ctx;
        this.budget = ctx.config().limits().memoryBudget();
    }

    /** Charges {@code shared}, the listener's budget, with every change too, until the session ends. */
    public void share(ListenerMemory shared) {
        this.listener = shared;
        shared.join(this);
    }

    /** The session has ended: what it still holds leaves the listener's total, and later changes no longer count. */
    void detach() {
        ListenerMemory l = listener;
        listener = null;
        if (l != null) {
            l.leave(this, held);
        }
    }

    /** True once the listener chose this session to shed. */
    boolean shedVictim() {
        return shedVictim;
    }

    void markShed() {
        shedVictim = true;
    }

    /** Terminates the session on its event loop: the listener is over its budget and this session holds the most. */
    void shed(ResourceLimitException why) {
        ctx.onLoop(() -> {
            if (!ctx.closed()) {
                ctx.terminate(why);
            }
        });
    }

    /** Called to decode what the frame decoder held back while paused; set by the decoder through its limits. */
    void onResume(Runnable task) {
        decodeHeld = task;
    }

    /** Adds (or with a negative value removes) {@code octets} held for the peer on {@code ch}. */
    void add(ChannelImpl ch, long octets) {
        if (ch.lifecycle().isClosed()) {
            return; // its share already left the total; late releases must not count twice
        }
        ch.receive().addMemoryHeld(octets);
        change(octets);
    }

    private void change(long octets) {
        held += octets;
        ListenerMemory l = listener;
        if (l != null) {
            l.change(octets);
        }
        if (octets > 0) {
            peak = Math.max(peak, held);
            if (!paused && overBudget(l)) {
                pause();
            }
        } else if (paused && mayResume(l)) {
            resume();
        }
    }

    /**
     * Over its own budget, or over {@link ListenerMemory#PRESSURE_SHARE} while the listener is over its shared
     * budget: then every session holding more than a small share stops reading, so the total holds by construction.
     */
    private boolean overBudget(ListenerMemory l) {
        return held > budget || (l != null && l.over() && held > ListenerMemory.PRESSURE_SHARE);
    }

    private boolean mayResume(ListenerMemory l) {
        return held <= budget / 2 && (l == null || !l.over() || held <= ListenerMemory.PRESSURE_SHARE / 2);
    }

    /** The listener is back under its low-water mark: if this session was paused for it, it may read again. */
    void relieved() {
        ctx.onLoop(() -> {
            if (paused && !ctx.closed() && mayResume(listener)) {
                resume();
            }
        });
    }

    /** {@code ch} is gone: its share leaves the total. */
    void forget(ChannelImpl ch) {
        long share = ch.receive().memoryHeld();
        ch.receive().addMemoryHeld(-share);
        change(-share);
    }

    /** Octets held for the peer now. */
    public long held() {
        return held;
    }

    /** The most octets held at once so far. */
    public long peak() {
        return peak;
    }

    /** True while reading is stopped because the session is over its budget. */
    public boolean paused() {
        return paused;
    }

    /** How many times reading was stopped. */
    public int pauses() {
        return pauses;
    }

    private void pause() {
        paused = true;
        pauses++;
        int thisEpisode = ++episode;
        ctx.updateReading();
        if (ctx.loop() != null) {
            long nanos = ctx.config().limits().memoryBudgetTimeout().toNanos();
            ctx.schedule(() -> overTooLong(thisEpisode), nanos);
        }
        ListenerMemory l = listener;
        if (l != null) {
            l.paused(this);
            if (!l.over()) {
                relieved(); // the relief may have passed before this session was listed as paused
            }
        }
    }

    private void resume() {
        ListenerMemory l = listener;
        if (l != null) {
            l.resumed(this);
        }
        paused = false;
        ctx.updateReading();
        // Never re-entered from inside a read: the decoder may be the caller's caller.
        ctx.onLoopLater(() -> {
            if (!paused && !ctx.closed()) {
                decodeHeld.run();
            }
        });
    }

    private void overTooLong(int pausedEpisode) {
        if (paused && episode == pausedEpisode && !ctx.closed()) {
            long ms = ctx.config().limits().memoryBudgetTimeout().toMillis();
            String why = held > budget / 2
                    ? "held more than the memory budget of " + budget + " octets for the peer and not back under "
                    + "half of it within " + ms + " ms (" + held + " held now)"
                    : "held " + held + " octets for the peer while the listener was over its shared memory budget,"
                    + " and not back under " + ListenerMemory.PRESSURE_SHARE / 2 + " within " + ms + " ms";
            ctx.terminate(new ResourceLimitException(why + ": the peer neither reads our replies nor lets its "
                    + "messages finish"));
        }
    }
}
