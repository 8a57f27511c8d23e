package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.SocketOptions;
import io.beepkit.netty.TcpKeepAlive;
import org.jspecify.annotations.Nullable;
import org.springframework.util.unit.DataSize;

import java.time.Duration;

/**
 * {@code ...session.socket.*}: one to one with {@link SocketOptions.Builder}. Each value left unset keeps the one of
 * the session's tuning ({@code ...session.tuning}); {@code docs/tuning.md} explains each setting.
 */
public class SocketProperties {
    /** TCP_NODELAY: true disables Nagle's algorithm; unset for the tuning's value. */
    private @Nullable Boolean tcpNoDelay;
    /** SO_RCVBUF; unset for the tuning's value (the default tuning leaves it to the kernel's autotuning). */
    private @Nullable DataSize receiveBuffer;
    /** SO_SNDBUF; unset for the tuning's value (the default tuning leaves it to the kernel). */
    private @Nullable DataSize sendBuffer;
    /** Netty's low write-buffer water mark: writable again below it; unset for the tuning's value. */
    private @Nullable DataSize writeBufferLow;
    /** Netty's high write-buffer water mark: frames stop above it; unset for the tuning's value. */
    private @Nullable DataSize writeBufferHigh;
    /** TCP_NOTSENT_LOWAT (native epoll only), 0 for the kernel's; unset for the tuning's value. */
    private @Nullable DataSize notSentLowat;
    /** How long a TCP connect may take (clients only); unset for the library's default. */
    private @Nullable Duration connectTimeout;
    /** TCP keep-alive; off by default, on once {@code idle} is set. */
    private final KeepAlive keepAlive = new KeepAlive();

    /** @return these options set on {@code base}, unset ones keeping {@code base}'s; a refusal names {@code prefix} */
    SocketOptions applyTo(SocketOptions base, String prefix) {
        return LibrarySettings.build(prefix, base.toBuilder(), (map, b) -> {
            map.from(tcpNoDelay).to(b::tcpNoDelay);
            map.from(receiveBuffer).as(LibrarySettings::octets).to(b::receiveBuffer);
            map.from(sendBuffer).as(LibrarySettings::octets).to(b::sendBuffer);
            if (writeBufferLow != null || writeBufferHigh != null) {
                b.writeBufferWaterMarks(
                        writeBufferLow != null ? LibrarySettings.octets(writeBufferLow) : base.writeBufferLow(),
                        writeBufferHigh != null ? LibrarySettings.octets(writeBufferHigh) : base.writeBufferHigh());
            }
            map.from(notSentLowat).as(LibrarySettings::octets).to(b::notSentLowat);
            map.from(connectTimeout).to(b::connectTimeout);
            map.from(keepAlive.idle).as(idle -> TcpKeepAlive.of(idle, keepAlive.interval, keepAlive.count))
                    .to(b::keepAlive);
        }, SocketOptions.Builder::build);
    }

    /** {@code ...session.socket.keep-alive.*}: SO_KEEPALIVE with TCP_KEEPIDLE, TCP_KEEPINTVL and TCP_KEEPCNT. */
    public static class KeepAlive {
        /** How long a connection may be quiet before the first probe; unset leaves keep-alive off. */
        private @Nullable Duration idle;
        /** The time between unanswered probes. */
        private Duration interval = Duration.ofSeconds(5);
        /** Unanswered probes after which the connection is dropped. */
        private int count = 3;

        /** @return the quiet time before the first probe, null for off */
        public @Nullable Duration getIdle() { return idle; }
        /** @param v the quiet time before the first probe, null for off */
        public void setIdle(@Nullable Duration v) { idle = v; }
        /** @return the time between probes */
        public Duration getInterval() { return interval; }
        /** @param v the time between probes */
        public void setInterval(Duration v) { interval = v; }
        /** @return the unanswered probes that drop the connection */
        public int getCount() { return count; }
        /** @param v the unanswered probes that drop the connection */
        public void setCount(int v) { count = v; }
    }

    /** @return TCP_NODELAY, null for the tuning's */
    public @Nullable Boolean getTcpNoDelay() { return tcpNoDelay; }
    /** @param v TCP_NODELAY */
    public void setTcpNoDelay(@Nullable Boolean v) { tcpNoDelay = v; }
    /** @return SO_RCVBUF, null for the tuning's */
    public @Nullable DataSize getReceiveBuffer() { return receiveBuffer; }
    /** @param v SO_RCVBUF */
    public void setReceiveBuffer(@Nullable DataSize v) { receiveBuffer = v; }
    /** @return SO_SNDBUF, null for the tuning's */
    public @Nullable DataSize getSendBuffer() { return sendBuffer; }
    /** @param v SO_SNDBUF */
    public void setSendBuffer(@Nullable DataSize v) { sendBuffer = v; }
    /** @return the low water mark, null for the tuning's */
    public @Nullable DataSize getWriteBufferLow() { return writeBufferLow; }
    /** @param v the low water mark */
    public void setWriteBufferLow(@Nullable DataSize v) { writeBufferLow = v; }
    /** @return the high water mark, null for the tuning's */
    public @Nullable DataSize getWriteBufferHigh() { return writeBufferHigh; }
    /** @param v the high water mark */
    public void setWriteBufferHigh(@Nullable DataSize v) { writeBufferHigh = v; }
    /** @return TCP_NOTSENT_LOWAT, null for the tuning's */
    public @Nullable DataSize getNotSentLowat() { return notSentLowat; }
    /** @param v TCP_NOTSENT_LOWAT */
    public void setNotSentLowat(@Nullable DataSize v) { notSentLowat = v; }
    /** @return the connect timeout, null for the library's default */
    public @Nullable Duration getConnectTimeout() { return connectTimeout; }
    /** @param v the connect timeout */
    public void setConnectTimeout(@Nullable Duration v) { connectTimeout = v; }
    /** @return the TCP keep-alive settings */
    public KeepAlive getKeepAlive() { return keepAlive; }
}
