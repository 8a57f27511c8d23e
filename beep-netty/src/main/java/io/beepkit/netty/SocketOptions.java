package io.beepkit.netty;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.Objects;

/**
 * The TCP options of a session's socket: no-delay, buffer sizes, write-buffer water marks, the not-sent low-water
 * mark, keep-alive and (when initiating) the connect timeout. Immutable; start from a {@link SocketTuning} preset's
 * {@link SocketTuning#socket()} or {@link #builder()}. {@code docs/tuning.md} explains each value.
 */
public final class SocketOptions {
    /**
     * The smallest SO_RCVBUF and SO_SNDBUF, in octets, that clients and listeners give a socket: asking for less (but
     * not 0, the kernel's own sizing) gets this, with one warning per client or listener naming both values. Below it
     * Linux advertises a TCP window of one or two segments and stalls on its persist timer; 8 KiB, which Linux doubles
     * to 16 KiB of buffer, keeps a whole 4096-octet BEEP window in one TCP window ({@code docs/tuning.md}).
     */
    public static final int MIN_SOCKET_BUFFER = 8 * 1024;
    /** Default time a TCP connect may take: 10 seconds. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final boolean tcpNoDelay;
    private final int receiveBuffer;
    private final int sendBuffer;
    private final int writeBufferLow;
    private final int writeBufferHigh;
    private final int notSentLowat;
    private final @Nullable TcpKeepAlive keepAlive;
    private final Duration connectTimeout;

    private SocketOptions(Builder b) {
        SettingChecks.atLeast("receiveBuffer", b.receiveBuffer, 0);
        SettingChecks.atLeast("sendBuffer", b.sendBuffer, 0);
        SettingChecks.atLeast("notSentLowat", b.notSentLowat, 0);
        if (b.writeBufferLow < 1 || b.writeBufferHigh < b.writeBufferLow) {
            throw new IllegalArgumentException("writeBufferWaterMarks must satisfy 1 <= low <= high: low="
                    + b.writeBufferLow + " high=" + b.writeBufferHigh);
        }
        SettingChecks.positive("connectTimeout", b.connectTimeout);
        if (b.connectTimeout.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("connectTimeout must be at most " + Integer.MAX_VALUE + " ms: "
                    + b.connectTimeout);
        }
        this.tcpNoDelay = b.tcpNoDelay;
        this.receiveBuffer = b.receiveBuffer;
        this.sendBuffer = b.sendBuffer;
        this.writeBufferLow = b.writeBufferLow;
        this.writeBufferHigh = b.writeBufferHigh;
        this.notSentLowat = b.notSentLowat;
        this.keepAlive = b.keepAlive;
        this.connectTimeout = b.connectTimeout;
    }

    /**
     * The defaults, those of {@link SocketTuning#DEFAULT}: no Nagle, kernel-tuned buffers, 16..32 KiB write-buffer
     * water marks and, on native epoll, TCP_NOTSENT_LOWAT of 32 KiB, no keep-alive, a 10-second connect timeout.
     */
    public static SocketOptions defaults() {
        return DEFAULTS;
    }

    private static final SocketOptions DEFAULTS = new Builder(true, 0, 0, 16 * 1024, 32 * 1024, 32 * 1024).build();

