package io.beepkit.netty.internal.channel;

import io.beepkit.api.Reply;

/**
 * The future of a {@code send(MimeEntity)}: cancelling it gives up the exchange as a missed deadline does (see
 * {@link GiveUp}), so the application's "I no longer want this" also frees the channel's resources.
 */
final class ReplyFuture extends LoopSafeFuture<Reply> {
    private final ChannelImpl channel;
    /** The exchange, once registered on the event loop (event loop only). */
    private PendingRequest request;

    ReplyFuture(ChannelImpl channel) {
        this.channel = channel;
    }

    /** Event loop: the MSG is registered as {@code p}. */
    void registered(PendingRequest p) {
        request = p;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        if (cancelled) {
            // Posted after the send's own registration, so the exchange is known by the time this runs.
            channel.host().onLoop(() -> {
                if (request != null) {
                    GiveUp.cancelled(channel, request);
                }
            });
        }
        return cancelled;
    }
}
