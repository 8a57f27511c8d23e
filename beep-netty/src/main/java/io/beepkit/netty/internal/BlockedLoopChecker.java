package io.beepkit.netty.internal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * Warns when application code holds one of this library's event loops too long, as Vert.x's blocked-thread checker
 * does: a callback that blocks there (a handler declared non-blocking, direct callbacks, a continuation of a reply
 * future) stalls every session of that loop, and must not do so silently. The engine marks the start and end of each
 * piece of application code it runs on a loop ({@link #enter}, {@link #exit}); a daemon thread looks every
 * {@code threshold / 2} and logs, once per stall, the loop's name, how long it has been held and its stack; the loop
 * itself logs the whole duration when the code returns.
 *
 * <p>The threshold is {@value #PROPERTY} in milliseconds (default {@value #DEFAULT_MILLIS}; 0 turns the checker off).
 */
public final class BlockedLoopChecker {
    /** System property: milliseconds of application code on an event loop before a warning; 0 turns it off. */
    public static final String PROPERTY = "io.beepkit.blockedLoopWarnMillis";
    /** The default threshold in milliseconds. */
    public static final long DEFAULT_MILLIS = 200;
    private static final Logger log = LoggerFactory.getLogger(BlockedLoopChecker.class);
    private static final long THRESHOLD_NANOS = TimeUnit.MILLISECONDS.toNanos(thresholdMillis());
    private static final BlockedLoopChecker GLOBAL = new BlockedLoopChecker(THRESHOLD_NANOS,
            BlockedLoopChecker::warn);

    private final long thresholdNanos;
    private final BiConsumer<HandOffSpin.LoopThread, Long> report;
    private final List<HandOffSpin.LoopThread> loops = new CopyOnWriteArrayList<>();
    private Thread checker;

    /**
     * @param thresholdNanos how long application code may hold a loop before it is reported
     * @param report         told of the loop and for how many nanoseconds it has been held, once per stall
     */
    BlockedLoopChecker(long thresholdNanos, BiConsumer<HandOffSpin.LoopThread, Long> report) {
        this.thresholdNanos = thresholdNanos;
        this.report = report;
    }

    /** The threshold from {@value #PROPERTY}; an unreadable value gives the default. */
    static long thresholdMillis() {
        String v = System.getProperty(PROPERTY);
        try {
            return v == null ? DEFAULT_MILLIS : Math.max(0, Long.parseLong(v.trim()));
        } catch (NumberFormatException e) {
            return DEFAULT_MILLIS;
        }
    }

    /** True on an event loop of this library. */
    public static boolean onEventLoop() {
        return Thread.currentThread() instanceof HandOffSpin.LoopThread;
    }

    /** Application code starts on the current thread; returns its start for {@link #exit} (0 off a library loop). */
    public static long enter() {
        if (THRESHOLD_NANOS > 0 && Thread.currentThread() instanceof HandOffSpin.LoopThread t) {
            long now = System.nanoTime() | 1; // never 0, which means "not in application code"
            t.applicationSince = now;
            return now;
        }
        return 0;
    }

    /** The application code begun at {@code since} ({@link #enter}) returned; warns if it held the loop too long. */
    public static void exit(long since) {
        if (since == 0) {
            return;
        }
        ((HandOffSpin.LoopThread) Thread.currentThread()).applicationSince = 0;
        long held = System.nanoTime() - since;
        if (held >= THRESHOLD_NANOS) {
            log.warn("application code held event loop {} for {} ms; every session of that loop waited. Run "
                    + "blocking work off the loop (a profile handler that is not nonBlocking(), or thenApplyAsync "
                    + "with an executor on a reply future)", Thread.currentThread().getName(),
                    TimeUnit.NANOSECONDS.toMillis(held));
        }
    }

    /** Watches a loop thread of this library (called as it is created). */
    static void watch(HandOffSpin.LoopThread t) {
        if (THRESHOLD_NANOS > 0) {
            GLOBAL.add(t);
        }
    }

    synchronized void add(HandOffSpin.LoopThread t) {
        loops.add(t);
        if (checker == null) {
            checker = new Thread(this::run, "beep-blocked-loop-checker");
            checker.setDaemon(true);
            checker.start();
        }
    }

    private void run() {
        long interval = Math.max(1, TimeUnit.NANOSECONDS.toMillis(thresholdNanos / 2));
        while (true) {
            try {
                Thread.sleep(interval);
            } catch (InterruptedException e) {
                return;
            }
            check(System.nanoTime());
        }
    }

    /** One look at every watched loop: reports each held past the threshold, once per stall; forgets ended ones. */
    void check(long now) {
        for (HandOffSpin.LoopThread t : loops) {
            if (t.getState() == Thread.State.TERMINATED) {
                loops.remove(t);
                continue;
            }
            long since = t.applicationSince;
            if (since != 0 && since != t.reportedSince && now - since >= thresholdNanos) {
                t.reportedSince = since;
                report.accept(t, now - since);
            }
        }
    }

    private static void warn(HandOffSpin.LoopThread t, long heldNanos) {
        Exception where = new Exception("stack of " + t.getName());
        where.setStackTrace(t.getStackTrace());
        log.warn("event loop {} has run application code for {} ms: it blocks or is starved, and every session of "
                + "that loop waits", t.getName(), TimeUnit.NANOSECONDS.toMillis(heldNanos), where);
    }
}
