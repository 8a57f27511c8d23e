package io.beepkit.syslog.shipping.internal;

import io.beepkit.api.BeepErrorException;
import io.beepkit.syslog.SyslogSender;
import io.beepkit.syslog.SyslogTransport;
import io.beepkit.syslog.shipping.LogEvent;
import io.beepkit.syslog.shipping.ShipperCounts;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The shipper's thread: takes events from the queue (after those to send again and those spilled), formats them,
 * sends them over the {@link CollectorLink}, and counts them delivered once acknowledged: COOKED by each entry's
 * {@code <ok />}, RAW when the channel that carried them ended cleanly (every {@code rawCheckpointLines} lines, and
 * after a pause). Whatever a lost session had not acknowledged is sent again on the next (at least once). Under the
 * SPILL policy it moves queued events to disk while it cannot deliver them.
 */
public final class ShipperLoop implements Runnable {
    private static final long IDLE_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long CONNECT_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long RAW_IDLE_CHECKPOINT_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    private static final long SPILL_WHEN_DISCONNECTED_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final int RAW_HANDED_OVER_AT_ONCE = 1024;

    private record Flight(Pending pending, CompletableFuture<Void> sent) {
    }

    private final ShipperSettings settings;
    private final EventQueue queue;
    private final Reporter reporter;
    private final Rfc5424Formatter formatter;
    private final CollectorLink link;
    private final @Nullable Spiller spill;
    private final boolean raw;
    private final ArrayDeque<LogEvent> taken = new ArrayDeque<>();
    private final ArrayDeque<Pending> resend = new ArrayDeque<>();
    private final ArrayDeque<Pending> replay = new ArrayDeque<>();
    private final ArrayDeque<Flight> flights = new ArrayDeque<>();
    private final List<Pending> rawHanded = new ArrayList<>();
    private final CompletableFuture<ShipperCounts> done = new CompletableFuture<>();
    private volatile long delivered;
    private volatile long dropped;
    private volatile long resent;
    private volatile int held;
    private volatile boolean closing;
    private volatile long deadline;
    private volatile long closeStarted;
    private boolean connected;
    private long disconnectedSince = System.nanoTime();
    private long lastSend = System.nanoTime();

    public ShipperLoop(ShipperSettings settings, EventQueue queue, Reporter reporter, @Nullable SpillStore spill) {
        this.settings = settings;
        this.queue = queue;
        this.reporter = reporter;
        this.spill = spill == null ? null : new Spiller(spill, reporter, settings.spillMaxBytes());
        this.raw = settings.transport() == SyslogTransport.RAW;
        this.formatter = new Rfc5424Formatter(settings.facility(), settings.hostname(), settings.appName(),
                settings.procId(), settings.enterprise());
        this.link = new CollectorLink(settings, reporter);
    }

    /** The totals so far. */
    public ShipperCounts counts() {
        Spiller s = spill;
        return ShipperCounts.of(queue.offered(), delivered, queue.dropped() + dropped + (s == null ? 0 : s.dropped()),
                s == null ? 0 : s.spilled(), resent, queue.size() + held);
    }

    /** Asks the thread to deliver what it holds until {@code deadlineNanos} ({@link System#nanoTime()}), then end. */
    public CompletableFuture<ShipperCounts> close(long deadlineNanos) {
        deadline = deadlineNanos;
        closeStarted = System.nanoTime();
        closing = true;
        return done;
    }

