package io.beepkit.api;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

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
     * <p>Cancelling the returned future gives up the exchange as a missed {@linkplain #send(MimeEntity, Duration)
     * deadline} does: the channel takes no new MSG and is closed once the peer has answered what was sent on it.
     *
     * @return completes with the reply; fails with {@link ChannelClosedException} if the channel is closing,
     *         {@link SessionClosedException} if the session ends first, {@link MessageTooLargeException} if the
     *         reply exceeds the maximum message size, or {@link ReplyTimeoutException} if the session has a default
     *         reply timeout and the reply misses it
     */
    CompletableFuture<Reply> send(MimeEntity message);

    /**
     * As {@link #send(MimeEntity)}, but fails with {@link ReplyTimeoutException} when the whole reply has not arrived
     * within {@code deadline} of this call. The timer runs on the session's event loop and is cancelled when the
     * reply completes.
     *
     * <p>A msgno whose reply may still come must not be reused (RFC 3080 §2.2.1.1) and replies on a channel come in
     * msgno order (§2.6.1), so a missed deadline gives up the whole channel: it takes no new MSG; every other
     * exchange of ours pending on it fails with a {@link ChannelClosedException} whose cause is the
     * {@link ReplyTimeoutException}; replies that arrive late are read and discarded; and once every MSG sent on it
     * has been answered, the channel is closed (a close is allowed only then, §2.3.1.3). If the peer has still not
     * answered after the session's channel-request timeout, the session is terminated. Start a new channel for the
     * next exchange. Cancelling the returned future has the same effect.
     *
     * <p>The default implementation, for channels not made by beepkit, only fails the returned future and cancels
     * {@link #send(MimeEntity)}'s.
     *
     * @param deadline how long the reply may take; positive
     * @throws IllegalArgumentException if {@code deadline} is zero or negative
     */
    default CompletableFuture<Reply> send(MimeEntity message, Duration deadline) {
        Objects.requireNonNull(deadline, "deadline");
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("deadline must be positive: " + deadline);
        }
        CompletableFuture<Reply> sent = send(message);
        CompletableFuture<Reply> result = new CompletableFuture<>();
        AtomicReference<@Nullable ReplyTimeoutException> timedOut = new AtomicReference<>();
        sent.whenComplete((r, e) -> {
            ReplyTimeoutException timeout = timedOut.get();
            if (timeout != null && e instanceof CancellationException) {
                result.completeExceptionally(timeout); // our own cancellation: the caller sees why
            } else if (e != null) {
                result.completeExceptionally(e);
            } else {
                result.complete(r);
            }
        });
        CompletableFuture.delayedExecutor(deadline.toNanos(), TimeUnit.NANOSECONDS).execute(() -> {
            if (result.isDone()) {
                return;
            }
            timedOut.set(new ReplyTimeoutException("no reply on channel " + number() + " within "
                    + deadline.toMillis() + " ms"));
            sent.cancel(true); // completes the result through whenComplete, after the send is cancelled
        });
        return result;
    }

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
