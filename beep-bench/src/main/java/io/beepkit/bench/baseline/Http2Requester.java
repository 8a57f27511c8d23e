package io.beepkit.bench.baseline;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2FrameListener;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.util.collection.IntObjectHashMap;
import io.netty.util.collection.IntObjectMap;

import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CompletableFuture;

/**
 * The client's end of the HTTP/2 baseline: each call is a new stream (HEADERS, then the body in DATA with
 * END_STREAM), completed with the length of the answer's body when the answer ends. A call made while the connection
 * is reading (the next call of a closed loop, made from the previous answer) is flushed with the read's end, as gRPC
 * and {@code FlushConsolidationHandler} do; a call from another thread is flushed at once.
 */
final class Http2Requester extends Http2Peer {
    private static final Http2Headers ECHO = request(Http2Responder.ECHO_PATH.toString());
    private static final Http2Headers SINK = request("/sink");
    private final IntObjectMap<Call> pending = new IntObjectHashMap<>();
    private ChannelHandlerContext ctx;
    private boolean reading;

    /** A call in flight and the body octets of its answer so far. */
    private static final class Call extends CompletableFuture<Integer> {
        int received;
    }

    Http2Requester(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings) {
        super(decoder, encoder, settings);
        connection().addListener(new Http2ConnectionAdapter() {
            @Override
            public void onStreamClosed(Http2Stream stream) {
                Call call = pending.remove(stream.id());
                if (call != null) {
                    call.completeExceptionally(new IllegalStateException("stream " + stream.id()
                            + " closed before its answer ended"));
                }
            }
        });
    }

    static Http2Requester create() {
        return new Builder<>(false, Http2Requester::new).build();
    }

    private static Http2Headers request(String path) {
        return new DefaultHttp2Headers().method("POST").scheme("http").authority("127.0.0.1").path(path);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
        this.ctx = ctx;
        super.handlerAdded(ctx);
    }

    /** Sends {@code payload} on a new stream; any thread. */
    CompletableFuture<Integer> call(byte[] payload, boolean echo) {
        Call call = new Call();
        if (ctx.executor().inEventLoop()) {
            send(call, payload, echo);
        } else {
            ctx.executor().execute(() -> send(call, payload, echo));
        }
        return call;
    }

    private void send(Call call, byte[] payload, boolean echo) {
        if (!ctx.channel().isActive()) {
            call.completeExceptionally(new ClosedChannelException());
            return;
        }
        int id = connection().local().incrementAndGetNextStreamId();
        pending.put(id, call);
        encoder().writeHeaders(ctx, id, echo ? ECHO : SINK, 0, false, ctx.newPromise());
        encoder().writeData(ctx, id, Unpooled.wrappedBuffer(payload), 0, true, ctx.newPromise());
        if (!reading) {
            flush(ctx);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        reading = true;
        super.channelRead(ctx, msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        reading = false;
        super.channelReadComplete(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        for (Call call : pending.values()) {
            call.completeExceptionally(new ClosedChannelException());
        }
        pending.clear();
        super.channelInactive(ctx);
    }

    @Override
    Http2FrameListener listener() {
        return new Http2FrameAdapter() {
            @Override
            public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding,
                                      boolean endOfStream) {
                ended(streamId, endOfStream);
            }

            @Override
            public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers,
                                      int streamDependency, short weight, boolean exclusive, int padding,
                                      boolean endOfStream) {
                ended(streamId, endOfStream);
            }

            @Override
            public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding,
                                  boolean endOfStream) {
                Call call = pending.get(streamId);
                if (call != null) {
                    call.received += data.readableBytes();
                }
                ended(streamId, endOfStream);
                return data.readableBytes() + padding;
            }
        };
    }

    /** Completes the stream's call when its answer has ended (before the stream closes). */
    private void ended(int streamId, boolean endOfStream) {
        if (endOfStream) {
            Call call = pending.remove(streamId);
            if (call != null) {
                call.complete(call.received);
            }
        }
    }
}
