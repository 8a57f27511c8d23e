package io.beepkit.api;

/**
 * The reply to one of our MSGs did not arrive within its deadline ({@link SendOptions#deadline(java.time.Duration)},
 * or the session's default deadline when the options give none).
 *
 * <p>The MSG's number cannot be reused while its reply may still come (RFC 3080 §2.2.1.1), and replies on a channel
 * come in msgno order (§2.6.1), so a missing reply also holds back every later one on that channel. The channel is
 * therefore given up: it takes no new MSG, the other exchanges of ours pending on it fail with a
 * {@link ChannelClosedException} whose cause is this exception, late replies are read and discarded, and the channel
 * is closed once every MSG sent on it has been answered (§2.3.1.3 allows the close only then). A peer that still has
 * not answered after the session's channel-request timeout is considered stuck: the session is terminated.
 */
public class ReplyTimeoutException extends BeepException {
    /** No reply to the MSG described by {@code message} (its channel, msgno and the deadline). */
    public ReplyTimeoutException(String message) {
        super(message);
    }
}
