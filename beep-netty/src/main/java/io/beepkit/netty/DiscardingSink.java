package io.beepkit.netty;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Responder;
import io.netty.buffer.ByteBuf;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * The sink profile ({@code StandardProfiles.SINK}: an empty RPY to every MSG) without reading the MSG: each frame's
 * payload is dropped as it arrives, the network buffer never copied, and the empty reply sent with the last frame.
 * {@link io.beepkit.core.profiles.StandardProfiles#sink()} does the same over any engine but receives each MSG
 * assembled, its body copied into an array only to be thrown away. As a streaming handler it takes MSGs of any size
 * (none is held), so the message size limit does not apply to it.
 *
 * <p>Frames run no application code, so the engine drops them on the event loop without handing them to the callback
 * executor: the window credit for a frame returns as it is read. The one exception is the optional
 * {@code onMessage} hook, which therefore must be quick and never block (a counter). A subclass may override the
 * lifecycle callbacks ({@code onStart}, {@code onOpen}, {@code onClose}...), which run on the callback executor as any
 * handler's; the frame callback is final.
 */
public class DiscardingSink implements ByteBufMessageHandler {
    private final Consumer<BeepChannel> onMessage;

    /** A sink that only drops and answers. */
    public DiscardingSink() {
        this(channel -> { });
    }

    /**
     * @param onMessage told of each MSG, with its channel, when its last frame is dropped, just before the reply; runs
     *                  on the event loop
     */
    public DiscardingSink(Consumer<BeepChannel> onMessage) {
        this.onMessage = Objects.requireNonNull(onMessage, "onMessage");
    }

    /** Drops {@code chunk}; answers the MSG with an empty RPY when {@code last}. */
    @Override
    public final void onMessageChunk(BeepChannel channel, int msgno, ByteBuf chunk, boolean last,
                                     Responder responder) {
        if (last) {
            onMessage.accept(channel);
            responder.reply(MimeEntity.EMPTY_ENTITY);
        }
    }
}
