package io.beepkit.cli;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.Reply;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * The running state of one {@code beep load}: the closed loops that keep messages in flight (paced when a target
 * rate is given), and the counters they share with the command that watches them. Senders run on the sessions'
 * callback threads; the counters are thread-safe.
 */
final class LoadRun {
    final AtomicLong issued = new AtomicLong();
    final AtomicLong completed = new AtomicLong();
    final AtomicLong failed = new AtomicLong();
    final AtomicLong lastCompletion = new AtomicLong();
    final Map<String, LongAdder> errorKinds = new ConcurrentHashMap<>();
    final AtomicReference<String> firstError = new AtomicReference<>();
    volatile boolean stopIssuing;
    volatile long deadline;
    volatile long measureFrom;
    private final long limit;
    private final ScheduledExecutorService pacer;

    /**
     * @param limit the most messages to issue (Long.MAX_VALUE for a timed run)
     * @param pacer schedules paced sends, or null for closed loops
     */
    LoadRun(long limit, ScheduledExecutorService pacer) {
        this.limit = limit;
        this.pacer = pacer;
    }

    /** Messages issued, never more than the limit. */
    long issuedCount() {
        return Math.min(issued.get(), limit);
    }

    /** Counts a failed exchange of {@code kind}; the first kind is kept for the exit message. */
    void error(String kind) {
        failed.incrementAndGet();
        errorKinds.computeIfAbsent(kind, k -> new LongAdder()).increment();
        firstError.compareAndSet(null, kind);
    }

    /** Starts one loop on {@code channel}: paced every {@code interval} nanoseconds, or closed when 0. */
    void startSender(BeepChannel channel, LoadFlow flow, long interval, CountDownLatch done, AtomicInteger active) {
        new Sender(channel, flow, interval, done, active).next();
    }

    /** One closed loop: a message in flight on a channel, the next sent when its reply arrives. */
    private final class Sender {
        private final BeepChannel channel;
        private final LoadFlow flow;
        private final long interval;
        private final CountDownLatch done;
        private final AtomicInteger active;
        private long intended;

        /** @param interval the pacing interval in nanoseconds, 0 for a closed loop */
        Sender(BeepChannel channel, LoadFlow flow, long interval, CountDownLatch done, AtomicInteger active) {
            this.channel = channel;
            this.flow = flow;
            this.interval = interval;
            this.done = done;
            this.active = active;
            this.intended = System.nanoTime();
        }

        void next() {
            if (interval > 0) {
                intended += interval;
                long wait = intended - System.nanoTime();
                if (wait > 0) {
                    pacer.schedule(this::send, wait, TimeUnit.NANOSECONDS);
                    return;
                }
            }
            send();
        }

        private void send() {
            if (stopIssuing || System.nanoTime() >= deadline || issued.getAndIncrement() >= limit) {
                finish();
                return;
            }
            // Paced: latency counts from the scheduled time, so a stalled reply also delays what waited behind it.
            long t0 = interval > 0 ? intended : System.nanoTime();
            channel.send(flow.message).whenComplete((reply, e) -> {
                long now = System.nanoTime();
                if (t0 >= measureFrom) {
                    flow.latency.record(now - t0, interval);
                    flow.measured.incrementAndGet();
                }
                lastCompletion.accumulateAndGet(now, Math::max);
                if (e != null) {
                    error(CliException.oneLine(Failures.unwrap(e).getClass().getSimpleName() + ": "
                            + Failures.message(e)));
                    completed.incrementAndGet();
                    finish(); // the channel or session is gone: this loop ends
                    return;
                }
                if (reply.kind() == Reply.Kind.ERR) {
                    error("ERR " + reply.errorCode() + (reply.errorText() == null || reply.errorText().isEmpty()
                            ? "" : " " + CliException.oneLine(reply.errorText())));
                }
                completed.incrementAndGet();
                next();
            });
        }

        private void finish() {
            active.decrementAndGet();
            done.countDown();
        }
    }
}
