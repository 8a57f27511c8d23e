package io.beepkit.netty.internal;

import org.slf4j.Logger;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Keeps a rule-breaking peer from flooding the log: the first violation of each kind is logged at WARN, later ones
 * of that kind only at DEBUG and counted. A session owns one with no quiet period (one WARN per kind for its whole
 * life, the counts summarised once at INFO when it ends); a listener owns one with a quiet period, after which the
 * next violation of a kind is logged at WARN again together with how many were counted since. Thread-safe.
 */
public final class ViolationLog {
    private final long quietNanos;
    /** Made at the first violation: a listener holds one log per session, and most sessions break no rule. */
    private Map<String, Kind> kinds;

    private static final class Kind {
        long lastWarnNanos;
        long suppressed;
        long suppressedTotal;
    }

    /** A log that warns once per kind, for ever (a session's). */
    public ViolationLog() {
        this(Long.MAX_VALUE);
    }

    /**
     * A log that warns once per kind per {@code quietNanos} (a listener's).
     *
     * @throws IllegalArgumentException if {@code quietNanos} is negative
     */
    public ViolationLog(long quietNanos) {
        if (quietNanos < 0) {
            throw new IllegalArgumentException("quietNanos must be >= 0: " + quietNanos);
        }
        this.quietNanos = quietNanos;
    }

    /**
     * Records a violation of {@code kind}; logs {@code format} with {@code args} at WARN if it is the first of its
     * kind (or the quiet period has passed), else at DEBUG. Peer text among {@code args} must already be escaped.
     *
     * @return true if this one was logged at WARN
     */
    public boolean warn(Logger log, String kind, String format, Object... args) {
        long now = System.nanoTime();
        long since;
        synchronized (this) {
            if (kinds == null) {
                kinds = new LinkedHashMap<>();
            }
            Kind k = kinds.get(kind);
            if (k == null) {
                k = new Kind();
                kinds.put(kind, k);
                since = -1;
            } else if (quietNanos != Long.MAX_VALUE && now - k.lastWarnNanos >= quietNanos) {
                since = k.suppressed;
            } else {
                k.suppressed++;
                k.suppressedTotal++;
                if (log.isDebugEnabled()) {
                    log.debug(format, args);
                }
                return false;
            }
            k.lastWarnNanos = now;
            k.suppressed = 0;
        }
        if (since > 0) {
            log.warn(format + " ({} more {} not logged before this one)", append(args, since, kind));
        } else {
            log.warn(format, args);
        }
        return true;
    }

    /** How many violations of each kind were counted but not logged at WARN, in the order kinds first occurred. */
    public Map<String, Long> suppressed() {
        Map<String, Long> out = new LinkedHashMap<>();
        synchronized (this) {
            if (kinds != null) {
                kinds.forEach((name, k) -> out.put(name, k.suppressedTotal));
            }
        }
        return out;
    }

    /** Logs at INFO, once, how many violations of each kind were only counted; nothing if none were. */
    public void logSummary(Logger log, Object subject) {
        Map<String, Long> counts = suppressed();
        counts.values().removeIf(n -> n == 0);
        if (!counts.isEmpty()) {
            log.info("{}: further violations counted but not logged: {}", subject, counts);
        }
    }

    private static Object[] append(Object[] args, Object a, Object b) {
        Object[] out = new Object[args.length + 2];
        System.arraycopy(args, 0, out, 0, args.length);
        out[args.length] = a;
        out[args.length + 1] = b;
        return out;
    }
}
