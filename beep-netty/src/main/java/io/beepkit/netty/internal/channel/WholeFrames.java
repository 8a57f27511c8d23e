package io.beepkit.netty.internal.channel;

import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.WindowTooSmallException;
import io.beepkit.core.flow.SendWindow;
import io.netty.buffer.ByteBuf;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.concurrent.CompletableFuture;

/**
 * One channel's whole-frame bookkeeping: whether a message can leave in one frame at all, the waits for the peer's
 * window to open ({@link io.beepkit.api.BeepChannel#whenWindowOpen}), and the whole-frame answers written so far
 * ({@link io.beepkit.api.Responder#answerInOneFrame}). The waits are completed by the SEQ that opens the window, never
 * by polling. Event loop only.
 */
public final class WholeFrames {
    private final int channel;
    private final SendWindow window;
    private final int maxFrameSize;
    private ArrayDeque<Wait> waits;
    private ArrayDeque<CompletableFuture<Void>> answers;

    private record Wait(int octets, CompletableFuture<Void> opened) {
    }

    WholeFrames(int channel, SendWindow window, int maxFrameSize) {
        this.channel = channel;
        this.window = window;
        this.maxFrameSize = maxFrameSize;
    }

    /**
     * Why {@code octets} can never leave in one frame: more than the peer's window as it last announced it, or than
     * our largest frame; null when they can.
     */
    public WindowTooSmallException refusal(long octets) {
        if (octets <= window.peerWindow() && octets <= maxFrameSize) {
            return null;
        }
        return new WindowTooSmallException(channel, octets, window.peerWindow(), maxFrameSize);
    }

    /** A future for a wait of {@code octets}, checked to be positive. */
    static CompletableFuture<Void> newWait(int octets) {
        if (octets <= 0) {
            throw new IllegalArgumentException("octets must be positive: " + octets);
        }
        return new CompletableFuture<>();
    }

    /**
     * Event loop: true (and {@code payload} released, {@code sink} failed) when {@code payload} can never leave in
     * one frame (see {@link #refusal}).
     */
    boolean refused(ByteBuf payload, ReplySink sink) {
        WindowTooSmallException why = refusal(payload.readableBytes());
        if (why == null) {
            return false;
        }
        payload.release();
        sink.fail(why);
        return true;
    }

    /**
     * Completes {@code opened} once the window has {@code octets} open (now, if it has); fails it at once when the
     * channel is not {@code open}.
     */
    void whenOpen(int octets, CompletableFuture<Void> opened, boolean open) {
        if (!open) {
            opened.completeExceptionally(new ChannelClosedException("channel " + channel + " takes no new message"));
            return;
        }
        if (window.available() >= octets) {
            opened.complete(null);
            return;
        }
        WindowTooSmallException tooLarge = octets > window.peerWindow()
                ? new WindowTooSmallException(channel, octets, window.peerWindow(), maxFrameSize) : null;
        if (tooLarge != null) {
            opened.completeExceptionally(tooLarge);
            return;
        }
        if (waits == null) {
            waits = new ArrayDeque<>(2);
        }
        waits.add(new Wait(octets, opened));
    }

    /** A SEQ opened the window (and what was queued took its share): completes the waits it satisfies. */
    public void opened() {
        if (waits == null || waits.isEmpty()) {
            return;
        }
        for (Iterator<Wait> it = waits.iterator(); it.hasNext(); ) {
            Wait w = it.next();
            if (window.available() >= w.octets()) {
                it.remove();
                w.opened().complete(null);
            }
        }
    }

    /** A whole-frame answer was queued: {@code written} completes once its frame is written ({@link #written}). */
    void answerQueued(CompletableFuture<Void> written) {
        if (answers == null) {
            answers = new ArrayDeque<>(2);
        }
        answers.add(written);
    }

    /** The frame of a whole-frame answer was written: its future completes. */
    void written(CompletableFuture<Void> written) {
        answers.remove(written); // frames leave in order: it is the oldest, removed at once
        written.complete(null);
    }

    /** The channel ended: every wait and unwritten answer fails with {@code cause}. */
    void destroy(Throwable cause) {
        if (waits != null) {
            waits.forEach(w -> w.opened().completeExceptionally(cause));
            waits.clear();
        }
        if (answers != null) {
            answers.forEach(a -> a.completeExceptionally(cause));
            answers.clear();
        }
    }
}
