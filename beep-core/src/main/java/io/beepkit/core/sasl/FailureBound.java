package io.beepkit.core.sasl;

import io.beepkit.api.security.SaslListenerConfig;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The failed authentications a listener allows per remote address: a token bucket per address holding
 * {@link SaslListenerConfig#maxFailuresPerAddress()} tokens, refilled evenly over
 * {@link SaslListenerConfig#failureWindow()}. Each failed attempt takes a token; an address with none left has its
 * SASL starts refused until one grows back. At most {@link #MAX_ADDRESSES} addresses are tracked: when full, full
 * buckets are dropped, and a new address is not tracked while every slot holds one that is failing. Thread-safe; one
 * per listener, shared by its sessions.
 */
public final class FailureBound {
    /** The most addresses tracked at once. */
    static final int MAX_ADDRESSES = 4096;

    private final int capacity;
    private final long windowNanos;
    private final LongSupplier clock;
    private final Map<Object, Bucket> buckets = new ConcurrentHashMap<>();

    /** The bound {@code config} asks for, on the system clock. */
    public FailureBound(SaslListenerConfig config) {
        this(config.maxFailuresPerAddress(), config.failureWindow().toNanos(), System::nanoTime);
    }

    FailureBound(int capacity, long windowNanos, LongSupplier clock) {
        this.capacity = capacity;
        this.windowNanos = windowNanos;
        this.clock = clock;
    }

    /** True if {@code remote} has used up its failures: its SASL starts are refused now. */
    public boolean exhausted(SocketAddress remote) {
        if (capacity == 0) {
            return false;
        }
        Bucket b = buckets.get(key(remote));
        return b != null && b.tokens(clock.getAsLong()) < 1;
    }

    /** Records a failed attempt from {@code remote}; true when this one used up its last token. */
    public boolean failed(SocketAddress remote) {
        if (capacity == 0) {
            return false;
        }
        long now = clock.getAsLong();
        Object key = key(remote);
        Bucket b = buckets.get(key);
        if (b == null) {
            if (buckets.size() >= MAX_ADDRESSES && !evictFull(now)) {
                return false;
            }
            b = buckets.computeIfAbsent(key, k -> new Bucket(capacity, now));
        }
        return b.take(now);
    }

    private boolean evictFull(long now) {
        for (Iterator<Bucket> it = buckets.values().iterator(); it.hasNext(); ) {
            if (it.next().tokens(now) >= capacity) {
                it.remove();
            }
        }
        return buckets.size() < MAX_ADDRESSES;
    }

    private static Object key(SocketAddress remote) {
        // Per host, not per connection: the port changes with every session.
        return remote instanceof InetSocketAddress inet && inet.getAddress() != null ? inet.getAddress() : remote;
    }

    /** One address's tokens. */
    private final class Bucket {
        private double tokens;
        private long updated;

        Bucket(double tokens, long now) {
            this.tokens = tokens;
            this.updated = now;
        }

        synchronized double tokens(long now) {
            tokens = Math.min(capacity, tokens + (double) (now - updated) * capacity / windowNanos);
            updated = now;
            return tokens;
        }

        synchronized boolean take(long now) {
            boolean had = tokens(now) >= 1;
            tokens = Math.max(0, tokens - 1);
            return had && tokens < 1;
        }
    }
}
