package io.beepkit.netty;

import java.time.Duration;
import java.util.Objects;

/**
 * TCP keep-alive for a session's connection: SO_KEEPALIVE with TCP_KEEPIDLE, TCP_KEEPINTVL and TCP_KEEPCNT (set
 * through the native epoll transport, or with NIO through {@code jdk.net.ExtendedSocketOptions} where the platform
 * supports them). The kernel probes an idle connection without involving the peer's BEEP stack, so a peer that
 * vanished without FIN or RST (power loss, a cable pulled, a NAT entry dropped) is detected within
 * {@code idle + count * interval}, and the session's pending futures fail with {@code SessionClosedException}.
 * The kernel counts in whole seconds: each duration is rounded up to one.
 */
public final class TcpKeepAlive {
    private final Duration idle;
    private final Duration interval;
    private final int count;

    private TcpKeepAlive(Duration idle, Duration interval, int count) {
        this.idle = idle;
        this.interval = interval;
        this.count = count;
    }

    /**
     * Probes after {@code idle} without traffic, then every {@code interval}, and gives up after {@code count}
     * unanswered probes.
     *
     * @throws IllegalArgumentException if a duration is not positive or {@code count} is below 1
     */
    public static TcpKeepAlive of(Duration idle, Duration interval, int count) {
        Objects.requireNonNull(idle, "idle");
        Objects.requireNonNull(interval, "interval");
        if (idle.isNegative() || idle.isZero() || interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("keep-alive idle and interval must be positive: idle=" + idle
                    + " interval=" + interval);
        }
        if (count < 1) {
            throw new IllegalArgumentException("keep-alive count must be >= 1: " + count);
        }
        return new TcpKeepAlive(idle, interval, count);
    }

    /** Time without traffic before the first probe (TCP_KEEPIDLE). */
    public Duration idle() {
        return idle;
    }

    /** Time between probes (TCP_KEEPINTVL). */
    public Duration interval() {
        return interval;
    }

    /** Unanswered probes before the connection is dropped (TCP_KEEPCNT). */
    public int count() {
        return count;
    }

    /** {@link #idle()} in whole seconds, rounded up, as the kernel takes it. */
    public int idleSeconds() {
        return seconds(idle);
    }

    /** {@link #interval()} in whole seconds, rounded up, as the kernel takes it. */
    public int intervalSeconds() {
        return seconds(interval);
    }

    /** The longest a vanished peer goes unnoticed once the connection is idle: idle + count * interval. */
    public Duration detectionBound() {
        return Duration.ofSeconds(idleSeconds() + (long) count * intervalSeconds());
    }

    private static int seconds(Duration d) {
        long s = d.getSeconds() + (d.getNano() > 0 ? 1 : 0);
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, s));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TcpKeepAlive that && idle.equals(that.idle) && interval.equals(that.interval)
                && count == that.count;
    }

    @Override
    public int hashCode() {
        return Objects.hash(idle, interval, count);
    }

    @Override
    public String toString() {
        return "TcpKeepAlive[idle=" + idle + ", interval=" + interval + ", count=" + count + "]";
    }
}
