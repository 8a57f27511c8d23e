package io.beepkit.netty.internal.channel;

import io.beepkit.api.BeepException;
import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.MessageStream;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.mime.MimeCodec;
import io.netty.buffer.Unpooled;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * The writer side of a streamed MSG. Writes are appended on the event loop; each write's future completes once the
 * octets queued but unsent are back within {@code bound}.
 */
final class StreamWriter implements MessageStream, OutboundMessage.StreamProgress {
    private final ChannelImpl channel;
    private final long bound;
    private final CompletableFuture<Reply> reply;
    // Starts at two slots (the default is 17): an idle session holds several of these.
    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>(1);
    private volatile int msgno = -1;
    private volatile boolean ended;
    private OutboundMessage message;
    /** The MIME header section, held back to leave with the first body octets instead of as a tiny frame alone. */
    private byte[] pendingHead;
    private long written;
    private Throwable failure;

    private record Waiter(long releaseAt, CompletableFuture<Void> future) {
    }

    /**
     * Opens a streamed MSG on {@code channel}: its headers encoded now, the MSG registered on the event loop, its
     * reply to {@code sink} within {@code deadline} (null for no limit).
     */
    static MessageStream open(ChannelImpl channel, MimeEntity headers, ReplySink sink, CompletableFuture<Reply> reply,
                              Duration deadline) {
        byte[] head = MimeCodec.encodeHeaders(headers);
        long bound = 2L * channel.host().config().flow().maxFrameSize();
        StreamWriter w = new StreamWriter(channel, bound, channel.host().completeOnCallbacks(reply));
        channel.host().onLoop(() -> {
            PendingRequest p = w.open(head, deadline == null ? sink : new DeadlineSink(sink));
            if (p != null) {
                channel.startDeadline(p, deadline);
            }
        });
        return w;
    }

    StreamWriter(ChannelImpl channel, long bound, CompletableFuture<Reply> reply) {
        this.channel = channel;
        this.bound = bound;
        this.reply = reply;
    }

    /**
     * Event loop: registers the MSG, or fails the stream if the channel takes no new MSG.
     *
     * @return the exchange, or null when the MSG was refused
     */
    PendingRequest open(byte[] head, ReplySink sink) {
        if (channel.givenUp() != null) {
            fail(new ChannelClosedException(channel.givenUp().getMessage() + "; it takes no new MSG",
                    channel.givenUp()));
            sink.fail(failure);
            return null;
        }
        if (!channel.lifecycle().acceptsNewMessages()) {
            fail(new ChannelClosedException("channel " + channel.number() + " takes no new MSG"));
            sink.fail(failure);
            return null;
        }
        PendingRequest request = register(sink);
        if (request == null) {
            fail(new BeepException("channel " + channel.number() + ": too many MSGs await replies"));
            return null;
        }
        message = request.outbound();
        msgno = message.msgno();
        message.progress(this);
        pendingHead = head;
        return request;
    }

    /** Registers the MSG and queues it on the channel; null (the sink failed) if too many MSGs await replies. */
    private PendingRequest register(ReplySink sink) {
        PendingRequest req;
        try {
            req = channel.exchanges().expectReply(sink);
        } catch (IllegalStateException e) {
            sink.fail(new BeepException("channel " + channel.number() + ": " + e.getMessage()));
            return null;
        }
        OutboundMessage out = OutboundMessage.streamed(FrameType.MSG, req.msgno());
        req.outbound(out);
        channel.enqueue(out);
        return req;
    }

    @Override
    public int msgno() {
        return msgno;
    }

    @Override
    public CompletableFuture<Void> write(byte[] chunk) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        if (ended) {
            f.completeExceptionally(new IllegalStateException("the stream of msgno " + msgno + " is already ended"));
            return f;
        }
        channel.host().onLoop(() -> {
            if (failure != null) {
                f.completeExceptionally(failure);
                return;
            }
            appendOnLoop(chunk);
            waiters.add(new Waiter(written - bound, f));
            release(message.sent());
        });
        return channel.host().completeOnCallbacks(f);
    }

    private void appendOnLoop(byte[] chunk) {
        if (message == null || chunk.length == 0) {
            return;
        }
        byte[] head = takePendingHead();
        written += head.length + chunk.length;
        message.append(head.length == 0 ? Unpooled.wrappedBuffer(chunk) : Unpooled.wrappedBuffer(head, chunk));
        channel.host().schedule(channel);
    }

    private byte[] takePendingHead() {
        byte[] head = pendingHead == null ? new byte[0] : pendingHead;
        pendingHead = null;
        return head;
    }

    @Override
    public void end() {
        ended = true;
        channel.host().onLoop(() -> {
            if (message != null) {
                byte[] head = takePendingHead();
                if (head.length > 0) {
                    written += head.length;
                    message.append(Unpooled.wrappedBuffer(head));
                }
                message.end();
                channel.host().schedule(channel);
            }
        });
    }

    @Override
    public CompletableFuture<Reply> reply() {
        return reply;
    }

    @Override
    public void sent(long octetsSent, long octetsQueued) {
        release(octetsSent);
    }

    private void release(long sent) {
        while (!waiters.isEmpty() && waiters.peek().releaseAt <= sent) {
            waiters.poll().future.complete(null);
        }
    }

    /** Event loop: the session or channel ended. */
    void fail(Throwable cause) {
        failure = cause;
        while (!waiters.isEmpty()) {
            waiters.poll().future.completeExceptionally(cause);
        }
    }
}
