package io.beepkit.bench;

import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogMessage;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A consumer that handles at most {@code rate} messages a second on one thread, as a store with a slow disk would,
 * acknowledging each when handled. It checks every message against its sender's sequence (the text carries
 * {@code s=SENDER n=SEQ}): a gap, a repeat or an unknown sender is counted, never ignored. Its hand-off queue is
 * observable, so a harness can show it stays bounded by the window credit the collector holds back.
 */
final class SlowConsumer implements SyslogConsumer, AutoCloseable {
    private final long nanosPerMessage;
    private final ThreadPoolExecutor disk = (ThreadPoolExecutor) Executors.newFixedThreadPool(1, r -> {
        Thread t = new Thread(r, "slow-consumer");
        t.setDaemon(true);
        return t;
    });
    private final AtomicLongArray next;
    private final AtomicLong handled = new AtomicLong();
    private final AtomicLong anomalies = new AtomicLong();
    private final AtomicLong maxQueued = new AtomicLong();
    private long budgetStart = System.nanoTime();
    private long inBudget;

    SlowConsumer(int senders, long rate) {
        this.next = new AtomicLongArray(senders);
        this.nanosPerMessage = TimeUnit.SECONDS.toNanos(1) / rate;
    }

    @Override
    public CompletionStage<Void> accept(SyslogMessage m) {
        CompletableFuture<Void> ack = new CompletableFuture<>();
        disk.execute(() -> {
            check(m.text());
            pace();
            handled.incrementAndGet();
            ack.complete(null);
        });
        maxQueued.accumulateAndGet(disk.getQueue().size(), Math::max);
        return ack;
    }

    private void check(String text) {
        int s = text.indexOf(" s=");
        int n = text.indexOf(" n=", s + 1);
        int end = text.indexOf(' ', n + 3);
        try {
            int sender = Integer.parseInt(text.substring(s + 3, n));
            long seq = Long.parseLong(text.substring(n + 3, end < 0 ? text.length() : end));
            if (!next.compareAndSet(sender, seq, seq + 1)) {
                anomalies.incrementAndGet();
            }
        } catch (RuntimeException e) {
            anomalies.incrementAndGet();
        }
    }

    /** Sleeps in 1 ms steps so that the long-run rate stays at most {@code rate} (timer resolution allows no less). */
    private void pace() {
        inBudget++;
        long due = budgetStart + inBudget * nanosPerMessage;
        long ahead = due - System.nanoTime();
        if (ahead > TimeUnit.MILLISECONDS.toNanos(1)) {
            try {
                Thread.sleep(TimeUnit.NANOSECONDS.toMillis(ahead));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } else if (ahead < -TimeUnit.MILLISECONDS.toNanos(100)) {
            budgetStart = System.nanoTime(); // idle for a while: no catching up in a burst
            inBudget = 0;
        }
    }

    long handled() {
        return handled.get();
    }

    long anomalies() {
        return anomalies.get();
    }

    long maxQueued() {
        return maxQueued.get();
    }

    /** Messages sender {@code s} got through so far. */
    long received(int s) {
        return next.get(s);
    }

    @Override
    public void close() {
        ExecutorService d = disk;
        d.shutdownNow();
    }
}
