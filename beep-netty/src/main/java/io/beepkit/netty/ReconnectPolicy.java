package io.beepkit.netty;

import java.time.Duration;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * When a {@link ManagedSession} tries again after a failed connect or a lost session: exponential backoff with full
 * jitter. Before attempt {@code n} (1 for the first retry) it waits a uniformly random time between zero and
 * {@code min(maxDelay, initialDelay * multiplier^(n-1))}, so that many clients cut off together do not come back
 * together. Also how long a send may wait for a session while there is none ({@link #awaitConnection()}).
 *
 * <pre>{@code
 * ReconnectPolicy policy = ReconnectPolicy.builder()
 *         .initialDelay(Duration.ofMillis(200)).maxDelay(Duration.ofSeconds(10)).multiplier(2)
 *         .maxAttempts(0)                      // 0: never give up
 *         .awaitConnection(Duration.ofSeconds(2)) // sends wait up to 2 s for a session; ZERO fails them at once
 *         .build();
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class ReconnectPolicy {
    /** The default ceiling of the first delay: 100 ms. */
    public static final Duration DEFAULT_INITIAL_DELAY = Duration.ofMillis(100);
    /** The default largest delay: 30 s. */
    public static final Duration DEFAULT_MAX_DELAY = Duration.ofSeconds(30);
    /** The default growth of the ceiling per attempt: 2. */
    public static final double DEFAULT_MULTIPLIER = 2.0;

    private static final ReconnectPolicy DEFAULTS = builder().build();

    private final Duration initialDelay;
    private final Duration maxDelay;
    private final double multiplier;
    private final int maxAttempts;
    private final Duration awaitConnection;

    private ReconnectPolicy(Builder b) {
        this.initialDelay = b.initialDelay;
        this.maxDelay = b.maxDelay;
        this.multiplier = b.multiplier;
        this.maxAttempts = b.maxAttempts;
        this.awaitConnection = b.awaitConnection;
    }

    /** 100 ms initial delay, 30 s at most, doubling, never giving up, sends failing at once while disconnected. */
    public static ReconnectPolicy defaults() {
        return DEFAULTS;
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this policy's values. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.initialDelay = initialDelay;
        b.maxDelay = maxDelay;
        b.multiplier = multiplier;
        b.maxAttempts = maxAttempts;
        b.awaitConnection = awaitConnection;
        return b;
    }

    /** The ceiling of the delay before the first retry. */
    public Duration initialDelay() {
        return initialDelay;
    }

    /** The largest delay between two attempts. */
    public Duration maxDelay() {
        return maxDelay;
    }

    /** How much the ceiling grows from one attempt to the next. */
    public double multiplier() {
        return multiplier;
    }

    /** Consecutive failed attempts after which the managed session gives up and closes; 0 for never. */
    public int maxAttempts() {
        return maxAttempts;
    }

    /**
     * How long a send waits for a session while there is none before failing with
     * {@link io.beepkit.api.SessionUnavailableException}; zero (the default) fails it at once.
     */
    public Duration awaitConnection() {
        return awaitConnection;
    }

    /**
     * The largest delay before attempt {@code attempt}: {@code min(maxDelay, initialDelay * multiplier^(attempt-1))}.
     *
     * @throws IllegalArgumentException if {@code attempt} is below 1
     */
    public Duration ceiling(int attempt) {
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt must be >= 1: " + attempt);
        }
        double nanos = initialDelay.toNanos() * Math.pow(multiplier, attempt - 1);
        long max = maxDelay.toNanos();
        return Duration.ofNanos(nanos >= max ? max : (long) nanos);
    }

    /**
     * The delay before attempt {@code attempt}, drawn uniformly from zero to {@link #ceiling(int)} inclusive
     * ("full jitter").
     *
     * @throws IllegalArgumentException if {@code attempt} is below 1
     */
    public Duration delay(int attempt, RandomGenerator random) {
        long ceiling = ceiling(attempt).toNanos();
        return Duration.ofNanos(ceiling == 0 ? 0 : random.nextLong(ceiling + 1));
    }

    @Override
    public String toString() {
        return "ReconnectPolicy[initialDelay=" + initialDelay + ", maxDelay=" + maxDelay + ", multiplier="
                + multiplier + ", maxAttempts=" + maxAttempts + ", awaitConnection=" + awaitConnection + "]";
    }

    /** Builds a {@link ReconnectPolicy}; {@link #build()} checks the values together. */
    public static final class Builder {
        private Duration initialDelay = DEFAULT_INITIAL_DELAY;
        private Duration maxDelay = DEFAULT_MAX_DELAY;
        private double multiplier = DEFAULT_MULTIPLIER;
        private int maxAttempts;
        private Duration awaitConnection = Duration.ZERO;

        private Builder() {
        }

        /** The ceiling of the first delay, greater than zero (default 100 ms). */
        public Builder initialDelay(Duration d) {
            this.initialDelay = Objects.requireNonNull(d, "initialDelay");
            return this;
        }

        /** The largest delay, at least the initial delay (default 30 s). */
        public Builder maxDelay(Duration d) {
            this.maxDelay = Objects.requireNonNull(d, "maxDelay");
            return this;
        }

        /** The growth of the ceiling per attempt, a finite number of at least 1 (default 2). */
        public Builder multiplier(double m) {
            this.multiplier = m;
            return this;
        }

        /** Consecutive failed attempts before giving up, 0 for never (the default). */
        public Builder maxAttempts(int n) {
            this.maxAttempts = n;
            return this;
        }

        /** How long a send may wait for a session while there is none, zero or more (default zero: fail at once). */
        public Builder awaitConnection(Duration d) {
            this.awaitConnection = Objects.requireNonNull(d, "awaitConnection");
            return this;
        }

        /**
         * The policy.
         *
         * @throws IllegalArgumentException naming the value that is out of range
         */
        public ReconnectPolicy build() {
            if (initialDelay.isNegative() || initialDelay.isZero()) {
                throw new IllegalArgumentException("initialDelay must be > 0: " + initialDelay);
            }
            if (maxDelay.compareTo(initialDelay) < 0) {
                throw new IllegalArgumentException("maxDelay " + maxDelay + " must be >= initialDelay " + initialDelay);
            }
            if (maxDelay.compareTo(Duration.ofDays(1)) > 0) {
                throw new IllegalArgumentException("maxDelay must be at most one day: " + maxDelay);
            }
            if (!Double.isFinite(multiplier) || multiplier < 1.0) {
                throw new IllegalArgumentException("multiplier must be a finite number >= 1: " + multiplier);
            }
            if (maxAttempts < 0) {
                throw new IllegalArgumentException("maxAttempts must be >= 0 (0 for never giving up): "
                        + maxAttempts);
            }
            if (awaitConnection.isNegative()) {
                throw new IllegalArgumentException("awaitConnection must be >= 0: " + awaitConnection);
            }
            return new ReconnectPolicy(this);
        }
    }
}