    @Override
    public void run() {
        try {
            while (!finished()) {
                step();
                held = taken.size() + resend.size() + flights.size() + rawHanded.size();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | IOException | Error e) {
            reporter.dropped("the shipping thread failed: " + e);
        } finally {
            leaveTheRest();
            link.close();
            done.complete(counts());
        }
    }

    private boolean finished() {
        if (!closing) {
            return false;
        }
        boolean memoryEmpty = queue.size() == 0 && taken.isEmpty() && resend.isEmpty() && flights.isEmpty()
                && rawHanded.isEmpty();
        boolean gaveUp = !connected && link.failing()
                && System.nanoTime() - closeStarted > SPILL_WHEN_DISCONNECTED_NANOS;
        if (memoryEmpty && replay.isEmpty() && (spill == null || spill.isEmpty() || gaveUp)) {
            return true; // with no session for a while, what is spilled waits on disk for the next run
        }
        return System.nanoTime() - deadline >= 0;
    }

    private void step() throws InterruptedException, IOException {
        reap();
        if (spill != null) {
            spillIfBehind(spill);
        }
        SyslogSender sender = link.sender(connected ? 0 : CONNECT_POLL_NANOS);
        if (sender == null) {
            if (connected) {
                connected = false;
                disconnectedSince = System.nanoTime();
            }
            return;
        }
        connected = true;
        int window = raw ? RAW_HANDED_OVER_AT_ONCE : settings.inFlight();
        if (raw && checkpointDue()) {
            checkpoint();
            return;
        }
        if (flights.size() >= window) {
            awaitOldest(IDLE_POLL_NANOS);
            return;
        }
        Pending p = next(flights.isEmpty() && rawHanded.isEmpty() ? IDLE_POLL_NANOS : 0);
        if (p == null) {
            if (!flights.isEmpty()) {
                awaitOldest(IDLE_POLL_NANOS);
            }
            return;
        }
        if (p.sentBefore) {
            resent++;
        }
        p.sentBefore = true;
        flights.add(new Flight(p, send(sender, p.line)));
        lastSend = System.nanoTime();
    }

    private static CompletableFuture<Void> send(SyslogSender sender, String line) {
        try {
            return sender.send(line);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e); // the channel closed under us
        }
    }

    /** The next line: one to send again, else one from the spill, else a queued event; null if none came. */
    private @Nullable Pending next(long waitNanos) throws InterruptedException, IOException {
        Pending p = resend.poll();
        if (p != null) {
            return p;
        }
        if (replay.isEmpty() && spill != null) {
            spill.replayInto(replay);
        }
        p = replay.poll();
        if (p != null) {
            return p;
        }
        LogEvent e = take(waitNanos);
        return e == null ? null : new Pending(formatter.format(e), null);
    }

    private @Nullable LogEvent take(long waitNanos) throws InterruptedException {
        return taken.isEmpty() && queue.drainTo(taken, 256) == 0 ? queue.poll(waitNanos) : taken.poll();
    }

    /** Counts what was acknowledged; on a failure other than the collector refusing an entry, the session is lost. */
    private void reap() throws IOException {
        while (!flights.isEmpty() && flights.peek().sent().isDone()) {
            Flight f = flights.poll();
            Throwable failure = failure(f.sent());
            if (failure == null) {
                if (raw) {
                    rawHanded.add(f.pending());
                } else {
                    delivered(f.pending());
                }
            } else if (failure instanceof BeepErrorException refused) {
                dropped++;
                reporter.dropped("the collector refused an entry: " + refused.getMessage());
                if (spill != null) {
                    spill.done(f.pending());
                }
            } else {
                flights.addFirst(f);
                sessionLost(failure);
                return;
            }
        }
    }

    private void delivered(Pending p) throws IOException {
        delivered++;
        if (spill != null) {
            spill.done(p);
        }
    }

    private static @Nullable Throwable failure(CompletableFuture<?> f) {
        try {
            f.join();
            return null;
        } catch (CompletionException e) {
            return e.getCause() != null ? e.getCause() : e;
        } catch (RuntimeException e) {
            return e;
        }
    }

    /** Everything not acknowledged goes first on the next session, oldest first. */
    private void sessionLost(Throwable cause) {
        ArrayDeque<Pending> again = new ArrayDeque<>(rawHanded);
        for (Flight f : flights) {
            again.add(f.pending());
        }
        again.addAll(resend);
        resend.clear();
        resend.addAll(again);
        rawHanded.clear();
        flights.clear();
        link.lost(cause);
        connected = false;
        disconnectedSince = System.nanoTime();
    }

