package io.beepkit.syslog.internal;

import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * The consumer's acknowledgements a RAW channel still waits for, so that a close is accepted only once everything the
 * device sent on it is acknowledged: the device takes the collector's reply to its close as the acknowledgement of
 * every line of the channel (RFC 3195 has no other on RAW), and forgets them.
 */
final class PendingAcks {
    private int pending;
    private boolean failed;

    /** Counts {@code ack} until it completes; a failure is remembered for good. */
    void add(CompletionStage<?> ack) {
        synchronized (this) {
            pending++;
        }
        ack.whenComplete((ok, failure) -> done(failure != null));
    }

    private synchronized void done(boolean failure) {
        pending--;
        failed |= failure;
        notifyAll();
    }

    /**
     * Waits up to {@code timeout} until every acknowledgement added so far has come; true if they all came and none
     * failed.
     */
    synchronized boolean awaitAll(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (pending > 0 && !failed) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return !failed;
    }
}
