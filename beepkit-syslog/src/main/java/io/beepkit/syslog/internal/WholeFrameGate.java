package io.beepkit.syslog.internal;

import io.beepkit.api.BeepChannel;
import org.jspecify.annotations.Nullable;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Hands a device's messages to its channel one by one, each only when the collector's window has room for all of it
 * beyond what is already queued, so each leaves as one whole frame: liblogging's collector reads every frame as a
 * message of its own and cannot join fragments, and without this the channel splits a message rather than wait long
 * for a window that reopens slowly. A message longer than the peer's whole window is handed over anyway (it must be
 * split). Messages that do not fit yet wait here, in order; while they wait, the window is polled every millisecond
 * (the peer's SEQ has no event of its own to wait on). Every message sent on the channel must pass through the gate,
 * which counts the channel's sent payload octets from its creation. A gate for messages that are answered (COOKED
 * entries) also keeps their replies within a {@link ReplyRoom}: a message then waits until the replies awaited leave
 * room for its own.
 */
public final class WholeFrameGate {
    private final BeepChannel channel;
    private final long maxUnsent;
    private final long base;
    private final @Nullable ReplyRoom replies;
    private final ArrayDeque<Pending<?>> waiting = new ArrayDeque<>();
    private CompletableFuture<?> last = CompletableFuture.completedFuture(null);
    private long handedOver;
    private boolean polling;
    private boolean closed;

    private record Pending<T>(long payload, Supplier<CompletableFuture<T>> handover, CompletableFuture<T> done) {
        void run() {
            CompletableFuture<T> sent;
            try {
                sent = handover.get();
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
                return;
            }
            sent.whenComplete((v, e) -> {
                if (e != null) {
                    done.completeExceptionally(e);
                } else {
                    done.complete(v);
                }
            });
        }
    }

    /** A gate for {@code channel}, letting at most {@code maxUnsent} octets wait in the channel's own queue. */
    public WholeFrameGate(BeepChannel channel, long maxUnsent) {
        this(channel, maxUnsent, 0);
    }

    /**
     * As {@link #WholeFrameGate(BeepChannel, long)}, for messages each answered by a reply: the replies awaited are
     * kept within half of {@code replyWindow}, our receive window on the channel (0: no such bound), and every
     * reply must be reported with {@link #answered}.
     */
    public WholeFrameGate(BeepChannel channel, long maxUnsent, int replyWindow) {
        this.channel = channel;
        this.maxUnsent = maxUnsent;
        this.base = channel.stats().bytesSent();
        this.replies = replyWindow == 0 ? null : new ReplyRoom(replyWindow);
    }

    /**
     * The receive window whose half holds {@code replies} replies of an {@code <ok />}'s size: what a gate built with
     * that {@code replyWindow} admits before the first reply arrives.
     */
    public static int windowForReplies(int replies) {
        return Math.toIntExact(2L * replies * ReplyRoom.FIRST_REPLY_ESTIMATE);
    }

    /**
     * The reply to a message handed over arrived, {@code octets} long (0 when it failed without one): its room is
     * free again, and messages waiting for it go.
     */
    public void answered(long octets) {
        boolean poll;
        synchronized (this) {
            if (replies == null) {
                return;
            }
            replies.answered(octets);
            poll = pump();
        }
        if (poll) {
            SyslogScheduler.after(1, this::poll);
        }
    }

    /**
     * Queues a message of {@code payload} octets (MIME headers included); {@code handover} sends it on the channel
     * once it fits, and the returned future completes as the future that {@code handover} returned does.
     */
    public <T> CompletableFuture<T> submit(long payload, Supplier<CompletableFuture<T>> handover) {
        CompletableFuture<T> done = new CompletableFuture<>();
        boolean poll;
        synchronized (this) {
            if (closed) {
                return CompletableFuture.failedFuture(new IllegalStateException("the syslog sender is finished"));
            }
            waiting.add(new Pending<>(payload, handover, done));
            last = done;
            poll = pump();
        }
        if (poll) {
            SyslogScheduler.after(1, this::poll);
        }
        return done;
    }

    /** Refuses later messages; completes (either way) once the last message submitted has completed. */
    public CompletableFuture<Void> close() {
        CompletableFuture<?> lastOne;
        synchronized (this) {
            closed = true;
            lastOne = last;
        }
        return lastOne.handle((v, e) -> null);
    }

    /**
     * Inside a handover: how many octets the message being handed over may still add and leave as one whole frame
     * (the window left beyond what is queued, at most what {@code maxUnsent} allows). A handover that adds them
     * reports it with {@link #grew}.
     */
    public synchronized long room() {
        long unsent = handedOver - (channel.stats().bytesSent() - base);
        return Math.min(channel.availableWindow() - unsent, maxUnsent - unsent);
    }

    /** Inside a handover: the message handed over is {@code octets} longer than the payload it was submitted with. */
    public synchronized void grew(long octets) {
        handedOver += octets;
    }

    /** Hands over what fits, in order; true when a poll must be scheduled. Holds the lock. */
    private boolean pump() {
        while (!waiting.isEmpty()) {
            if (!channel.isOpen()) {
                waiting.poll().done().completeExceptionally(new IllegalStateException("the syslog channel closed"));
                continue;
            }
            Pending<?> next = waiting.peek();
            long unsent = handedOver - (channel.stats().bytesSent() - base);
            boolean fitsWindow = next.payload() + unsent <= channel.availableWindow()
                    || next.payload() > channel.remoteWindow(); // longer than any window: it must be split anyway
            if (!fitsWindow || unsent + next.payload() > maxUnsent && unsent > 0) {
                break;
            }
            if (replies != null && !replies.admitsAnother()) {
                return false; // an answer frees the room and pumps again: no poll needed
            }
            waiting.poll();
            handedOver += next.payload();
            if (replies != null) {
                replies.handedOver();
            }
            next.run();
        }
        if (waiting.isEmpty() || polling) {
            return false;
        }
        polling = true;
        return true;
    }

    private void poll() {
        boolean again;
        synchronized (this) {
            polling = false;
            again = pump();
        }
        if (again) {
            SyslogScheduler.after(1, this::poll);
        }
    }
}