    /** A builder starting from {@link #defaults()}. */
    public static Builder builder() {
        return defaults().toBuilder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** TCP_NODELAY: true disables Nagle's algorithm (the first fix for BEEP tiny fragments). */
    public boolean tcpNoDelay() {
        return tcpNoDelay;
    }

    /** SO_RCVBUF in octets as asked, 0 for the kernel's autotuning; raised to {@link #MIN_SOCKET_BUFFER} if below. */
    public int receiveBuffer() {
        return receiveBuffer;
    }

    /** SO_SNDBUF in octets as asked, 0 for the kernel's default; raised to {@link #MIN_SOCKET_BUFFER} if below. */
    public int sendBuffer() {
        return sendBuffer;
    }

    /** Netty's low write-buffer water mark: writable again below it. */
    public int writeBufferLow() {
        return writeBufferLow;
    }

    /** Netty's high water mark: the channel stops taking frames above it. */
    public int writeBufferHigh() {
        return writeBufferHigh;
    }

    /** TCP_NOTSENT_LOWAT on native epoll, 0 to leave unset. */
    public int notSentLowat() {
        return notSentLowat;
    }

    /** TCP keep-alive, or null to leave SO_KEEPALIVE off (the default). */
    public @Nullable TcpKeepAlive keepAlive() {
        return keepAlive;
    }

    /** How long a TCP connect may take; used when initiating. */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** Builds {@link SocketOptions}; {@link #build()} checks the values. */
    public static final class Builder {
        private boolean tcpNoDelay;
        private int receiveBuffer;
        private int sendBuffer;
        private int writeBufferLow;
        private int writeBufferHigh;
        private int notSentLowat;
        private @Nullable TcpKeepAlive keepAlive;
        private Duration connectTimeout;

        private Builder(SocketOptions o) {
            tcpNoDelay = o.tcpNoDelay;
            receiveBuffer = o.receiveBuffer;
            sendBuffer = o.sendBuffer;
            writeBufferLow = o.writeBufferLow;
            writeBufferHigh = o.writeBufferHigh;
            notSentLowat = o.notSentLowat;
            keepAlive = o.keepAlive;
            connectTimeout = o.connectTimeout;
        }

        /** Creates a builder from raw values, for the presets. */
        Builder(boolean tcpNoDelay, int receiveBuffer, int sendBuffer, int low, int high, int notSentLowat) {
            this.tcpNoDelay = tcpNoDelay;
            this.receiveBuffer = receiveBuffer;
            this.sendBuffer = sendBuffer;
            this.writeBufferLow = low;
            this.writeBufferHigh = high;
            this.notSentLowat = notSentLowat;
            this.connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        }

        /** TCP_NODELAY: true disables Nagle's algorithm. */
        public Builder tcpNoDelay(boolean v) { tcpNoDelay = v; return this; }
        /** SO_RCVBUF in octets, 0 for the kernel's autotuning (at least 0). */
        public Builder receiveBuffer(int v) { receiveBuffer = v; return this; }
        /** SO_SNDBUF in octets, 0 for the kernel's default (at least 0). */
        public Builder sendBuffer(int v) { sendBuffer = v; return this; }
        /** Write-buffer water marks in octets: frames stop above {@code high}, resume below {@code low}. */
        public Builder writeBufferWaterMarks(int low, int high) {
            writeBufferLow = low;
            writeBufferHigh = high;
            return this;
        }
        /** TCP_NOTSENT_LOWAT in octets on native epoll, 0 to leave unset. */
        public Builder notSentLowat(int v) { notSentLowat = v; return this; }
        /** TCP keep-alive on every connection; null (the default) leaves SO_KEEPALIVE off. */
        public Builder keepAlive(@Nullable TcpKeepAlive v) { keepAlive = v; return this; }
        /** How long a TCP connect may take (default: 10 s); only an initiator connects. */
        public Builder connectTimeout(Duration v) { connectTimeout = v; return this; }

        /** The options, checked: an IllegalArgumentException names a setting out of bounds and its value. */
        public SocketOptions build() {
            return new SocketOptions(this);
        }
    }

    /** Equal when every option is. */
    @Override
    public boolean equals(Object o) {
        return o instanceof SocketOptions that && tcpNoDelay == that.tcpNoDelay
                && receiveBuffer == that.receiveBuffer && sendBuffer == that.sendBuffer
                && writeBufferLow == that.writeBufferLow && writeBufferHigh == that.writeBufferHigh
                && notSentLowat == that.notSentLowat && Objects.equals(keepAlive, that.keepAlive)
                && connectTimeout.equals(that.connectTimeout);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tcpNoDelay, receiveBuffer, sendBuffer, writeBufferLow, writeBufferHigh, notSentLowat,
                keepAlive, connectTimeout);
    }

    @Override
    public String toString() {
        return "SocketOptions[tcpNoDelay=" + tcpNoDelay + ", receiveBuffer=" + receiveBuffer + ", sendBuffer="
                + sendBuffer + ", writeBufferLow=" + writeBufferLow + ", writeBufferHigh=" + writeBufferHigh
                + ", notSentLowat=" + notSentLowat + ", keepAlive=" + keepAlive + ", connectTimeout="
                + connectTimeout + "]";
    }
}
