package io.beepkit.bench.baseline;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.LengthFieldPrepender;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;

/**
 * Raw Netty TCP: length-prefixed frames (a 4-octet length, then a kind octet, then the payload); the listener echoes
 * a request of kind 1 and acknowledges one of kind 0 with an empty frame. The client writes a request as a 5-octet
 * header buffer and the payload array wrapped (a composite of the two would be joined in a new heap buffer when the
 * transport copies it to a direct one). TCP cannot multiplex, so {@code channels} channels are as many connections,
 * each answering in order. One I/O thread on each side.
 */
final class NettyTcpTransport implements Transport {
    private static final int MAX_FRAME = 16 << 20;
    private static final int ECHO_KIND = 1;
    private static final int SINK_KIND = 0;
    private EventLoopGroup serverGroup;
    private EventLoopGroup clientGroup;
    private Channel listener;
    private final List<Connection> connections = new ArrayList<>();

    /**
     * One client connection; answers complete the oldest pending call (TCP keeps them in order). A call made while
     * the connection is reading (the next call of a closed loop, made from the previous answer) is flushed with the
     * read's end, as {@code FlushConsolidationHandler} would; a call from another thread is flushed at once.
     */
    private static final class Connection extends SimpleChannelInboundHandler<ByteBuf> {
        final Queue<CompletableFuture<Integer>> pending = new ArrayDeque<>();
        Channel channel;
        private boolean reading;

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) {
            reading = true;
            pending.poll().complete(frame.readableBytes());
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            reading = false;
            ctx.flush();
            ctx.fireChannelReadComplete();
        }

        void send(byte[] payload, boolean echo, CompletableFuture<Integer> f) {
            pending.add(f);
            ByteBuf header = channel.alloc().ioBuffer(5).writeInt(1 + payload.length)
                    .writeByte(echo ? ECHO_KIND : SINK_KIND);
            channel.write(header, channel.voidPromise());
            ByteBuf body = Unpooled.wrappedBuffer(payload);
            ChannelFuture written = reading ? channel.write(body) : channel.writeAndFlush(body);
            written.addListener(w -> {
                if (!w.isSuccess()) {
                    f.completeExceptionally(w.cause());
                }
            });
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            CompletableFuture<Integer> f;
            while ((f = pending.poll()) != null) {
                f.completeExceptionally(cause);
            }
            ctx.close();
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
                        ch.pipeline().addLast(new LengthFieldBasedFrameDecoder(MAX_FRAME, 0, 4, 0, 4),
                                new LengthFieldPrepender(4), new Responder());
                    }
                }).bind("127.0.0.1", 0).sync().channel();
        int port = ((java.net.InetSocketAddress) listener.localAddress()).getPort();
        for (int i = 0; i < channels; i++) {
            Connection c = new Connection();
            c.channel = new Bootstrap().group(clientGroup).channel(NioSocketChannel.class)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new LengthFieldBasedFrameDecoder(MAX_FRAME, 0, 4, 0, 4), c);
                        }
                    }).connect("127.0.0.1", port).sync().channel();
            connections.add(c);
        }
    }

    /** The listener's side: echo kind 1, acknowledge kind 0. */
    private static final class Responder extends SimpleChannelInboundHandler<ByteBuf> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) {
            boolean echo = frame.readByte() == 1;
            ctx.write(echo ? frame.retain() : Unpooled.EMPTY_BUFFER);
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }
    }

    @Override
    public CompletableFuture<Integer> call(int channel, byte[] payload, boolean echo) {
        Connection c = connections.get(channel);
        CompletableFuture<Integer> f = new CompletableFuture<>();
        if (c.channel.eventLoop().inEventLoop()) {
            c.send(payload, echo, f);
        } else {
            c.channel.eventLoop().execute(() -> c.send(payload, echo, f));
        }
        return f;
    }

    @Override
    public void close() throws Exception {
        for (Connection c : connections) {
            c.channel.close().sync();
        }
        if (listener != null) {
            listener.close().sync();
        }
        if (clientGroup != null) {
            clientGroup.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).sync();
        }
        if (serverGroup != null) {
            serverGroup.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).sync();
        }
    }
}
