package io.beepkit.bench.baseline;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;

import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Netty HTTP/2 cleartext with prior knowledge (h2c, no upgrade): one connection, one stream per request (POST
 * {@code /echo} answered with the body, POST {@code /sink} with an empty 200), on {@link Http2Requester} and
 * {@link Http2Responder}. The {@code channels} of the workload are concurrent streams on the one connection. One I/O
 * thread on each side.
 */
final class NettyHttp2Transport implements Transport {
    private EventLoopGroup serverGroup;
    private EventLoopGroup clientGroup;
    private Channel listener;
    private Channel connection;
    private Http2Requester requester;

    @Override
    public void open(int channels) throws Exception {
        serverGroup = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        clientGroup = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        listener = new ServerBootstrap().group(serverGroup).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(Http2Responder.create());
                    }
                }).bind("127.0.0.1", 0).sync().channel();
        int port = ((InetSocketAddress) listener.localAddress()).getPort();
        requester = Http2Requester.create();
        connection = new Bootstrap().group(clientGroup).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(requester).connect("127.0.0.1", port).sync().channel();
    }

    @Override
    public CompletableFuture<Integer> call(int channel, byte[] payload, boolean echo) {
        return requester.call(payload, echo);
    }

    @Override
    public void close() throws Exception {
        if (connection != null) {
            connection.close().sync();
        }
        if (listener != null) {
            listener.close().sync();
        }
        if (clientGroup != null) {
            clientGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
        if (serverGroup != null) {
            serverGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }
}
