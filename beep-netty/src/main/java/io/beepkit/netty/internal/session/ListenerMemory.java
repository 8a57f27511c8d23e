package io.beepkit.netty.internal.session;

import io.beepkit.api.ResourceLimitException;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One budget shared by every session of a listener ({@code BeepConfig.listenerMemoryBudget}): each session's
 * {@link SessionMemory} charges it too. Over the budget the listener refuses new sessions (ERR 421 in place of its
 * greeting, RFC 3080 §2.4) and sheds its worst offender, the session holding the most octets, one at a time: the next
 * is shed only once the previous one has closed and the total is still over. At or below the low-water mark (half
 * the budget) new sessions are accepted again. Thread-safe: sessions on every event loop charge it.
 */
public final class ListenerMemory {
    private final long budget;
    private final long lowWater;
    private final AtomicLong held = new AtomicLong();
    private final Set<SessionMemory> sessions = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean shedding = new AtomicBoolean();
    private volatile boolean refusing;
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

    /** True while new sessions are refused: the total went over the budget and is not yet back to half of it. */
    public boolean refusing() {
        return refusing;
    }

    /** How many sessions were shed so far. */
    public int shedCount() {
        return shed;
    }

    void join(SessionMemory session) {
        sessions.add(session);
    }

    /** {@code session} has ended: what it still held leaves the total. */
    void leave(SessionMemory session, long stillHeld) {
        sessions.remove(session);
        change(-stillHeld);
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
                refusing = true;
                shedWorst();
            }
        } else if (refusing && now <= lowWater) {
            refusing = false;
        }
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
