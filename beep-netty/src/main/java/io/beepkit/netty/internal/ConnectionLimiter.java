package io.beepkit.netty.internal;

import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts a listener's connections, in total and per remote IP address, and refuses those over either limit: the
 * refused connection is closed at once, before anything is read or our greeting is sent, so it costs no buffers and
 * the peer sees the connection closed. Each admitted connection is counted until it closes. Thread-safe.
 */
public final class ConnectionLimiter {
    private static final Logger log = LoggerFactory.getLogger(ConnectionLimiter.class);

    private final int maxSessions;
    private final int maxPerAddress;
    private final ViolationLog violations;
    private final AtomicInteger total = new AtomicInteger();
    private final ConcurrentMap<Object, Integer> perAddress = new ConcurrentHashMap<>();

    /**
     * @param maxSessions   the most connections at once
     * @param maxPerAddress the most connections at once from one remote IP address
     * @param violations    where refusals are logged (rate-limited per kind)
     */
    public ConnectionLimiter(int maxSessions, int maxPerAddress, ViolationLog violations) {
        if (maxSessions < 1) {
            throw new IllegalArgumentException("maxSessions must be >= 1: " + maxSessions);
        }
        if (maxPerAddress < 1) {
            throw new IllegalArgumentException("maxPerAddress must be >= 1: " + maxPerAddress);
        }
        this.maxSessions = maxSessions;
        this.maxPerAddress = maxPerAddress;
        this.violations = violations;
    }

    /**
     * Admits {@code ch} and counts it until it closes, or refuses it (logging why) when a limit is reached.
     *
     * @return false if {@code ch} must be closed
     */
    public boolean admit(Channel ch) {
        SocketAddress remote = ch.remoteAddress();
        Object key = remote instanceof InetSocketAddress inet && inet.getAddress() != null ? inet.getAddress() : remote;
        if (total.incrementAndGet() > maxSessions) {
            total.decrementAndGet();
            violations.warn(log, "maxSessions", "refusing connection from {}: the limit of {} connections is reached",
                    remote, maxSessions);
            return false;
        }
        boolean[] full = new boolean[1];
        perAddress.compute(key, (k, n) -> {
            int count = n == null ? 0 : n;
            full[0] = count >= maxPerAddress;
            return full[0] ? n : count + 1;
        });
        if (full[0]) {
            total.decrementAndGet();
            violations.warn(log, "maxSessionsPerAddress",
                    "refusing connection from {}: the limit of {} connections from that address is reached", remote,
                    maxPerAddress);
            return false;
        }
        ch.closeFuture().addListener(f -> release(key));
        return true;
    }

    /** Connections currently admitted. */
    public int open() {
        return total.get();
    }

    /** Connections currently admitted from {@code address} (an {@link java.net.InetAddress}). */
    public int openFrom(Object address) {
        return perAddress.getOrDefault(address, 0);
    }

    private void release(Object key) {
        total.decrementAndGet();
        perAddress.computeIfPresent(key, (k, n) -> n == 1 ? null : n - 1);
    }
}
