package io.beepkit.api;

import org.jspecify.annotations.Nullable;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One channel of a session, bound to a profile. All methods are thread-safe and non-blocking.
 */
public interface BeepChannel {
    /** The channel number (odd when started by the initiator, even when started by the listener). */
    int number();

    /** The profile URI the channel runs. */
    String profile();

    /** Data the peer piggybacked in its start request or reply, if any. */
    Optional<String> peerInitData();

    /** The session this channel belongs to. */
    BeepSession session();

    /** True until the channel is closed or the session ends. */
    boolean isOpen();

    /**
     * Sends a MSG and collects the whole reply (RPY, ERR, or every ANS until NUL) up to the session's maximum
     * message size. An ERR completes the future normally with {@link Reply#isError()} true.
     *
     * @return completes with the reply; fails with {@link ChannelClosedException} if the channel is closing,
     *         {@link SessionClosedException} if the session ends first, or {@link MessageTooLargeException} if the
     *         reply exceeds the maximum message size
     */
    CompletableFuture<Reply> send(MimeEntity message);

    /**
     * Sends a MSG and streams the reply to {@code listener}, one answer at a time.
     *
     * @return completes when the reply is complete (RPY, ERR or NUL)
     */
    CompletableFuture<@Nullable Void> send(MimeEntity message, ReplyListener listener);

    /**
     * Opens a MSG to be written piece by piece (see {@link MessageStream}); the reply is collected whole.
     *
     * @param headers the MIME headers of the payload (its body, if any, is written first)
     */
    MessageStream openMessage(MimeEntity headers);

    /** As {@link #openMessage(MimeEntity)}, streaming the reply to {@code listener}. */
    MessageStream openMessage(MimeEntity headers, ReplyListener listener);

    /**
     * Closes the channel with code 200 once every MSG we sent on it is answered (RFC 3080 §2.3.1.3). The future fails
     * with {@link BeepErrorException} if the peer declines.
     */
    CompletableFuture<@Nullable Void> close();

    /** The window size the peer last advertised for this channel (4096 until its first SEQ). */
    int remoteWindow();

    /** Octets the peer's window has open right now. */
    int availableWindow();

    /**
     * The largest frame the peer would accept now: the open window capped by the maximum frame size. Messages of at
     * most {@link #remoteWindow()} octets (payload, headers included) never need more than one frame once the window
     * is open.
     */
    int effectiveTransferSize();

    /**
     * The receive window we currently advertise for this channel: starts at the socket profile's initial window and
     * grows automatically (up to its maximum) when the window rather than the application limits the transfer.
     */
    int localWindow();

    /** Frame and byte counters of this channel. */
    TransferStats stats();
}
