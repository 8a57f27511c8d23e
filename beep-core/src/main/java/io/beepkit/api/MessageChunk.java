package io.beepkit.api;

import java.util.Objects;

/**
 * A piece of a MSG as a {@link StreamingHandler} receives it: the payload of one frame (the MIME header section
 * included, in the first pieces), the channel and msgno it belongs to, and whether it is the MSG's last piece.
 *
 * <p>A chunk made by the engine holds the frame's network buffer until the stage its handler returned completes:
 * read it before that. beep-netty hands the buffer itself out without a copy ({@code ChunkBuffers.buffer(chunk)});
 * {@link #bytes()} copies it.
 */
public interface MessageChunk {
    /** The channel the MSG arrived on. */
    BeepChannel channel();

    /** The MSG's message number. */
    int msgno();

    /** The number of octets in this piece. */
    int size();

    /**
     * The piece's octets in a new array the caller owns (a chunk made by the engine copies its frame's buffer on
     * each call).
     *
     * @throws IllegalStateException if called on an engine's chunk after its handler's stage completed
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
