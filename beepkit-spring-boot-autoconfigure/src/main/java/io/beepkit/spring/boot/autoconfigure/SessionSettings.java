package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.SessionConfig;
import org.jspecify.annotations.Nullable;

import java.time.Duration;

/**
 * How the session engine schedules its work ({@code beep.session.*}), for the listener and the client. The defaults
 * equal {@code SessionConfig}'s; {@code docs/architecture.md} explains both settings.
 */
public class SessionSettings {
    /**
     * How long a due SEQ may wait to leave with the reply or MSG that follows it on its channel (one TCP segment
     * instead of two); 0 sends every SEQ at once. At most 200ms, so a peer waiting on its window never waits longer.
     */
    private Duration seqDelay = Duration.ofMillis(5);
    /**
     * The deadline of every send that names none; unset for none. A missed deadline fails the send and gives up its
     * channel (docs/reliability.md, reply deadlines).
     */
    private @Nullable Duration replyTimeout;
    /** TCP keep-alive on every connection; off while {@code idle} is unset. */
    private final KeepAlive tcpKeepAlive = new KeepAlive();
    /** The liveness probe of quiet sessions; off while {@code interval} is unset. */
    private final Probe livenessProbe = new Probe();

    /** {@code beep.session.tcp-keep-alive.*}: SO_KEEPALIVE with TCP_KEEPIDLE, TCP_KEEPINTVL and TCP_KEEPCNT. */
    public static class KeepAlive {
        /** How long a connection may be quiet before the first keep-alive probe; unset leaves keep-alive off. */
        private @Nullable Duration idle;
        /** The time between unanswered probes. */
        private Duration interval = Duration.ofSeconds(5);
        /** Unanswered probes after which the connection is dropped. */
        private int count = 3;

        /** @return the idle time before the first probe, null for off */
        public @Nullable Duration getIdle() {
            return idle;
        }

        /** @param idle the idle time before the first probe, null for off */
        public void setIdle(@Nullable Duration idle) {
            this.idle = idle;
        }

        /** @return the time between probes */
        public Duration getInterval() {
            return interval;
        }

        /** @param interval the time between probes */
        public void setInterval(Duration interval) {
            this.interval = interval;
        }

        /** @return the unanswered probes that drop the connection */
        public int getCount() {
            return count;
        }

        /** @param count the unanswered probes that drop the connection */
        public void setCount(int count) {
            this.count = count;
        }
    }

    /** {@code beep.session.liveness-probe.*}: a start request the peer must refuse, sent on a quiet session. */
    public static class Probe {
        /** How long a session may receive nothing before it is probed; unset leaves the probe off. */
        private @Nullable Duration interval;
        /** How long the peer has to answer a probe before the session is terminated. */
        private Duration timeout = Duration.ofSeconds(10);

        /** @return the quiet time before a probe, null for off */
        public @Nullable Duration getInterval() {
            return interval;
        }

        /** @param interval the quiet time before a probe, null for off */
        public void setInterval(@Nullable Duration interval) {
            this.interval = interval;
        }

        /** @return how long a probe may go unanswered */
        public Duration getTimeout() {
            return timeout;
        }

        /** @param timeout how long a probe may go unanswered */
        public void setTimeout(Duration timeout) {
            this.timeout = timeout;
        }
    }

    /** @return the SEQ delay */
    public Duration getSeqDelay() {
        return seqDelay;
    }

    /** @param seqDelay the SEQ delay, 0..200ms */
    public void setSeqDelay(Duration seqDelay) {
        this.seqDelay = seqDelay;
    }

    /** @return the reply deadline of sends that name none, null for none */
    public @Nullable Duration getReplyTimeout() {
        return replyTimeout;
    }

    /** @param replyTimeout the reply deadline of sends that name none, null for none */
    public void setReplyTimeout(@Nullable Duration replyTimeout) {
        this.replyTimeout = replyTimeout;
    }

    /** @return the TCP keep-alive settings */
    public KeepAlive getTcpKeepAlive() {
        return tcpKeepAlive;
    }

    /** @return the liveness probe settings */
    public Probe getLivenessProbe() {
        return livenessProbe;
    }
}
