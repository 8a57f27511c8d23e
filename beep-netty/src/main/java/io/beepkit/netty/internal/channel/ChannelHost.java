package io.beepkit.netty.internal.channel;

import io.beepkit.api.BeepException;
import io.beepkit.api.BeepSession;
import io.beepkit.netty.SessionConfig;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * What a channel needs from its session: the event loop, the callback executor, the outbound scheduler and channel
 * management. The session implements it; channels never see the session's internals.
 */
public interface ChannelHost {
    /** The public session the channel belongs to. */
    BeepSession session();

    /** The session's settings. */
    SessionConfig config();

    /** Runs {@code task} on the session's event loop: now if already there, else queued. */
    void onLoop(Runnable task);

    /**
     * Runs {@code task} on the event loop after {@code delay} (what it throws fails the session).
     *
     * @return cancels the task when run
     */
    Runnable after(Duration delay, Runnable task);

    /** True once the session has shut down. */
    boolean closed();

    /** Ends the session, failing everything pending on it with {@code e} as the cause. */
    void terminate(BeepException e);

    /** Where application callbacks and future completions run. */
    Executor callbacks();

    /** Where the futures of our MSGs' replies complete: the event loop by default, else {@link #callbacks()}. */
    Executor replies();

    /** A future that completes on the callback executor once {@code f} completes. */
    <T> CompletableFuture<T> completeOnCallbacks(CompletableFuture<T> f);

    /** Event loop: {@code channel} has something new on its outbound queue. */
    void schedule(ChannelImpl channel);

    /** Event loop: a reply of {@code octets} to the peer's MSG was produced; {@code last} when it ends the reply. */
    void replyProduced(ChannelImpl channel, int octets, boolean last);

    /** Event loop: the application asked to close {@code channel}. */
    void requestClose(ChannelImpl channel, CompletableFuture<Void> f);
}
