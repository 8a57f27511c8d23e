package io.beepkit.netty.tls;

import io.beepkit.netty.internal.tls.ClientTlsContext;
import io.beepkit.netty.internal.tls.ServerTlsContext;
import io.beepkit.netty.internal.tls.TlsSessions;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.ReferenceCountUtil;

import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A TLS listener and initiator on 127.0.0.1 built from plain Netty channels and the contexts under test, reporting
 * each side's handshake outcome and the facts of the session.
 */
final class TlsLoopback implements AutoCloseable {
    /** One side's outcome: the negotiated session, or why the handshake failed. */
    record Side(Throwable failure, io.beepkit.api.security.TlsSessionInfo info, Channel channel) {
        boolean succeeded() {
            return failure == null;
        }
    }

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    private final CompletableFuture<Side> serverSide = new CompletableFuture<>();
    private final Channel serverChannel;

    TlsLoopback(ServerTlsContext server) throws InterruptedException {
        serverChannel = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(server.newHandler(ch.alloc(), false), new Outcome(serverSide));
                    }
                })
                .bind("127.0.0.1", 0).sync().channel();
    }

    int port() {
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    /** Connects with {@code client} naming {@code host} (SNI and verification) and waits for both outcomes. */
    Side[] connect(ClientTlsContext client, String host) throws Exception {
        return connect(ch -> client.newHandler(ch.alloc(), host, port()));
    }

    /** Connects with whatever TLS handler {@code handlerFor} makes and waits for both outcomes. */
    Side[] connect(Function<Channel, SslHandler> handlerFor) throws Exception {
        CompletableFuture<Side> clientSide = new CompletableFuture<>();
        new Bootstrap().group(group).channel(NioSocketChannel.class)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(handlerFor.apply(ch), new Outcome(clientSide));
                    }
                })
                .connect(new InetSocketAddress("127.0.0.1", port())).sync();
        Side c = clientSide.get(10, TimeUnit.SECONDS);
        Side s = serverSide.get(10, TimeUnit.SECONDS);
        c.channel().close().sync();
        return new Side[]{s, c};
    }

    /** Connects a clear TCP client that never speaks; returns the server's outcome and the time it took. */
    Side silentClient() throws Exception {
        Channel ch = new Bootstrap().group(group).channel(NioSocketChannel.class)
                .handler(new ChannelInboundHandlerAdapter())
                .connect(new InetSocketAddress("127.0.0.1", port())).sync().channel();
        try {
            return serverSide.get(10, TimeUnit.SECONDS);
        } finally {
            ch.close().sync();
        }
    }

    CompletableFuture<Side> serverOutcome() {
        return serverSide;
    }

    @Override
    public void close() throws InterruptedException {
        serverChannel.close().sync();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).sync();
    }

    /** Completes with the handshake's outcome; drops any application data. */
    private static final class Outcome extends ChannelInboundHandlerAdapter {
        private final CompletableFuture<Side> result;

        Outcome(CompletableFuture<Side> result) {
            this.result = result;
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt instanceof SslHandshakeCompletionEvent e) {
                if (e.isSuccess()) {
                    SslHandler ssl = ctx.pipeline().get(SslHandler.class);
                    result.complete(new Side(null, TlsSessions.info(ssl), ctx.channel()));
                } else {
                    result.complete(new Side(e.cause(), null, ctx.channel()));
                }
            }
            ctx.fireUserEventTriggered(evt);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ReferenceCountUtil.release(msg);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            result.complete(new Side(new IllegalStateException("closed before the handshake completed"), null,
                    ctx.channel()));
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            result.complete(new Side(cause, null, ctx.channel()));
            ctx.close();
        }
    }
}
