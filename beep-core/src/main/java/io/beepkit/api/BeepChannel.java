package io.beepkit.api;

import org.jspecify.annotations.Nullable;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One channel of a session, bound to a profile: sends MSGs as a {@link MessageSender} (with the session's default
 * deadline unless the {@link SendOptions} give one). All methods are thread-safe and non-blocking.
 */
public interface BeepChannel extends MessageSender {
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
     * As {@link #send(MimeEntity)}, but the MSG leaves only as one whole frame: it waits in the channel's queue, in
     * order with the channel's other messages, until the peer's window has room for all of it, then leaves in one
     * frame. The wait takes no thread and polls nothing: the peer's SEQ that opens the window sends it. For peers
     * that cannot join fragments (rsyslog's liblogging collector reads every frame as a message of its own).
     *
     * <p>The size is judged when the call reaches the session's event loop, against the peer's window as it last
     * announced it (the RFC's 4096 octets before its first SEQ; a beepkit listener announces a larger window just
     * after its start reply) and our largest frame. A message held back by a peer that later shrinks its window
     * waits, as any message waits on a closed window.
     *
     * <p>The default implementation, for channels not made by beepkit, fails with
     * {@link UnsupportedOperationException}.
     *
     * @return completes as {@link #send(MimeEntity)}'s future does; fails at once with
     *         {@link WindowTooSmallException}, nothing sent, when the payload (headers included) is larger than the
     *         peer's window or our largest frame
     */
    default CompletableFuture<Reply> sendInOneFrame(MimeEntity message) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException(
                "sendInOneFrame needs a channel made by beepkit"));
    }

    /**
     * The window-open event: completes on the session's event loop once the peer's window on this channel has at
     * least {@code octets} open, at once when it has now. The window opens only when the peer's SEQ arrives, so
     * waiting costs nothing until then; what the channel had queued takes its share of a SEQ's credit first. The
     * future's dependents run on the event loop (unless added with an executor) and must not block.
     *
     * <p>The default implementation, for channels not made by beepkit, fails with
     * {@link UnsupportedOperationException}.
     *
     * @param octets the open window waited for; positive
     * @return fails with {@link WindowTooSmallException} when {@code octets} exceed the peer's window as it last
     *         announced it (judged as for {@link #sendInOneFrame}), and with {@link ChannelClosedException} or
     *         {@link SessionClosedException} if the channel or session ends first
     * @throws IllegalArgumentException if {@code octets} is not positive
     */
    default CompletableFuture<@Nullable Void> whenWindowOpen(int octets) {
        if (octets <= 0) {
            throw new IllegalArgumentException("octets must be positive: " + octets);
        }
        return CompletableFuture.failedFuture(new UnsupportedOperationException(
                "whenWindowOpen needs a channel made by beepkit"));
    }

    /**
     * Closes the channel with code 200 once every MSG we sent on it is answered and every answer of ours is sent (RFC
     * 3080 §2.3.1.3). The future completes when the peer accepted the close (or closed the channel itself); it fails
     * with {@link BeepErrorException} if the peer refuses, and with the session's end if the session ends first, so
     * a completed close always means the peer took everything sent on the channel.
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
