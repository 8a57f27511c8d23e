package io.beepkit.bench.baseline;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelOption;
import io.rsocket.Payload;
import io.rsocket.RSocket;
import io.rsocket.SocketAcceptor;
import io.rsocket.core.RSocketConnector;
import io.rsocket.core.RSocketServer;
import io.rsocket.frame.decoder.PayloadDecoder;
import io.rsocket.transport.netty.client.TcpClientTransport;
import io.rsocket.transport.netty.server.CloseableChannel;
import io.rsocket.transport.netty.server.TcpServerTransport;
import io.rsocket.util.ByteBufPayload;
import io.rsocket.util.EmptyPayload;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.netty.resources.LoopResources;
import reactor.netty.tcp.TcpClient;
import reactor.netty.tcp.TcpServer;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * RSocket over TCP (rsocket-java on reactor-netty, on the project's Netty): an echo is a request-response; the
 * one-way workload runs on one request-channel per channel, the client streaming its messages and the listener
 * answering each with an empty payload, so a channel is one long-lived stream with credit-based flow control as a
 * BEEP channel is. As with Netty HTTP/2, the {@code channels} of the workload share one connection: concurrent
 * requests are concurrent streams on it. Both ends use the zero-copy payload decoder (payloads are slices of the
 * frame read, released once used) and one NIO I/O thread each; RSocket has no executor of its own, so requests,
 * answers and the next call all run on those threads, as {@code beep-direct}'s do.
 */
final class RSocketTransport implements Transport {
    /** Generous: on a loaded 2-core machine a connection can take seconds. */
    private static final Duration SET_UP = Duration.ofSeconds(30);
    private LoopResources serverLoop;
    private LoopResources clientLoop;
    private CloseableChannel server;
    private RSocket client;
    private final List<SinkChannel> sinks = new ArrayList<>();

    @Override
    public void open(int channels) {
        serverLoop = LoopResources.create("rsocket-server", 1, true);
        clientLoop = LoopResources.create("rsocket-client", 1, true);
        TcpServer tcpServer = TcpServer.create().host("127.0.0.1").port(0).runOn(serverLoop, false)
                .childOption(ChannelOption.TCP_NODELAY, true);
        server = RSocketServer.create(SocketAcceptor.with(new Responder())).payloadDecoder(PayloadDecoder.ZERO_COPY)
                .bind(TcpServerTransport.create(tcpServer)).block(SET_UP);
        InetSocketAddress address = server.address();
        TcpClient tcpClient = TcpClient.create().remoteAddress(() -> address).runOn(clientLoop, false)
                .option(ChannelOption.TCP_NODELAY, true);
        client = RSocketConnector.create().payloadDecoder(PayloadDecoder.ZERO_COPY)
                .connect(TcpClientTransport.create(tcpClient)).block(SET_UP);
        for (int i = 0; i < channels; i++) {
            sinks.add(new SinkChannel());
        }
    }

    @Override
    public CompletableFuture<Integer> call(int channel, byte[] payload, boolean echo) {
        if (!echo) {
            return sinks.get(channel).send(payload);
        }
        return client.requestResponse(ByteBufPayload.create(Unpooled.wrappedBuffer(payload)))
                .map(RSocketTransport::sizeAndRelease).toFuture();
    }

    private static int sizeAndRelease(Payload answer) {
        int size = answer.data().readableBytes();
        answer.release();
        return size;
    }

    /** The listener: echoes a request-response's payload, answers each message of a channel with an empty one. */
    private static final class Responder implements RSocket {
        @Override
        public Mono<Payload> requestResponse(Payload payload) {
            return Mono.just(payload);
        }

        @Override
        public Flux<Payload> requestChannel(Publisher<Payload> payloads) {
            return Flux.from(payloads).map(message -> {
                message.release();
                return EmptyPayload.INSTANCE;
            });
        }
    }

    /** One request-channel; acknowledgements arrive in order and complete the oldest send. */
    private final class SinkChannel {
        private final Queue<CompletableFuture<Integer>> pending = new ConcurrentLinkedQueue<>();
        private final Sinks.Many<Payload> messages = Sinks.many().unicast().onBackpressureBuffer();

        SinkChannel() {
            client.requestChannel(messages.asFlux()).subscribe(ack -> {
                int size = sizeAndRelease(ack);
                CompletableFuture<Integer> done = pending.poll();
                if (done != null) {
                    done.complete(size);
                }
            }, this::fail);
        }

        CompletableFuture<Integer> send(byte[] payload) {
            CompletableFuture<Integer> ack = new CompletableFuture<>();
            // A sink takes one emitter at a time; sends come from the benchmark thread and from completions.
            synchronized (this) {
                pending.add(ack);
                Sinks.EmitResult r = messages.tryEmitNext(ByteBufPayload.create(Unpooled.wrappedBuffer(payload)));
                if (r.isFailure()) {
                    pending.remove(ack);
                    ack.completeExceptionally(new IllegalStateException("request-channel refused a message: " + r));
                }
            }
            return ack;
        }

        private void fail(Throwable t) {
            for (CompletableFuture<Integer> ack; (ack = pending.poll()) != null; ) {
                ack.completeExceptionally(t);
            }
        }

        void close() {
            synchronized (this) {
                messages.tryEmitComplete();
            }
        }
    }

    @Override
    public void close() {
        sinks.forEach(SinkChannel::close);
        if (client != null) {
            client.dispose();
        }
        if (server != null) {
            server.dispose();
            server.onClose().block(Duration.ofSeconds(5));
        }
        if (clientLoop != null) {
            clientLoop.disposeLater(Duration.ZERO, Duration.ofSeconds(1)).block(Duration.ofSeconds(5));
        }
        if (serverLoop != null) {
            serverLoop.disposeLater(Duration.ZERO, Duration.ofSeconds(1)).block(Duration.ofSeconds(5));
        }
    }
}