    private void awaitOldest(long nanos) throws InterruptedException {
        Flight f = flights.peek();
        if (f != null) {
            try {
                f.sent().get(nanos, TimeUnit.NANOSECONDS);
            } catch (ExecutionException | TimeoutException e) {
                // reap() sorts it out
            }
        }
    }

    private boolean checkpointDue() {
        int open = rawHanded.size() + flights.size();
        if (open == 0) {
            return false;
        }
        boolean nothingWaiting = resend.isEmpty() && replay.isEmpty() && taken.isEmpty() && queue.size() == 0;
        return open >= settings.rawCheckpointLines()
                || nothingWaiting && (closing || System.nanoTime() - lastSend > RAW_IDLE_CHECKPOINT_NANOS);
    }

    /** RAW: waits for every line to be handed over, then ends the channel cleanly: they are all delivered. */
    private void checkpoint() throws InterruptedException, IOException {
        long until = System.nanoTime() + settings.connectTimeout().toNanos();
        while (!flights.isEmpty()) {
            awaitOldest(until - System.nanoTime());
            reap();
            if (!connected || System.nanoTime() - until > 0) {
                if (!flights.isEmpty() || !rawHanded.isEmpty()) {
                    sessionLost(new TimeoutException("lines not handed to the RAW channel in time"));
                }
                return;
            }
        }
        try {
            link.finishRaw().get(settings.connectTimeout().toNanos(), TimeUnit.NANOSECONDS);
            for (Pending p : rawHanded) {
                delivered(p);
            }
            rawHanded.clear();
        } catch (ExecutionException | TimeoutException e) {
            sessionLost(e.getCause() != null ? e.getCause() : e);
        }
    }

    /** SPILL: moves queued events to disk while there is no session, or the queue is more than half full. */
    private void spillIfBehind(Spiller spill) throws IOException {
        boolean down = !connected && System.nanoTime() - disconnectedSince > SPILL_WHEN_DISCONNECTED_NANOS;
        boolean behind = queue.size() > queue.capacity() / 2;
        if (!down && !behind) {
            return;
        }
        List<String> lines = new ArrayList<>();
        if (down) {
            for (Pending p = resend.poll(); p != null; p = resend.poll()) {
                if (p.segment == null) {
                    lines.add(p.line); // the spilled ones are still on disk
                }
            }
        }
        formatQueued(lines, 16_384);
        spill.write(lines, down ? "no session with " + link.collector() : "the collector is not keeping up");
    }

    /** Formats the events taken and up to {@code max} more from the queue into {@code lines}, emptying both. */
    private void formatQueued(List<String> lines, int max) {
        queue.drainTo(taken, max);
        for (LogEvent e = taken.poll(); e != null; e = taken.poll()) {
            lines.add(formatter.format(e));
        }
    }

    /** At the end: what is still held goes to the spill, or is counted dropped. */
    private void leaveTheRest() {
        List<String> lines = new ArrayList<>();
        for (Pending p : rawHanded) {
            lines.add(p.line);
        }
        for (Flight f : flights) {
            if (f.pending().segment == null) {
                lines.add(f.pending().line);
            }
        }
        for (Pending p : resend) {
            if (p.segment == null) {
                lines.add(p.line);
            }
        }
        formatQueued(lines, Integer.MAX_VALUE);
        rawHanded.clear();
        flights.clear();
        resend.clear();
        held = 0;
        try {
            if (spill != null) {
                spill.write(lines, "closing with events not delivered");
                spill.close();
            } else if (!lines.isEmpty()) {
                dropped += lines.size();
                reporter.dropped("closing: " + lines.size() + " events not delivered in time");
            }
        } catch (IOException | RuntimeException e) {
            reporter.dropped("closing: the spill failed: " + e);
        }
    }
}
