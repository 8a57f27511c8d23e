package io.beepkit.api;

import org.jspecify.annotations.Nullable;

import java.util.concurrent.CompletableFuture;

/**
 * A MSG written piece by piece, for payloads too large to hold in memory at once. The payload is a MIME entity: the
 * stream starts with the header section given at open (a lone CRLF when there are none), then the octets written.
 * Frames go out as the peer's window allows; the final frame waits for {@link #end()}.
 *
 * <p>Back-pressure: each {@link #write} future completes once the octets queued but not yet sent are within the
 * channel's bound (twice the maximum frame size); a writer that waits for it never holds more than that in memory.
 * Thread-safe.
 */
public interface MessageStream {
    /** The msgno of the MSG. */
    int msgno();

    /**
     * Appends octets (the array is not copied: do not change it afterwards).
     *
     * @return completes when the caller may write more without growing the queue past its bound; fails if the
     *         session ends or the stream was already ended
     */
    CompletableFuture<@Nullable Void> write(byte[] chunk);

    /** Ends the MSG: its final frame may now go out. */
    void end();

    /**
     * The reply. Without a {@link ReplyListener} it is collected whole; with one, this completes with null once the
     * listener has seen the end of the reply.
     */
    CompletableFuture<@Nullable Reply> reply();
}
