package io.beepkit.netty.internal.channel;

import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;

/** Where the parts of a reply to one of our MSGs go. Called on the event loop, in arrival order. */
public interface ReplySink {
    /** A complete RPY. */
    void rpy(MimeEntity entity);

    /** A complete ERR. */
    void err(MimeEntity entity);

    /** A complete ANS. */
    void ans(long ansno, MimeEntity entity);

    /** NUL: the one-to-many reply is complete. */
    void nul();

    /** The session ended or the reply could not be assembled. */
    void fail(Throwable cause);

    /** True when the application takes raw frame payloads through {@link #chunk} instead of whole entities. */
    default boolean chunked() {
        return false;
    }

    /**
     * A raw frame payload of the reply (only when {@link #chunked()}); {@code credit} returns the frame's window
     * credit and must run exactly once, when the application is done with the chunk.
     */
    default void chunk(Reply.Kind kind, long ansno, byte[] chunk, boolean last, Runnable credit) {
        credit.run();
    }

    /** True when the application wants every ANS delivered at once (not aggregated). */
    default boolean streaming() {
        return false;
    }
}
