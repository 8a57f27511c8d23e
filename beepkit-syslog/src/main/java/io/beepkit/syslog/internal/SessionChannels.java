package io.beepkit.syslog.internal;

import io.beepkit.api.BeepSession;
import io.beepkit.api.StartDecision;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the RAW and COOKED channels of each session a collector serves, so that one peer cannot open channel after
 * channel, each holding its own buffers: a start beyond the limit is refused with 550. A session's count goes when
 * the session ends.
 */
public final class SessionChannels {
    private final int max;
    private final ConcurrentHashMap<BeepSession, AtomicInteger> open = new ConcurrentHashMap<>();

    /** At most {@code max} channels per session. */
    public SessionChannels(int max) {
        this.max = max;
    }

    /** Takes a place for a channel being started, or refuses the start. */
    StartDecision admit(BeepSession session) {
        AtomicInteger n = open.get(session);
        if (n == null) {
            AtomicInteger fresh = new AtomicInteger();
            n = open.putIfAbsent(session, fresh);
            if (n == null) {
                n = fresh;
                session.closeFuture().whenComplete((ok, failure) -> open.remove(session));
            }
        }
        if (n.incrementAndGet() > max) {
            n.decrementAndGet();
            return StartDecision.refuse(550, "at most " + max + " syslog channels per session");
        }
        return null;
    }

    /** A channel admitted earlier closed. */
    void closed(BeepSession session) {
        AtomicInteger n = open.get(session);
        if (n != null) {
            n.updateAndGet(v -> Math.max(0, v - 1)); // a channel the collector started itself was never admitted
        }
    }
}
