package io.beepkit.netty.internal.pipeline;

import io.beepkit.netty.internal.ViolationLog;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts a listener's connections, in total and (when a per-address limit is set) per remote IP address, and refuses
 * those over either limit: the refused connection is closed at once, before our greeting is sent, so it costs no
 * buffers and the peer sees the connection closed. Each admitted connection is counted until it closes. The two
 * counts are taken separately because behind a balancer speaking the PROXY protocol the address is only known once
 * the header is read. Thread-safe.
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
     * @param maxPerAddress the most connections at once from one remote IP address, 0 for no such limit
     * @param violations    where refusals are logged (rate-limited per kind)
     */
    public ConnectionLimiter(int maxSessions, int maxPerAddress, ViolationLog violations) {
        if (maxSessions < 1) {
            throw new IllegalArgumentException("maxSessions must be >= 1: " + maxSessions);
        }
        if (maxPerAddress < 0) {
            throw new IllegalArgumentException("maxPerAddress must be >= 0 (0 for no limit): " + maxPerAddress);
        }
        this.maxSessions = maxSessions;
        this.maxPerAddress = maxPerAddress;
        this.violations = violations;
    }

    /**
     * Admits {@code ch} against both limits, its peer being the socket's remote address: {@link
     * #admitConnection(Channel)} then {@link #admitAddress(Channel, SocketAddress)}.
     *
     * @return false if {@code ch} must be closed
     */
    public boolean admit(Channel ch) {
        if (!countConnection(ch)) {
            return false;
        }
        SocketAddress remote = ch.remoteAddress();
        Object key = maxPerAddress == 0 || remote == null ? null : addressKey(remote);
        if (key != null && !countAddress(key, remote)) {
            total.decrementAndGet();
            return false;
        }
        // One listener for both counts: a listener holds one per connection.
        ch.closeFuture().addListener(new Release(key));
        return true;
    }

    /**
     * Counts {@code ch} against the listener's limit until it closes, or refuses it (logging why) when the limit is
     * reached.
     *
     * @return false if {@code ch} must be closed
     */
    public boolean admitConnection(Channel ch) {
        if (!countConnection(ch)) {
            return false;
        }
        ch.closeFuture().addListener(new Release(null));
        return true;
    }

    private boolean countConnection(Channel ch) {
        if (total.incrementAndGet() > maxSessions) {
            total.decrementAndGet();
            violations.warn(log, "maxSessions", "refusing connection from {}: the limit of {} connections is reached",
                    ch.remoteAddress(), maxSessions);
            return false;
        }
        return true;
    }

    /**
     * Counts {@code ch} against the limit of its peer's IP address until it closes, or refuses it (logging why) when
     * that limit is reached; always admits when there is no per-address limit.
     *
     * @param remote the peer's address: the socket's, or the client's from a PROXY protocol header
     * @return false if {@code ch} must be closed
     */
    public boolean admitAddress(Channel ch, @Nullable SocketAddress remote) {
        if (maxPerAddress == 0 || remote == null) {
            return true;
        }
        Object key = addressKey(remote);
        if (!countAddress(key, remote)) {
            return false;
        }
        ch.closeFuture().addListener(f -> uncount(key));
        return true;
    }

    /** What connections are counted by: the IP address, whatever the port. */
    private static Object addressKey(SocketAddress remote) {
        return remote instanceof InetSocketAddress inet && inet.getAddress() != null ? inet.getAddress() : remote;
    }

    private boolean countAddress(Object key, SocketAddress remote) {
        boolean[] full = new boolean[1];
        perAddress.compute(key, (k, n) -> {
            int count = n == null ? 0 : n;
            full[0] = count >= maxPerAddress;
            return full[0] ? n : count + 1;
        });
        if (full[0]) {
            violations.warn(log, "maxSessionsPerAddress",
                    "refusing connection from {}: the limit of {} connections from that address is reached", remote,
                    maxPerAddress);
            return false;
        }
        return true;
    }

    private void uncount(Object key) {
        perAddress.computeIfPresent(key, (k, n) -> n == 1 ? null : n - 1);
    }

    /** Uncounts a connection when it closes: from the total, and from its address's count when it has a key. */
    private final class Release implements ChannelFutureListener {
        private final @Nullable Object key;

        Release(@Nullable Object key) {
            this.key = key;
        }

        @Override
        public void operationComplete(ChannelFuture f) {
            total.decrementAndGet();
            if (key != null) {
                uncount(key);
            }
        }
    }

    /** Connections currently admitted. */
    public int open() {
        return total.get();
    }

    /** Connections currently counted from {@code address} (an {@link java.net.InetAddress}); 0 without a limit. */
    public int openFrom(Object address) {
        return perAddress.getOrDefault(address, 0);
    }
}
