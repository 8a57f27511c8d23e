package io.beepkit.syslog.internal;

import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one daemon thread on which the device side polls the collector's window and hands queued lines on. Not
 * {@code CompletableFuture}'s default executor: on a machine with fewer than three cores that starts a new thread for
 * every task, which at one poll per millisecond per waiting channel costs more than the sending itself.
 */
final class SyslogScheduler {
    private static final ScheduledThreadPoolExecutor TIMER = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "beep-syslog-device-timer");
        t.setDaemon(true);
        return t;
    });

    static {
        TIMER.setRemoveOnCancelPolicy(true);
    }

    /** Runs tasks soon, in order, on the scheduler's thread. */
    static final Executor NOW = TIMER::execute;

    private SyslogScheduler() {
    }

    /** Runs {@code task} on the scheduler's thread after {@code millis} milliseconds. */
    static void after(long millis, Runnable task) {
        TIMER.schedule(task, millis, TimeUnit.MILLISECONDS);
    }
}
