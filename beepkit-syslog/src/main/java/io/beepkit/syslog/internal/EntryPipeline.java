package io.beepkit.syslog.internal;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.WindowTooSmallException;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A COOKED device's entries on their way to the channel: each leaves as one whole frame
 * ({@link BeepChannel#sendInOneFrame}: liblogging's collector reads every frame as a message of its own and cannot join
 * fragments), and only while the replies awaited fit in the {@link ReplyRoom} of the device's receive window; the
 * others wait here, in order, and go when a reply frees their room. Nothing polls: a reply or the collector's SEQ (in
 * the engine) moves them. An entry longer than the collector's whole window is sent as an ordinary message (it must
 * be split). Thread-safe.
 */
public final class EntryPipeline {
    private final BeepChannel channel;
    private final ReplyRoom replies;
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    private CompletableFuture<?> last = CompletableFuture.completedFuture(null);
    private boolean closed;
    private boolean pumping;
    private boolean pumpAgain;

    private record Waiting(MimeEntity message, CompletableFuture<Reply> done) {
    }

    /** Entries on {@code channel}, whose replies are kept within half of {@code replyWindow}, our receive window. */
    public EntryPipeline(BeepChannel channel, int replyWindow) {
        this.channel = channel;
        this.replies = new ReplyRoom(replyWindow);
    }

    /**
     * The receive window whose half holds {@code replies} replies of an {@code <ok />}'s size: what a pipeline built
     * with that window admits before the first reply arrives.
     */
    public static int windowForReplies(int replies) {
        return Math.toIntExact(2L * replies * ReplyRoom.FIRST_REPLY_ESTIMATE);
    }

    /** Queues an entry; completes with its reply, or fails as the channel's send fails. */
    public CompletableFuture<Reply> submit(MimeEntity message) {
        CompletableFuture<Reply> done = new CompletableFuture<>();
        synchronized (this) {
            if (closed) {
                return CompletableFuture.failedFuture(new IllegalStateException("the syslog sender is finished"));
            }
            waiting.add(new Waiting(message, done));
            last = done;
        }
        pump();
        return done;
    }

    /** Refuses later entries; completes (either way) once the last entry submitted has completed. */
    public CompletableFuture<Void> close() {
        CompletableFuture<?> lastOne;
        synchronized (this) {
            closed = true;
            lastOne = last;
        }
        return lastOne.handle((v, e) -> null);
    }

    /**
     * Hands over, in order, the entries whose replies have room. One thread pumps at a time; a call meanwhile (a
     * send that failed at once, inside the loop) leaves the work to it rather than recursing.
     */
    private void pump() {
        synchronized (this) {
            if (pumping) {
                pumpAgain = true;
                return;
            }
            pumping = true;
        }
        while (true) {
            Waiting next;
            synchronized (this) {
                if (waiting.isEmpty() || !replies.admitsAnother()) {
                    if (!pumpAgain) {
                        pumping = false;
                        return;
                    }
                    pumpAgain = false;
                    continue;
                }
                next = waiting.poll();
                replies.handedOver();
            }
            send(next);
        }
    }

    private void send(Waiting w) {
        CompletableFuture<Reply> sent;
        try {
            sent = payloadSize(w.message()) > channel.remoteWindow() ? channel.send(w.message())
                    : channel.sendInOneFrame(w.message()).exceptionallyCompose(e -> tooLarge(e)
                    ? channel.send(w.message()) // the window shrank meanwhile: split, as an ordinary message
                    : CompletableFuture.failedFuture(e));
        } catch (RuntimeException e) {
            sent = CompletableFuture.failedFuture(e);
        }
        sent.whenComplete((r, e) -> {
            synchronized (this) {
                replies.answered(r == null ? 0 : payloadSize(r.entity()));
            }
            if (e != null) {
                w.done().completeExceptionally(e instanceof CompletionException && e.getCause() != null
                        ? e.getCause() : e);
            } else {
                w.done().complete(r);
            }
            pump();
        });
    }

    private static boolean tooLarge(Throwable e) {
        return e instanceof WindowTooSmallException || e.getCause() instanceof WindowTooSmallException;
    }

    /** The octets of {@code entity} on the wire: {@code Name: value} CR LF per header, CR LF, then the body. */
    static long payloadSize(MimeEntity entity) {
        long size = 2 + entity.body().length;
        for (Map.Entry<String, String> h : entity.headers()) {
            size += h.getKey().length() + 2 + h.getValue().length() + 2; // the header is ISO-8859-1: one octet a char
        }
        return size;
    }
}
