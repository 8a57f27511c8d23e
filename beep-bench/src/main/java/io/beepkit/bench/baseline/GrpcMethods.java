package io.beepkit.bench.baseline;

import io.grpc.Drainable;
import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The gRPC service of the scenario-4 baseline, with raw byte arrays as messages (a marshaller instead of protobuf, so
 * no generated code and no encoding cost on either side): {@code Echo}, a unary call answered with its request, and
 * {@code Sink}, a bidirectional stream on which the listener answers every message with an empty one.
 */
final class GrpcMethods {
    static final String SERVICE = "beepkit.bench.Baseline";
    static final MethodDescriptor<byte[], byte[]> ECHO = method("Echo", MethodDescriptor.MethodType.UNARY);
    static final MethodDescriptor<byte[], byte[]> SINK = method("Sink", MethodDescriptor.MethodType.BIDI_STREAMING);
    private static final byte[] EMPTY = new byte[0];

    private GrpcMethods() {
    }

    private static MethodDescriptor<byte[], byte[]> method(String name, MethodDescriptor.MethodType type) {
        return MethodDescriptor.<byte[], byte[]>newBuilder().setType(type)
                .setFullMethodName(MethodDescriptor.generateFullMethodName(SERVICE, name))
                .setRequestMarshaller(BytesMarshaller.INSTANCE).setResponseMarshaller(BytesMarshaller.INSTANCE)
                .build();
    }

    /** The listener's side: the echo returns its request, the sink acknowledges each message with an empty one. */
    static ServerServiceDefinition service() {
        return ServerServiceDefinition.builder(SERVICE)
                .addMethod(ECHO, ServerCalls.asyncUnaryCall((byte[] request, StreamObserver<byte[]> answer) -> {
                    answer.onNext(request);
                    answer.onCompleted();
                }))
                .addMethod(SINK, ServerCalls.asyncBidiStreamingCall(acks -> new StreamObserver<byte[]>() {
                    @Override
                    public void onNext(byte[] message) {
                        acks.onNext(EMPTY);
                    }

                    @Override
                    public void onError(Throwable t) {
                        // The client went away; nothing to acknowledge any more.
                    }

                    @Override
                    public void onCompleted() {
                        acks.onCompleted();
                    }
                }))
                .build();
    }

    /**
     * Byte arrays as gRPC messages. The outbound stream tells gRPC its length and drains itself into gRPC's buffer
     * ({@link KnownLength}, {@link Drainable}), as protobuf's marshaller does, so a message is copied once on the
     * way out; the inbound one is read into an array of the length gRPC already knows.
     */
    enum BytesMarshaller implements MethodDescriptor.Marshaller<byte[]> {
        INSTANCE;

        @Override
        public InputStream stream(byte[] value) {
            return new BytesStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                if (stream instanceof KnownLength) {
                    // gRPC hands over a whole message; read it into one array of its size, no growing copies.
                    byte[] message = new byte[stream.available()];
                    int n = stream.readNBytes(message, 0, message.length);
                    if (n != message.length) {
                        throw new IllegalStateException("gRPC message of " + message.length + " octets ended at " + n);
                    }
                    return message;
                }
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new IllegalStateException("cannot read a gRPC message", e);
            }
        }
    }

    private static final class BytesStream extends ByteArrayInputStream implements KnownLength, Drainable {
        BytesStream(byte[] bytes) {
            super(bytes);
        }

        @Override
        public int drainTo(OutputStream target) throws IOException {
            int n = count - pos;
            target.write(buf, pos, n);
            pos = count;
            return n;
        }
    }
}
