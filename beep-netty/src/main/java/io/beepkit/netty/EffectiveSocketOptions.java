package io.beepkit.netty;

import java.util.Objects;

/**
 * Socket options as the kernel reports them after bind, accept or connect: what a profile asked for can differ
 * (Linux doubles SO_RCVBUF and SO_SNDBUF and caps them at net.core.rmem_max / wmem_max).
 */
public final class EffectiveSocketOptions {
    private final String transport;
    private final boolean tcpNoDelay;
    private final int receiveBuffer;
    private final int sendBuffer;
    private final int writeBufferLow;
    private final int writeBufferHigh;
    private final long notSentLowat;
    private final boolean keepAlive;
    private final int keepAliveIdle;
    private final int keepAliveInterval;
    private final int keepAliveCount;

    /** Options as read back from the kernel, keep-alive unknown; see the accessors for each part. */
    public EffectiveSocketOptions(String transport, boolean tcpNoDelay, int receiveBuffer, int sendBuffer,
                                  int writeBufferLow, int writeBufferHigh, long notSentLowat) {
        this(transport, tcpNoDelay, receiveBuffer, sendBuffer, writeBufferLow, writeBufferHigh, notSentLowat, false,
                -1, -1, -1);
    }

    /**
     * Options as read back from the kernel, TCP keep-alive included (its idle time, interval and count -1 where the
     * platform does not report them); see the accessors for each part.
     */
    public EffectiveSocketOptions(String transport, boolean tcpNoDelay, int receiveBuffer, int sendBuffer,
                                  int writeBufferLow, int writeBufferHigh, long notSentLowat, boolean keepAlive,
                                  int keepAliveIdle, int keepAliveInterval, int keepAliveCount) {
        this.keepAlive = keepAlive;
        this.keepAliveIdle = keepAliveIdle;
        this.keepAliveInterval = keepAliveInterval;
        this.keepAliveCount = keepAliveCount;
        this.transport = transport;
        this.tcpNoDelay = tcpNoDelay;
        this.receiveBuffer = receiveBuffer;
        this.sendBuffer = sendBuffer;
        this.writeBufferLow = writeBufferLow;
        this.writeBufferHigh = writeBufferHigh;
        this.notSentLowat = notSentLowat;
    }

    /** "epoll" or "nio". */
    public String transport() {
        return transport;
    }

    /** TCP_NODELAY. */
    public boolean tcpNoDelay() {
        return tcpNoDelay;
    }

    /** SO_RCVBUF in octets. */
    public int receiveBuffer() {
        return receiveBuffer;
    }

    /** SO_SNDBUF in octets. */
    public int sendBuffer() {
        return sendBuffer;
    }

    /** Low write-buffer water mark. */
    public int writeBufferLow() {
        return writeBufferLow;
    }

    /** High write-buffer water mark. */
    public int writeBufferHigh() {
        return writeBufferHigh;
    }

    /** TCP_NOTSENT_LOWAT, or -1 where not available. */
    public long notSentLowat() {
        return notSentLowat;
    }

    /** SO_KEEPALIVE. */
    public boolean keepAlive() {
        return keepAlive;
    }

    /** TCP_KEEPIDLE in seconds, or -1 where not available. */
    public int keepAliveIdle() {
        return keepAliveIdle;
    }

    /** TCP_KEEPINTVL in seconds, or -1 where not available. */
    public int keepAliveInterval() {
        return keepAliveInterval;
    }

    /** TCP_KEEPCNT, or -1 where not available. */
    public int keepAliveCount() {
        return keepAliveCount;
    }

    @Override
    public String toString() {
        return "transport=" + transport + " TCP_NODELAY=" + tcpNoDelay + " SO_RCVBUF=" + receiveBuffer
                + " SO_SNDBUF=" + sendBuffer + " write-buffer=" + writeBufferLow + ".." + writeBufferHigh
                + (notSentLowat >= 0 ? " TCP_NOTSENT_LOWAT=" + notSentLowat : "")
                + (keepAlive ? " SO_KEEPALIVE idle=" + keepAliveIdle + "s interval=" + keepAliveInterval + "s count="
                        + keepAliveCount : "");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EffectiveSocketOptions that
                && Objects.equals(transport, that.transport)
                && tcpNoDelay == that.tcpNoDelay
                && receiveBuffer == that.receiveBuffer
                && sendBuffer == that.sendBuffer
                && writeBufferLow == that.writeBufferLow
                && writeBufferHigh == that.writeBufferHigh
                && notSentLowat == that.notSentLowat
                && keepAlive == that.keepAlive
                && keepAliveIdle == that.keepAliveIdle
                && keepAliveInterval == that.keepAliveInterval
                && keepAliveCount == that.keepAliveCount;
    }

    @Override
    public int hashCode() {
        return Objects.hash(transport, tcpNoDelay, receiveBuffer, sendBuffer, writeBufferLow, writeBufferHigh, notSentLowat,
                keepAlive, keepAliveIdle, keepAliveInterval, keepAliveCount);
    }
}
