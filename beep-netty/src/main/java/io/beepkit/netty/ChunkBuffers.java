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
     * The chunk's octets as a buffer. For a chunk made by this engine, the frame's payload itself (a retained slice of
     * the network buffer, no copy), which the engine releases when the stage the handler returned for the chunk
     * completes: {@link ByteBuf#retain() retain} it to keep it longer, and release it later. Do not release it
     * otherwise. For any other chunk, its {@link MessageChunk#bytes()} wrapped.
     *
     * @throws IllegalStateException if called on an engine's chunk after its handler's stage completed
     */
    public static ByteBuf buffer(MessageChunk chunk) {
        if (chunk instanceof FrameChunk frame) {
            return frame.buffer();
        }
        return Unpooled.wrappedBuffer(chunk.bytes());
    }
}
