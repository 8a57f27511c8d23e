package io.beepkit.netty.internal.session;

import io.beepkit.api.ResourceLimitException;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One budget shared by every session of a listener ({@code ListenerLimits.memoryBudget}): each session's
 * {@link SessionMemory} charges it too. Over the budget the listener refuses new sessions (ERR 421 in place of its
 * greeting, RFC 3080 §2.4), every session holding more than {@link #PRESSURE_SHARE} stops reading, and the worst
 * offender, the session holding the most octets, is shed, one at a time: the next is shed only once the previous one
 * has closed and the total is still over. At or below the low-water mark (half the budget) new sessions are accepted
 * again and the paused sessions may read again. Thread-safe: sessions on every event loop charge it.
 */
public final class ListenerMemory {
    /**
     * While the listener is over its budget, a session holding more than this (64 KiB) stops reading, whatever its
     * own budget: the total then passes the budget by at most about one frame per session, and a session holding
     * little (a fresh one measuring echoes) goes on.
     */
    public static final long PRESSURE_SHARE = 64 * 1024;
    /**
     * What a connection costs the listener by itself, whatever its peer sends (channel, pipeline, session, buffers:
     * measured at about 10 KiB): charged to the listener's total only, so that thousands of idle connections count.
     */
    public static final long PER_CONNECTION = 16 * 1024;

    private final long budget;
    private final long lowWater;
    private final AtomicLong held = new AtomicLong();
    private final Set<SessionMemory> sessions = ConcurrentHashMap.newKeySet();
    private final Set<SessionMemory> paused = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean shedding = new AtomicBoolean();
    private volatile boolean over;
    private volatile long peak;
    private volatile int shed;

    /**
     * @param budget the most octets all sessions together may hold for their peers
     * @throws IllegalArgumentException if {@code budget} is not positive
     */
    public ListenerMemory(long budget) {
        if (budget < 1) {
            throw new IllegalArgumentException("listener memory budget must be >= 1: " + budget);
        }
        this.budget = budget;
        this.lowWater = budget / 2;
    }

    /** The budget, in octets. */
    public long budget() {
        return budget;
    }

    /** Octets all sessions hold for their peers now. */
    public long held() {
        return held.get();
    }

    /** The most octets held at once so far. */
    public long peak() {
        return peak;
    }

    /**
     * True while the total is over the budget, from the moment it passes the budget until it is back to half of it:
     * new sessions are refused and sessions holding more than {@link #PRESSURE_SHARE} stop reading.
     */
    public boolean over() {
        return over;
    }

    /** How many sessions were shed so far. */
    public int shedCount() {
        return shed;
    }

    void join(SessionMemory session) {
        sessions.add(session);
        change(PER_CONNECTION);
    }

    /** {@code session} has ended: what it still held leaves the total. */
    void leave(SessionMemory session, long stillHeld) {
        sessions.remove(session);
        paused.remove(session);
        change(-stillHeld - PER_CONNECTION);
        if (session.shedVictim()) {
            shedding.set(false);
            if (held.get() > budget) {
                shedWorst();
            }
        }
    }

    void change(long octets) {
        long now = held.addAndGet(octets);
        if (octets > 0) {
            if (now > peak) {
                peak = now; // a racy maximum is good enough for a figure
            }
            if (now > budget) {
                over = true;
                shedWorst();
            }
        } else if (over && now <= lowWater) {
            over = false;
            for (SessionMemory s : paused) {
                s.relieved();
            }
        }
    }

    /** {@code session} stopped reading (for its own budget or this one's). */
    void paused(SessionMemory session) {
        paused.add(session);
    }

    /** {@code session} reads again. */
    void resumed(SessionMemory session) {
        paused.remove(session);
    }

    private void shedWorst() {
        if (!shedding.compareAndSet(false, true)) {
            return; // one at a time: the previous one's octets leave when it closes
        }
        SessionMemory worst = null;
        long most = 0;
        for (SessionMemory s : sessions) {
            long h = s.held();
            if (h > most && !s.shedVictim()) {
                most = h;
                worst = s;
            }
        }
        if (worst == null) {
            shedding.set(false);
            return;
        }
        shed++;
        SessionMemory victim = worst;
        victim.markShed();
        if (!sessions.contains(victim)) {
            shedding.set(false); // it ended meanwhile; its leave may not have seen the mark
            return;
        }
        victim.shed(new ResourceLimitException("shed: the listener holds " + held.get()
                + " octets for its peers, over its memory budget of " + budget + ", and this session held the most: "
                + most + " octets"));
    }
}
