package io.beepkit.api;

import org.jspecify.annotations.Nullable;

import java.util.concurrent.CompletableFuture;

/**
 * Sends MSGs and receives their replies: the one send interface of a {@link BeepChannel} and of beep-netty's managed
 * channel. Each exchange is sent whole ({@code send}) or written piece by piece ({@code openMessage}); its reply is
 * collected whole or streamed to a {@link ReplyListener}. All methods are thread-safe and non-blocking.
 *
 * <h2>Deadlines</h2>
 * Every send takes {@link SendOptions}; the methods without them use {@link SendOptions#DEFAULT}. The deadline is the
 * options' {@link SendOptions#deadline()}, or when that is null the session's default deadline (none unless the
 * session sets one). When the whole reply has not arrived within the deadline of the send call (of
 * {@code openMessage} for a streamed MSG, so the deadline covers writing it too), the exchange fails with
 * {@link ReplyTimeoutException}. The timer runs on the session's event loop and is cancelled when the reply
 * completes.
 *
 * <p>A msgno whose reply may still come must not be reused (RFC 3080 §2.2.1.1) and replies on a channel come in
 * msgno order (§2.6.1), so a missed deadline gives up the whole channel: it takes no new MSG; every other exchange of
 * ours pending on it fails with a {@link ChannelClosedException} whose cause is the {@link ReplyTimeoutException};
 * replies that arrive late are read and discarded; and once every MSG sent on it has been answered, the channel is
 * closed (a close is allowed only then, §2.3.1.3). If the peer has still not answered after the session's
 * channel-request timeout, the session is terminated. Start a new channel for the next exchange.
 */
public interface MessageSender {
    /** As {@link #send(MimeEntity, SendOptions)} with {@link SendOptions#DEFAULT}. */
    default CompletableFuture<Reply> send(MimeEntity message) {
        return send(message, SendOptions.DEFAULT);
    }

    /**
     * Sends a MSG and collects the whole reply (RPY, ERR, or every ANS until NUL) up to the session's maximum
     * message size. An ERR completes the future normally with {@link Reply#isError()} true. Cancelling the returned
     * future gives up the exchange as a missed deadline does.
     *
     * <p>beep-netty completes this future on the session's event loop by default (its
     * {@code BeepResources.Builder.replyFuturesOnEventLoop}): a continuation added without an executor runs there, so
     * it must not block; give blocking work an executor ({@code thenApplyAsync(fn, executor)}). Waiting for the
     * incomplete future on an event loop throws {@link IllegalStateException}.
     *
     * @return completes with the reply; fails with {@link ChannelClosedException} if the channel is closing,
     *         {@link SessionClosedException} if the session ends first, {@link MessageTooLargeException} if the
     *         reply exceeds the maximum message size, or {@link ReplyTimeoutException} if it misses its deadline
     */
    CompletableFuture<Reply> send(MimeEntity message, SendOptions options);

    /** As {@link #send(MimeEntity, ReplyListener, SendOptions)} with {@link SendOptions#DEFAULT}. */
    default CompletableFuture<@Nullable Void> send(MimeEntity message, ReplyListener listener) {
        return send(message, listener, SendOptions.DEFAULT);
    }

    /**
     * Sends a MSG and streams the reply to {@code listener}, one answer at a time.
     *
     * @return completes when the reply is complete (RPY, ERR or NUL); fails as {@link #send(MimeEntity, SendOptions)}
     *         does, with {@link ReplyTimeoutException} if the reply misses its deadline
     */
    CompletableFuture<@Nullable Void> send(MimeEntity message, ReplyListener listener, SendOptions options);

    /** As {@link #openMessage(MimeEntity, SendOptions)} with {@link SendOptions#DEFAULT}. */
    default MessageStream openMessage(MimeEntity headers) {
        return openMessage(headers, SendOptions.DEFAULT);
    }

    /**
     * Opens a MSG to be written piece by piece (see {@link MessageStream}); the reply is collected whole. Its
     * deadline counts from this call.
     *
     * @param headers the MIME headers of the payload (its body, if any, is written first)
     */
    MessageStream openMessage(MimeEntity headers, SendOptions options);

    /** As {@link #openMessage(MimeEntity, ReplyListener, SendOptions)} with {@link SendOptions#DEFAULT}. */
    default MessageStream openMessage(MimeEntity headers, ReplyListener listener) {
        return openMessage(headers, listener, SendOptions.DEFAULT);
    }

    /** As {@link #openMessage(MimeEntity, SendOptions)}, streaming the reply to {@code listener}. */
    MessageStream openMessage(MimeEntity headers, ReplyListener listener, SendOptions options);
}
