package io.beepkit.bench.baseline;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.nio.NioIoHandler;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioServerSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioSocketChannel;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * grpc-java over its shaded Netty transport, plaintext HTTP/2, with byte arrays as messages ({@link GrpcMethods}).
 * An echo is a unary call; the one-way workload runs on one bidirectional stream per channel, the client sending its
 * messages and the listener answering each with an empty message, so a channel is one long-lived flow-controlled
 * stream as a BEEP channel is. As with Netty HTTP/2, the {@code channels} of the workload share one connection (one
 * {@link ManagedChannel}): concurrent calls are concurrent streams on it. One I/O thread on each side (NIO, as the
 * other baselines). With {@code direct}, calls and the service run on the I/O threads ({@code directExecutor()} on
 * both ends, like {@code beep-direct}); without it, on gRPC's default executor (a shared cached thread pool), as
 * gRPC ships. Flow-control windows, message limits and the rest are gRPC's defaults.
 */
final class GrpcTransport implements Transport {
    private static final int MAX_MESSAGE = 4 << 20;
    private final boolean direct;
    private EventLoopGroup serverGroup;
    private EventLoopGroup clientGroup;
    private Server server;
    private ManagedChannel channel;
    private final List<SinkStream> sinks = new ArrayList<>();

    GrpcTransport(boolean direct) {
        this.direct = direct;
    }

    @Override
    public void open(int channels) throws Exception {
        serverGroup = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        clientGroup = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        NettyServerBuilder sb = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                .bossEventLoopGroup(serverGroup).workerEventLoopGroup(serverGroup)
                .channelType(NioServerSocketChannel.class).maxInboundMessageSize(MAX_MESSAGE)
                .addService(GrpcMethods.service());
        if (direct) {
            sb.directExecutor();
        }
        server = sb.build().start();
        NettyChannelBuilder cb = NettyChannelBuilder.forAddress("127.0.0.1", server.getPort()).usePlaintext()
                .eventLoopGroup(clientGroup).channelType(NioSocketChannel.class).maxInboundMessageSize(MAX_MESSAGE);
        if (direct) {
            cb.directExecutor();
        }
        channel = cb.build();
        // The connection is made lazily; one echo makes it before the benchmark measures anything.
        echo(new byte[1]).get(30, TimeUnit.SECONDS);
        for (int i = 0; i < channels; i++) {
            sinks.add(new SinkStream());
        }
    }

    @Override
    public CompletableFuture<Integer> call(int ch, byte[] payload, boolean isEcho) {
        return isEcho ? echo(payload) : sinks.get(ch).send(payload);
    }

    private CompletableFuture<Integer> echo(byte[] payload) {
        CompletableFuture<Integer> answer = new CompletableFuture<>();
        ClientCalls.asyncUnaryCall(channel.newCall(GrpcMethods.ECHO, CallOptions.DEFAULT), payload,
                new StreamObserver<>() {
                    @Override
                    public void onNext(byte[] value) {
                        answer.complete(value.length);
                    }

                    @Override
                    public void onError(Throwable t) {
                        answer.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {
                        if (!answer.isDone()) {
                            answer.completeExceptionally(new IllegalStateException("echo call ended without an answer"));
                        }
                    }
                });
        return answer;
    }

    /** One bidirectional {@code Sink} stream; acknowledgements arrive in order and complete the oldest send. */
    private final class SinkStream implements StreamObserver<byte[]> {
        private final Queue<CompletableFuture<Integer>> pending = new ConcurrentLinkedQueue<>();
        private final StreamObserver<byte[]> requests;

        SinkStream() {
            requests = ClientCalls.asyncBidiStreamingCall(channel.newCall(GrpcMethods.SINK, CallOptions.DEFAULT),
                    this);
        }

        CompletableFuture<Integer> send(byte[] payload) {
            CompletableFuture<Integer> ack = new CompletableFuture<>();
            // A StreamObserver is not thread-safe; sends come from the benchmark thread and from completions.
            synchronized (this) {
                pending.add(ack);
                requests.onNext(payload);
            }
            return ack;
        }

        @Override
        public void onNext(byte[] value) {
            CompletableFuture<Integer> ack = pending.poll();
            if (ack != null) {
                ack.complete(value.length);
            }
        }

        @Override
        public void onError(Throwable t) {
            for (CompletableFuture<Integer> ack; (ack = pending.poll()) != null; ) {
                ack.completeExceptionally(t);
            }
        }

        @Override
        public void onCompleted() {
            onError(new IllegalStateException("sink stream ended by the listener"));
        }
    }

    @Override
    public void close() throws Exception {
        for (SinkStream s : sinks) {
            synchronized (s) {
                s.requests.onCompleted();
            }
        }
        if (channel != null) {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        if (server != null) {
            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        if (clientGroup != null) {
            clientGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
        if (serverGroup != null) {
            serverGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }
}
