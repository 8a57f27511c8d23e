package io.beepkit.netty;

import java.time.Duration;
import java.util.Objects;

/**
 * A BEEP-level liveness check: when nothing has been received on a session for {@link #interval()}, we ask the peer
 * to start a channel on {@link #PROFILE}, a profile no peer offers, and expect its refusal (ERR 550). Every RFC 3080
 * peer must answer a start request on channel 0, so the probe needs no profile the peer lacks; the refusal costs
 * the peer one short reply and a channel number for a moment. No answer within {@link #timeout()} means the peer (or
 * the path to it) is gone: the session is terminated and its pending futures fail with
 * {@code SessionClosedException} carrying a {@link io.beepkit.api.RequestTimeoutException}. A peer that vanished
 * without FIN or RST is thus detected within {@link #detectionBound()} of its last octet; unlike TCP keep-alive,
 * the probe also catches a peer whose kernel is alive but whose BEEP stack is stuck.
 *
 * <p>A peer that does run a profile by this name and accepts the start gets the channel closed again at once.
 */
public final class LivenessProbe {
    /** The profile URI the probe asks for. */
    public static final String PROFILE = "urn:beepkit:liveness-probe";

    private final Duration interval;
    private final Duration timeout;

    private LivenessProbe(Duration interval, Duration timeout) {
        this.interval = interval;
        this.timeout = timeout;
    }

    /**
     * Probes after {@code interval} without an octet received, and again every {@code interval} while the session
     * stays quiet; gives up the session when a probe is not answered within {@code timeout}.
     *
     * @throws IllegalArgumentException if either duration is not positive
     */
    public static LivenessProbe of(Duration interval, Duration timeout) {
        Objects.requireNonNull(interval, "interval");
        Objects.requireNonNull(timeout, "timeout");
        if (interval.isNegative() || interval.isZero() || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("probe interval and timeout must be positive: interval=" + interval
                    + " timeout=" + timeout);
        }
        return new LivenessProbe(interval, timeout);
    }

    /** Time without an octet received before a probe is sent. */
    public Duration interval() {
        return interval;
    }

    /** How long a probe waits for the peer's answer. */
    public Duration timeout() {
        return timeout;
    }

    /** The longest a vanished peer goes unnoticed after its last octet: interval + timeout. */
    public Duration detectionBound() {
        return interval.plus(timeout);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LivenessProbe that && interval.equals(that.interval) && timeout.equals(that.timeout);
    }

    @Override
    public int hashCode() {
        return Objects.hash(interval, timeout);
    }

    @Override
    public String toString() {
        return "LivenessProbe[interval=" + interval + ", timeout=" + timeout + "]";
    }
}
