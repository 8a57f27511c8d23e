package io.beepkit.syslog.shipping;

import io.beepkit.api.ProfileRegistry;
import io.beepkit.netty.BeepServer;
import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogMessage;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** A collector on 127.0.0.1 counting each message text it acknowledged, and able to stop and start on its port. */
final class Collector implements AutoCloseable {
    final Map<String, AtomicInteger> received = new ConcurrentHashMap<>();
    final List<SyslogMessage> messages = new CopyOnWriteArrayList<>();
    final AtomicInteger total = new AtomicInteger();
    private final AtomicBoolean dying = new AtomicBoolean();
    private volatile BeepServer server;
    private volatile CompletableFuture<?> dead;
    private int port;

    /** Acknowledges {@code killAt} messages, then stops acknowledging and dies as a crashed collector. */
    Collector start(int killAt) throws Exception {
        SyslogCollector collector = SyslogCollector.builder().consumer(m -> {
            if (killAt > 0 && total.get() >= killAt) {
                if (dying.compareAndSet(false, true)) {
                    dead = server.closeAsync(Duration.ZERO);
                }
                return new CompletableFuture<>(); // never acknowledged
            }
            received.computeIfAbsent(m.message(), k -> new AtomicInteger()).incrementAndGet();
            if (messages.size() < 100) {
                messages.add(m);
            }
            total.incrementAndGet();
            return SyslogConsumer.HANDLED;
        }).build();
        server = BeepServer.builder().bind("127.0.0.1", port).noDefaultProfiles()
                .profiles(collector.register(new ProfileRegistry())).build();
        server.start().get(10, TimeUnit.SECONDS);
        port = server.port();
        return this;
    }

    Collector start() throws Exception {
        return start(0);
    }

    /** Waits until a collector started with a kill point has died. */
    void awaitDeath() throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (dead == null) {
            if (System.nanoTime() > until) {
                throw new AssertionError("the collector did not die");
            }
            Thread.sleep(5);
        }
        dead.get(30, TimeUnit.SECONDS);
        dead = null;
    }

    /** Stops at once, as a crashed collector would: no grace, sessions cut. */
    void kill() throws Exception {
        server.closeAsync(Duration.ZERO).get(10, TimeUnit.SECONDS);
    }

    int port() {
        return port;
    }

    /** Lines that arrived more than once. */
    long duplicates() {
        return received.values().stream().mapToLong(c -> c.get() - 1).sum();
    }

    @Override
    public void close() {
        server.close(Duration.ZERO);
    }
}
