package io.beepkit.api;

import java.util.Objects;

/**
 * A piece of a MSG as a {@link StreamingHandler} receives it: the payload of one frame (the MIME header section
 * included, in the first pieces), the channel and msgno it belongs to, and whether it is the MSG's last piece.
 *
 * <p>A chunk made by the engine is readable during the handler's {@code onChunk} call, and released when the call
 * returns: read its octets there ({@link #bytes()}, or in beep-netty {@code ChunkBuffers.buffer(chunk)}, the frame's
 * buffer without a copy, which may be retained to keep it longer). The window credit of the piece is a separate
 * matter: it returns when the stage the handler returned completes.
 */
public interface MessageChunk {
    /** The channel the MSG arrived on. */
    BeepChannel channel();

    /** The MSG's message number. */
    int msgno();

    /** The number of octets in this piece. */
    int size();

    /**
     * The piece's octets in an array the caller owns: a copy of the frame's payload (a chunk made by the engine for a
     * handler off the event loop hands out the copy it already made the first time, and a new one after that).
     *
     * @throws IllegalStateException if called on an engine's chunk after its handler's call returned
     */
    byte[] bytes();

    /** True on the MSG's last piece. */
    boolean last();

    /**
     * A chunk holding {@code bytes}, for tests and for handlers that hand pieces on to another handler.
     *
     * @param bytes the piece's octets (not copied: do not change them afterwards)
     */
    static MessageChunk of(BeepChannel channel, int msgno, byte[] bytes, boolean last) {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(bytes, "bytes");
        return new MessageChunk() {
            @Override
            public BeepChannel channel() {
                return channel;
            }

            @Override
            public int msgno() {
                return msgno;
            }

            @Override
            public int size() {
                return bytes.length;
            }

            @Override
            public byte[] bytes() {
                return bytes.clone();
            }

            @Override
            public boolean last() {
                return last;
            }

            @Override
            public String toString() {
                return "MessageChunk[channel " + channel.number() + ", msgno " + msgno + ", " + bytes.length
                        + " octets" + (last ? ", last]" : "]");
            }
        };
    }
}
