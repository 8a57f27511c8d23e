package io.beepkit.syslog.internal;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Responder;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * The device's writing side of a RAW channel: one ANS per line (CR LF added), sent through the collector's MSG's
 * responder. A line is handed to the channel only when the collector's window has room for all of it beyond what is
 * already queued, so each line leaves as one whole frame: liblogging's collector reads every frame as a message of
 * its own and cannot join fragments. Lines that do not fit yet wait here, and {@link #send} completes when its line
 * is handed over; a caller that waits for it holds this queue to one line. While lines wait, the window is polled
 * every millisecond (an answer has no completion of its own to wait on).
 */
public final class RawOutput {
    private static final Executor POLL = CompletableFuture.delayedExecutor(1, TimeUnit.MILLISECONDS);

    private final BeepChannel channel;
    private final Responder responder;
    private final long maxUnsent;
    private final long base;
    private final ArrayDeque<Pending> waiting = new ArrayDeque<>();
    private long handedOver;
    private boolean polling;
    private boolean ended;

    private record Pending(byte[] body, CompletableFuture<Void> done) {
    }

    /** Output on {@code channel} answering through {@code responder}, queueing at most {@code maxUnsent} octets. */
    public RawOutput(BeepChannel channel, Responder responder, long maxUnsent) {
        this.channel = channel;
        this.responder = responder;
        this.maxUnsent = maxUnsent;
        this.base = channel.stats().bytesSent();
    }

    /** Sends one line as an ANS; completes when the line is handed to the channel. */
    public CompletableFuture<Void> send(String line) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        boolean poll;
        synchronized (this) {
            if (ended) {
                return CompletableFuture.failedFuture(new IllegalStateException("the RAW output is closed"));
            }
            waiting.add(new Pending((line + "\r\n").getBytes(StandardCharsets.UTF_8), done));
            poll = pump();
        }
        if (poll) {
            POLL.execute(this::poll);
        }
        return done;
    }

    /** Hands over what fits; true when a poll must be scheduled. Holds the lock. */
    private boolean pump() {
        while (!waiting.isEmpty()) {
            if (!channel.isOpen()) {
                waiting.poll().done().completeExceptionally(new IllegalStateException("the RAW channel closed"));
                continue;
            }
            Pending next = waiting.peek();
            long payload = next.body().length + 2L; // the empty header section (CR LF), then the body
            long unsent = handedOver - (channel.stats().bytesSent() - base);
            boolean fitsWindow = payload + unsent <= channel.availableWindow()
                    || payload > channel.remoteWindow(); // a line longer than any window must be split anyway
            if (!fitsWindow || unsent + payload > maxUnsent && unsent > 0) {
                break;
            }
            waiting.poll();
            responder.answer(MimeEntity.of(next.body()));
            handedOver += payload;
            next.done().complete(null);
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
            POLL.execute(this::poll);
        }
    }

    /** Ends the answers with NUL once every waiting line is handed over (RFC 3195 §3.4); later sends fail. */
    public CompletableFuture<Void> end() {
        CompletableFuture<Void> last;
        synchronized (this) {
            if (ended) {
                return CompletableFuture.completedFuture(null);
            }
            ended = true;
            last = waiting.isEmpty() ? CompletableFuture.completedFuture(null) : waiting.peekLast().done();
        }
        return last.handle((ok, failure) -> {
            responder.endAnswers();
            return null;
        });
    }
}
