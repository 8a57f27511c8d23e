package io.beepkit.netty;

import io.beepkit.api.MessageChunk;
import io.beepkit.api.StreamingHandler;
import io.beepkit.netty.internal.channel.FrameChunk;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * Zero-copy access to the pieces a {@link StreamingHandler} receives: the frame's network buffer itself instead of
 * the copy {@link MessageChunk#bytes()} makes.
 */
public final class ChunkBuffers {
    private ChunkBuffers() {
    }

    /**
     * The chunk's octets as a buffer. For a chunk made by this engine, the buffer the engine holds for it, which it
     * releases when the handler's {@code onChunk} call returns: {@link ByteBuf#retain() retain} it to keep it longer,
     * and release it later; do not release it otherwise. For a handler that runs on the event loop
     * ({@link io.beepkit.api.ProfileHandler#nonBlocking() nonBlocking}, or {@code BeepResources.directCallbacks}) it is
     * the frame's payload itself, a retained slice of the network buffer with no copy; for a handler on the callback
     * executor it is a copy made on the event loop, so that no network buffer waits in the executor's queue. For any
     * other chunk, its {@link MessageChunk#bytes()} wrapped.
     *
     * @throws IllegalStateException if called on an engine's chunk after its handler's call returned
     */
    public static ByteBuf buffer(MessageChunk chunk) {
        if (chunk instanceof FrameChunk frame) {
            return frame.buffer();
        }
        return Unpooled.wrappedBuffer(chunk.bytes());
    }
}
