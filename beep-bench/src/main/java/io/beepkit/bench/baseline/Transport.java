package io.beepkit.bench.baseline;

import java.util.concurrent.CompletableFuture;

/**
 * One way of carrying the scenario-4 exchanges over 127.0.0.1, so BEEP and its baselines run the same workloads:
 * a request of some size on one of several channels (BEEP channels, HTTP/2, gRPC or RSocket streams, or TCP
 * connections for raw TCP, which cannot multiplex),
 * answered either by an echo of the request or by an empty acknowledgement (one-way bulk).
 */
public interface Transport extends AutoCloseable {
    /** Starts the listener and connects {@code channels} channels. */
    void open(int channels) throws Exception;

    /**
     * Sends {@code payload} on {@code channel}; completes with the size of the answer's payload (the request's size
     * for an echo, 0 for an acknowledgement). May be called from any thread, including the transport's own.
     */
    CompletableFuture<Integer> call(int channel, byte[] payload, boolean echo);

    /** Releases the connections and the listener. */
    @Override
    void close() throws Exception;

    /**
     * The transport named by a benchmark parameter: {@code beep}, {@code beep-direct} (callbacks on the event loop),
     * {@code beep-offloop} (reply futures completed on the callback executor too, the default before they completed
     * on the event loop), {@code beep-virtual} (callbacks off the loop on virtual threads, Java 21 or newer), {@code netty-tcp},
     * {@code netty-h2}, {@code grpc} (grpc-java, calls on the I/O threads), {@code grpc-pool} (grpc-java with its
     * default executor) or {@code rsocket}.
     */
    static Transport named(String name) {
        return switch (name) {
            case "beep" -> new BeepTransport(false);
            case "beep-direct" -> new BeepTransport(true);
            case "beep-offloop" -> new BeepTransport(false, false, false);
            case "beep-virtual" -> new BeepTransport(false, true, true);
            case "netty-tcp" -> new NettyTcpTransport();
            case "netty-h2" -> new NettyHttp2Transport();
            case "grpc" -> new GrpcTransport(true);
            case "grpc-pool" -> new GrpcTransport(false);
            case "rsocket" -> new RSocketTransport();
            default -> throw new IllegalArgumentException("unknown transport '" + name
                    + "', expected beep, beep-direct, beep-offloop, beep-virtual, netty-tcp, netty-h2, grpc, grpc-pool or rsocket");
        };
    }
}
