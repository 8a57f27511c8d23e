package io.beepkit.netty;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MessageChunk;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Responder;
import io.beepkit.api.StreamingHandler;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * The sink profile ({@code StandardProfiles.SINK}: an empty RPY to every MSG) without reading the MSG: each frame's
 * payload is dropped as it arrives, the network buffer never copied, and the empty reply sent with the last frame.
 * {@link io.beepkit.core.profiles.StandardProfiles#sink()} does the same over any engine but receives each MSG
 * assembled, its body copied into an array only to be thrown away. As a streaming handler it takes MSGs of any size
 * (none is held), so the message size limit does not apply to it.
 *
 * <p>It is {@linkplain #nonBlocking() non-blocking}: the engine drops its frames on the event loop, at the end of
 * the read that brought them, without handing them to the callback executor, so a frame's window credit returns with
 * that read's SEQ. The optional {@code onMessage} hook runs there too and must be quick and never block (a counter),
 * and so must a subclass's {@code onOpen} and {@code onClose}; {@code onStart} and {@code onCloseRequest} run on the
 * callback executor as any handler's. The frame callback is final.
 */
public class DiscardingSink implements StreamingHandler {
    /** Done at once: the chunk's credit returns and its buffer is released as the call returns. */
    private static final CompletionStage<?> DROPPED = CompletableFuture.completedStage(null);

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

    /** Always true: dropping a frame is quick; see the class comment for what a subclass must keep quick. */
    @Override
    public boolean nonBlocking() {
        return true;
    }

    /** Drops {@code chunk} unread; answers the MSG with an empty RPY when it is the last. */
    @Override
    public final CompletionStage<?> onChunk(MessageChunk chunk, Responder responder) {
        if (chunk.last()) {
            onMessage.accept(chunk.channel());
            responder.reply(MimeEntity.EMPTY_ENTITY);
        }
        return DROPPED;
    }
}
