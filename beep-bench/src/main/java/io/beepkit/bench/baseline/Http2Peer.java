package io.beepkit.bench.baseline;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.AbstractHttp2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2FrameListener;
import io.netty.handler.codec.http2.Http2Settings;

/**
 * One end of the HTTP/2 baseline, built as Netty's own HTTP/2 examples and gRPC build theirs: an
 * {@link Http2ConnectionHandler} that is its own frame listener, with no stream child channels. Stream windows are
 * 1 MiB (SETTINGS) and the connection window is raised to 16 MiB when the connection is up, about what BEEP's default
 * profile grows to, so flow control is not what is compared; up to {@value #MAX_STREAMS} concurrent streams. The handler flushes once per read (in
 * {@code channelReadComplete}), as {@link Http2ConnectionHandler} does.
 */
abstract class Http2Peer extends Http2ConnectionHandler {
    static final int STREAM_WINDOW = 1 << 20;
    static final int CONNECTION_WINDOW = 16 << 20;
    static final int MAX_STREAMS = 1024;
    private static final int DEFAULT_WINDOW = 65_535;

    Http2Peer(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings) {
        super(decoder, encoder, settings);
    }

    /** What this end does with the frames it reads. */
    abstract Http2FrameListener listener();

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        super.channelActive(ctx);
        // The local flow controller sends the WINDOW_UPDATE for the connection itself (as Http2FrameCodec does).
        decoder().flowController().incrementWindowSize(connection().connectionStream(),
                CONNECTION_WINDOW - DEFAULT_WINDOW);
        flush(ctx);
    }

    /** The builder Netty's examples use, for either end; {@code factory} makes the handler from the codec. */
    static final class Builder<T extends Http2Peer> extends AbstractHttp2ConnectionHandlerBuilder<T, Builder<T>> {
        /** Makes the handler from the codec the builder assembled. */
        interface Factory<T> {
            T create(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings);
        }

        private final Factory<T> factory;

        Builder(boolean server, Factory<T> factory) {
            this.factory = factory;
            server(server);
            // Netty 4.2's defaults allow 100 concurrent streams; the workload keeps up to 8 x 32 in flight.
            initialSettings(Http2Settings.defaultSettings().initialWindowSize(STREAM_WINDOW)
                    .maxFrameSize(64 * 1024).maxConcurrentStreams(MAX_STREAMS));
        }

        @Override
        public T build() {
            return super.build();
        }

        @Override
        protected T build(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings) {
            T handler = factory.create(decoder, encoder, settings);
            decoder.frameListener(handler.listener());
            return handler;
        }
    }
}
