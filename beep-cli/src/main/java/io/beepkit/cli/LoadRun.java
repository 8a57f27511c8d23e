package io.beepkit.cli;

import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.MessageTooLargeException;
import io.beepkit.api.Reply;
import io.beepkit.api.RequestTimeoutException;
import io.beepkit.api.SessionClosedException;
import io.beepkit.api.SessionUnavailableException;

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
    /** Errors by short kind (timeout, session_closed, unavailable, refused, err, too_large, other), for JSON. */
    final Map<String, LongAdder> errorCounts = new ConcurrentHashMap<>();
    /** With --reconnect: exchanges under way when a connection dropped (not errors: their loops send again). */
    final AtomicLong dropped = new AtomicLong();
    /** With --reconnect: messages sent in place of dropped ones. */
    final AtomicLong retried = new AtomicLong();
    final AtomicReference<String> firstError = new AtomicReference<>();
    volatile boolean stopIssuing;
    volatile long deadline;
    volatile long measureFrom;
    private final long limit;
    private final ScheduledExecutorService pacer;
    private final boolean reconnect;

    /**
     * @param limit     the most messages to issue (Long.MAX_VALUE for a timed run)
     * @param pacer     schedules paced sends, or null for closed loops
     * @param reconnect whether a loop whose exchange a dropped connection failed sends again (--reconnect)
     */
    LoadRun(long limit, ScheduledExecutorService pacer, boolean reconnect) {
        this.limit = limit;
        this.pacer = pacer;
        this.reconnect = reconnect;
    }

    /** Messages issued, never more than the limit. */
    long issuedCount() {
        return Math.min(issued.get(), limit);
    }

    /**
     * Counts failed exchanges: {@code count} of {@code kind} (short, for JSON) described by {@code detail} (for the
     * text report); the first detail is kept for the exit message.
     */
    void error(String kind, String detail, long count) {
        failed.addAndGet(count);
        errorCounts.computeIfAbsent(kind, k -> new LongAdder()).add(count);
        errorKinds.computeIfAbsent(detail, k -> new LongAdder()).add(count);
        firstError.compareAndSet(null, detail);
    }

    /** The short kind of an exchange's failure. */
    static String kind(Throwable failure) {
        Throwable c = Failures.unwrap(failure);
        if (c instanceof SessionUnavailableException) {
            return "connection refused".equals(Failures.reason(c)) ? "refused" : "unavailable";
        }
        if (c instanceof SessionClosedException || c instanceof ChannelClosedException) {
            return "session_closed";
        }
        if (c instanceof RequestTimeoutException || c instanceof java.util.concurrent.TimeoutException) {
            return "timeout";
        }
        return c instanceof MessageTooLargeException ? "too_large" : "other";
    }

    /** A failure after which a --reconnect loop sends again: the connection under the exchange was lost. */
    private boolean droppedByConnection(Throwable failure) {
        Throwable c = Failures.unwrap(failure);
        return reconnect && !(c instanceof SessionUnavailableException)
                && (c instanceof SessionClosedException || c instanceof ChannelClosedException);
    }

    /** Starts one loop on {@code link}: paced every {@code interval} nanoseconds, or closed when 0. */
    void startSender(LoadLink link, LoadFlow flow, long interval, CountDownLatch done, AtomicInteger active) {
        new Sender(link, flow, interval, done, active).next();
    }

    /** One closed loop: a message in flight on a channel, the next sent when its reply arrives. */
    private final class Sender {
        private final LoadLink channel;
        private final LoadFlow flow;
        private final long interval;
        private final CountDownLatch done;
        private final AtomicInteger active;
        private long intended;
        private boolean retrying;

        /** @param interval the pacing interval in nanoseconds, 0 for a closed loop */
        Sender(LoadLink channel, LoadFlow flow, long interval, CountDownLatch done, AtomicInteger active) {
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
            if (retrying) {
                retrying = false;
                retried.incrementAndGet();
            }
            // Paced: latency counts from the scheduled time, so a stalled reply also delays what waited behind it.
            long sentAt = System.nanoTime();
            long t0 = interval > 0 ? intended : sentAt;
            channel.send(flow.message).whenComplete((reply, e) -> {
                long now = System.nanoTime();
                if (e != null && droppedByConnection(e)) {
                    // Not resent as such: the loop's next message takes its place once a session is back.
                    dropped.incrementAndGet();
                    issued.decrementAndGet();
                    retrying = true;
                    next();
                    return;
                }
                if (t0 >= measureFrom) {
                    // Counted from the scheduled time, which already charges the messages a late reply held
                    // back with their wait: back-filling with the expected interval as well would count them twice,
                    // at a cost per reply that grows with the backlog.
                    flow.latency.record(now - t0);
                    if (interval > 0) {
                        flow.fromSend.record(now - sentAt);
                    }
                    flow.measured.incrementAndGet();
                }
                lastCompletion.accumulateAndGet(now, Math::max);
                if (e != null) {
                    error(kind(e), CliException.oneLine(Failures.unwrap(e).getClass().getSimpleName() + ": "
                            + Failures.message(e)), 1);
                    completed.incrementAndGet();
                    finish(); // the channel or session is gone: this loop ends
                    return;
                }
                if (reply.kind() == Reply.Kind.ERR) {
                    error("err", "ERR " + reply.errorCode() + (reply.errorText() == null || reply.errorText().isEmpty()
                            ? "" : " " + CliException.oneLine(reply.errorText())), 1);
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
