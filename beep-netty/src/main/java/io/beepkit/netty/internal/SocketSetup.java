package io.beepkit.netty.internal;

import io.beepkit.netty.EffectiveSocketOptions;
import io.beepkit.netty.SocketOptions;
import io.beepkit.netty.TcpKeepAlive;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelConfig;
import io.netty.channel.ChannelOption;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.socket.nio.NioChannelOption;
import jdk.net.ExtendedSocketOptions;

/**
 * Applies the {@link SocketOptions} on the right side of each bootstrap and reads the options back. The classic bug
 * this avoids is {@code option} versus {@code childOption}: accepted sockets take child options; SO_RCVBUF must be on
 * the listening socket (before bind) or the connecting socket (before connect) to take effect above 64 KiB, because
 * the TCP window scale is negotiated in the SYN. Buffer sizes below {@link SocketOptions#MIN_SOCKET_BUFFER} are
 * raised to it ({@link SocketBufferFloor}).
 */
public final class SocketSetup {
    private SocketSetup() {
    }

    /** A connecting socket: everything before connect. */
    public static void applyClient(Bootstrap b, SocketOptions p, Transport t) {
        b.option(ChannelOption.TCP_NODELAY, p.tcpNoDelay());
        b.option(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(p.writeBufferLow(), p.writeBufferHigh()));
        if (p.receiveBuffer() > 0) {
            b.option(ChannelOption.SO_RCVBUF, SocketBufferFloor.applied(p.receiveBuffer()));
        }
        if (p.sendBuffer() > 0) {
            b.option(ChannelOption.SO_SNDBUF, SocketBufferFloor.applied(p.sendBuffer()));
        }
        if (t.isEpoll() && p.notSentLowat() > 0) {
            b.option(EpollChannelOption.TCP_NOTSENT_LOWAT, (long) p.notSentLowat());
        }
    }

    /** A listener: SO_RCVBUF on the listening socket (inherited by accepted ones), the rest as child options. */
    public static void applyServer(ServerBootstrap b, SocketOptions p, Transport t) {
        b.option(ChannelOption.SO_REUSEADDR, true);
        if (p.receiveBuffer() > 0) {
            b.option(ChannelOption.SO_RCVBUF, SocketBufferFloor.applied(p.receiveBuffer()));
            b.childOption(ChannelOption.SO_RCVBUF, SocketBufferFloor.applied(p.receiveBuffer()));
        }
        b.childOption(ChannelOption.TCP_NODELAY, p.tcpNoDelay());
        b.childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(p.writeBufferLow(), p.writeBufferHigh()));
        if (p.sendBuffer() > 0) {
            b.childOption(ChannelOption.SO_SNDBUF, SocketBufferFloor.applied(p.sendBuffer()));
        }
        if (t.isEpoll() && p.notSentLowat() > 0) {
            b.childOption(EpollChannelOption.TCP_NOTSENT_LOWAT, (long) p.notSentLowat());
        }
    }

    /** TCP keep-alive on a connecting socket; nothing when {@code ka} is null. */
    public static void keepAliveClient(Bootstrap b, TcpKeepAlive ka, Transport t) {
        if (ka == null) {
            return;
        }
        b.option(ChannelOption.SO_KEEPALIVE, true);
        if (t.isEpoll()) {
            b.option(EpollChannelOption.TCP_KEEPIDLE, ka.idleSeconds());
            b.option(EpollChannelOption.TCP_KEEPINTVL, ka.intervalSeconds());
            b.option(EpollChannelOption.TCP_KEEPCNT, ka.count());
        } else {
            b.option(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPIDLE), ka.idleSeconds());
            b.option(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPINTERVAL), ka.intervalSeconds());
            b.option(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPCOUNT), ka.count());
        }
    }

    /** TCP keep-alive on accepted sockets; nothing when {@code ka} is null. */
    public static void keepAliveServer(ServerBootstrap b, TcpKeepAlive ka, Transport t) {
        if (ka == null) {
            return;
        }
        b.childOption(ChannelOption.SO_KEEPALIVE, true);
        if (t.isEpoll()) {
            b.childOption(EpollChannelOption.TCP_KEEPIDLE, ka.idleSeconds());
            b.childOption(EpollChannelOption.TCP_KEEPINTVL, ka.intervalSeconds());
            b.childOption(EpollChannelOption.TCP_KEEPCNT, ka.count());
        } else {
            b.childOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPIDLE), ka.idleSeconds());
            b.childOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPINTERVAL), ka.intervalSeconds());
            b.childOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPCOUNT), ka.count());
        }
    }

    /** Reads the effective values back from a connected socket. */
    public static EffectiveSocketOptions readBack(Channel ch, Transport t) {
        ChannelConfig c = ch.config();
        WriteBufferWaterMark wm = c.getWriteBufferWaterMark();
        long lowat = -1;
        if (t.isEpoll()) {
            Long v = c.getOption(EpollChannelOption.TCP_NOTSENT_LOWAT);
            lowat = v == null ? -1 : v;
        }
        Boolean noDelay = c.getOption(ChannelOption.TCP_NODELAY);
        Integer rcv = c.getOption(ChannelOption.SO_RCVBUF);
        Integer snd = c.getOption(ChannelOption.SO_SNDBUF);
        Boolean keepAlive = c.getOption(ChannelOption.SO_KEEPALIVE);
        Integer idle;
        Integer interval;
        Integer count;
        if (t.isEpoll()) {
            idle = c.getOption(EpollChannelOption.TCP_KEEPIDLE);
            interval = c.getOption(EpollChannelOption.TCP_KEEPINTVL);
            count = c.getOption(EpollChannelOption.TCP_KEEPCNT);
        } else {
            idle = c.getOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPIDLE));
            interval = c.getOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPINTERVAL));
            count = c.getOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPCOUNT));
        }
        return new EffectiveSocketOptions(t.name(), noDelay != null && noDelay, rcv == null ? -1 : rcv,
                snd == null ? -1 : snd, wm.low(), wm.high(), lowat, keepAlive != null && keepAlive,
                orUnknown(idle), orUnknown(interval), orUnknown(count));
    }

    private static int orUnknown(Integer v) {
        return v == null ? -1 : v;
    }
}
