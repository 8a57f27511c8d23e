package io.beepkit.netty;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.Message;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.Responder;
import io.netty.buffer.ByteBuf;

/**
 * A streaming {@link ProfileHandler} that takes each frame's payload as the network buffer itself, a retained slice
 * with no copy at all. The buffer is released when {@link #onMessageChunk(BeepChannel, int, ByteBuf, boolean,
 * Responder)} returns: {@link ByteBuf#retain() retain} it to keep it longer (and release it later). Window credit for
 * the chunk returns to the peer when the call returns, so a slow handler slows the peer.
 */
public interface ByteBufMessageHandler extends ProfileHandler {
    /**
     * A piece of a MSG's payload (the MIME header section included, in the first pieces); the same
     * {@code responder} comes with every piece of one MSG.
     */
    void onMessageChunk(BeepChannel channel, int msgno, ByteBuf chunk, boolean last, Responder responder);

    /** Always true: MSGs arrive in pieces. */
    @Override
    default boolean streaming() {
        return true;
    }

    /** Not called: MSGs arrive through {@link #onMessageChunk(BeepChannel, int, ByteBuf, boolean, Responder)}. */
    @Override
    default void onMessage(Message message, Responder responder) {
        throw new UnsupportedOperationException("a ByteBufMessageHandler receives MSGs in chunks");
    }
}
