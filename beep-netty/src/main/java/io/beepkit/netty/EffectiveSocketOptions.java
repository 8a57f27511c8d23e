package io.beepkit.netty;

/**
 * Socket options as the kernel reports them after bind, accept or connect: what a profile asked for can differ
 * (Linux doubles SO_RCVBUF and SO_SNDBUF and caps them at net.core.rmem_max / wmem_max).
 *
 * @param transport     "epoll" or "nio"
 * @param tcpNoDelay    TCP_NODELAY
 * @param receiveBuffer SO_RCVBUF in octets
 * @param sendBuffer    SO_SNDBUF in octets
 * @param writeBufferLow  low write-buffer water mark
 * @param writeBufferHigh high write-buffer water mark
 * @param notSentLowat  TCP_NOTSENT_LOWAT, or -1 where not available
 */
public record EffectiveSocketOptions(String transport, boolean tcpNoDelay, int receiveBuffer, int sendBuffer,
                                     int writeBufferLow, int writeBufferHigh, long notSentLowat) {
    @Override
    public String toString() {
        return "transport=" + transport + " TCP_NODELAY=" + tcpNoDelay + " SO_RCVBUF=" + receiveBuffer
                + " SO_SNDBUF=" + sendBuffer + " write-buffer=" + writeBufferLow + ".." + writeBufferHigh
                + (notSentLowat >= 0 ? " TCP_NOTSENT_LOWAT=" + notSentLowat : "");
    }
}
