package io.beepkit.netty;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Responder;
import io.netty.buffer.ByteBuf;

/**
 * The sink profile ({@code StandardProfiles.SINK}: an empty RPY to every MSG) without reading the MSG: each frame's
 * payload is dropped as it arrives, the network buffer never copied, and the empty reply sent with the last frame.
 * {@link io.beepkit.core.profiles.StandardProfiles#sink()} does the same over any engine but receives each MSG assembled, its body copied into
 * an array only to be thrown away. As a streaming handler it takes MSGs of any size (none is held), so the message
 * size limit does not apply to it.
 *
 * <p>Registered as it is, it runs no application code, so the engine drops its frames on the event loop without
 * handing them to the callback executor: the window credit for a frame returns as it is read. Wrapped in a handler
 * of the application's, the wrapper receives the frames as any {@link ByteBufMessageHandler} does.
 */
public final class DiscardingSink implements ByteBufMessageHandler {
    /** Drops {@code chunk}; answers the MSG with an empty RPY when {@code last}. */
    @Override
    public void onMessageChunk(BeepChannel channel, int msgno, ByteBuf chunk, boolean last, Responder responder) {
        if (last) {
            responder.reply(MimeEntity.EMPTY_ENTITY);
        }
    }
}
