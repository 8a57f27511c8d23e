package io.beepkit.cli;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.Responder;
import io.beepkit.netty.ByteBufMessageHandler;
import io.netty.buffer.ByteBuf;

import java.util.Map;

/**
 * A {@link CountingHandler} for a delegate that takes network buffers, so the engine hands MSGs on without copying
 * them (the sink's bulk traffic): counts a message on its last chunk.
 */
final class CountingByteBufHandler extends CountingHandler implements ByteBufMessageHandler {
    private final ByteBufMessageHandler delegate;

    CountingByteBufHandler(ByteBufMessageHandler delegate, Map<BeepSession, ServedSession> sessions) {
        super(delegate, sessions);
        this.delegate = delegate;
    }

    @Override
    public void onMessageChunk(BeepChannel channel, int msgno, ByteBuf chunk, boolean last, Responder responder) {
        if (last) {
            countMessage(channel);
        }
        delegate.onMessageChunk(channel, msgno, chunk, last, responder);
    }
}
