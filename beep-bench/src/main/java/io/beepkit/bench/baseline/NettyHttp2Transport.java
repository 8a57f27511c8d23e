package io.beepkit.bench.baseline;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2WindowUpdateFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.handler.codec.http2.Http2StreamFrame;

import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Netty HTTP/2 cleartext with prior knowledge (h2c, no upgrade): one connection, one stream per request (POST
 * {@code /echo} answered with the body, POST {@code /sink} with an empty 200). Stream and connection windows are
 * raised to 1 MiB and 16 MiB, about what BEEP's default profile grows to, so flow control is not what is compared.
 * The {@code channels} of the workload are concurrent streams on the one connection. One I/O thread on each side.
 */
final class NettyHttp2Transport implements Transport {
    private static final int STREAM_WINDOW = 1 << 20;
    private static final int CONNECTION_WINDOW_INCREMENT = (16 << 20) - 65_535;
    private EventLoopGroup serverGroup;
    private EventLoopGroup clientGroup;
    private Channel listener;
    private Channel connection;

    private static Http2Settings settings() {
        return Http2Settings.defaultSettings().initialWindowSize(STREAM_WINDOW).maxFrameSize(64 * 1024);
    }

    /** Opens the connection-level window once the connection is up (the stream windows come with SETTINGS). */
    private static final class ConnectionWindow extends ChannelInboundHandlerAdapter {
        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            ctx.channel().writeAndFlush(new DefaultHttp2WindowUpdateFrame(CONNECTION_WINDOW_INCREMENT));
            ctx.fireChannelActive();
        }
    }

    @Override
    public void open(int channels) throws Exception {
        serverGroup = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        clientGroup = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        listener = new ServerBootstrap().group(serverGroup).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(Http2FrameCodecBuilder.forServer().initialSettings(settings()).build(),
                                new Http2MultiplexHandler(new ChannelInitializer<Http2StreamChannel>() {
                                    @Override
                                    protected void initChannel(Http2StreamChannel stream) {
                                        stream.pipeline().addLast(new ServerStream());
                                    }
                                }), new ConnectionWindow());
                    }
                }).bind("127.0.0.1", 0).sync().channel();
        int port = ((InetSocketAddress) listener.localAddress()).getPort();
        connection = new Bootstrap().group(clientGroup).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(Http2FrameCodecBuilder.forClient().initialSettings(settings()).build(),
                                new Http2MultiplexHandler(new ChannelInboundHandlerAdapter()), new ConnectionWindow());
                    }
                }).connect("127.0.0.1", port).sync().channel();
    }

    /** The listener's side of one stream: gathers the request body, then echoes it or answers empty. */
    private static final class ServerStream extends SimpleChannelInboundHandler<Http2StreamFrame> {
        private boolean echo;
        private CompositeByteBuf body;

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Http2StreamFrame frame) {
            boolean end;
            if (frame instanceof Http2HeadersFrame h) {
                echo = "/echo".contentEquals(h.headers().path());
                body = ctx.alloc().compositeBuffer(Integer.MAX_VALUE);
                end = h.isEndStream();
            } else if (frame instanceof Http2DataFrame d) {
                if (echo) {
                    body.addComponent(true, d.content().retain());
                }
                end = d.isEndStream();
            } else {
                return;
            }
            if (end) {
                Http2Headers ok = new DefaultHttp2Headers().status("200");
                boolean empty = body.readableBytes() == 0;
                ctx.write(new DefaultHttp2HeadersFrame(ok, empty));
                if (empty) {
                    body.release();
                } else {
                    ctx.write(new DefaultHttp2DataFrame(body, true));
                }
                body = null;
                ctx.flush();
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (body != null) {
                body.release();
                body = null;
            }
            ctx.fireChannelInactive();
        }
    }

    /** The client's side of one stream: counts the answer's body and completes at its end. */
    private static final class ClientStream extends SimpleChannelInboundHandler<Http2StreamFrame> {
        private final CompletableFuture<Integer> result;
        private int received;

        ClientStream(CompletableFuture<Integer> result) {
            this.result = result;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Http2StreamFrame frame) {
            boolean end = false;
            if (frame instanceof Http2HeadersFrame h) {
                end = h.isEndStream();
            } else if (frame instanceof Http2DataFrame d) {
                received += d.content().readableBytes();
                end = d.isEndStream();
            }
            if (end) {
                result.complete(received);
                ctx.close();
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            result.completeExceptionally(cause);
            ctx.close();
        }
    }

    @Override
    public CompletableFuture<Integer> call(int channel, byte[] payload, boolean echo) {
        CompletableFuture<Integer> f = new CompletableFuture<>();
        // A bootstrap per stream: its handler is per call, and calls come from several threads.
        new Http2StreamChannelBootstrap(connection).handler(new ClientStream(f)).open().addListener(o -> {
            if (!o.isSuccess()) {
                f.completeExceptionally(o.cause());
                return;
            }
            Http2StreamChannel stream = (Http2StreamChannel) o.getNow();
            Http2Headers headers = new DefaultHttp2Headers().method("POST").scheme("http").authority("127.0.0.1")
                    .path(echo ? "/echo" : "/sink");
            stream.write(new DefaultHttp2HeadersFrame(headers, false));
            ByteBuf body = Unpooled.wrappedBuffer(payload);
            stream.writeAndFlush(new DefaultHttp2DataFrame(body, true)).addListener(w -> {
                if (!w.isSuccess()) {
                    f.completeExceptionally(w.cause());
                }
            });
        });
        return f;
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
