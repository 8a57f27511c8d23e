package io.beepkit.bench.baseline;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
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
import io.netty.util.AsciiString;
import io.netty.util.collection.IntObjectHashMap;
import io.netty.util.collection.IntObjectMap;

/**
 * The listener's end of the HTTP/2 baseline: POST {@code /echo} is answered with its body, any other path (the sink)
 * with an empty 200. DATA is consumed as it is read, so the flow controller returns credit at once. Answers are
 * written during the read and flushed once at its end.
 */
final class Http2Responder extends Http2Peer {
    static final AsciiString ECHO_PATH = AsciiString.cached("/echo");
    private static final Http2Headers OK = new DefaultHttp2Headers().status("200");
    /** Echo streams whose request has not ended, with the body so far (empty until the first DATA). */
    private final IntObjectMap<ByteBuf> echoBodies = new IntObjectHashMap<>();

    Http2Responder(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings) {
        super(decoder, encoder, settings);
        connection().addListener(new Http2ConnectionAdapter() {
            @Override
            public void onStreamRemoved(Http2Stream stream) {
                ByteBuf partial = echoBodies.remove(stream.id());
                if (partial != null) {
                    partial.release();
                }
            }
        });
    }

    static Http2Responder create() {
        return new Builder<>(true, Http2Responder::new).build();
    }

    @Override
    Http2FrameListener listener() {
        return new Http2FrameAdapter() {
            @Override
            public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding,
                                      boolean endOfStream) {
                headers(ctx, streamId, headers, endOfStream);
            }

            @Override
            public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers,
                                      int streamDependency, short weight, boolean exclusive, int padding,
                                      boolean endOfStream) {
                headers(ctx, streamId, headers, endOfStream);
            }

            @Override
            public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding,
                                  boolean endOfStream) {
                int consumed = data.readableBytes() + padding;
                ByteBuf body = echoBodies.get(streamId);
                if (body != null) {
                    body = append(body, data);
                    if (endOfStream) {
                        echoBodies.remove(streamId);
                    } else {
                        echoBodies.put(streamId, body);
                    }
                }
                if (endOfStream) {
                    answer(ctx, streamId, body);
                }
                return consumed;
            }
        };
    }

    private void headers(ChannelHandlerContext ctx, int streamId, Http2Headers headers, boolean endOfStream) {
        boolean echo = ECHO_PATH.contentEquals(headers.path());
        if (endOfStream) {
            answer(ctx, streamId, null);
        } else if (echo) {
            echoBodies.put(streamId, Unpooled.EMPTY_BUFFER);
        }
    }

    /** The body so far plus {@code data}: the first DATA frame is kept as a retained slice, later ones composed. */
    private static ByteBuf append(ByteBuf body, ByteBuf data) {
        if (!body.isReadable()) {
            return data.retainedSlice();
        }
        CompositeByteBuf composite = body instanceof CompositeByteBuf c ? c
                : Unpooled.compositeBuffer(Integer.MAX_VALUE).addComponent(true, body);
        return composite.addComponent(true, data.retainedSlice());
    }

    /** Answers with {@code body} (an echo) or empty (the sink); the read's end flushes. */
    private void answer(ChannelHandlerContext ctx, int streamId, ByteBuf body) {
        if (body == null || !body.isReadable()) {
            if (body != null) {
                body.release();
            }
            encoder().writeHeaders(ctx, streamId, OK, 0, true, ctx.newPromise());
        } else {
            encoder().writeHeaders(ctx, streamId, OK, 0, false, ctx.newPromise());
            encoder().writeData(ctx, streamId, body, 0, true, ctx.newPromise());
        }
    }
}
