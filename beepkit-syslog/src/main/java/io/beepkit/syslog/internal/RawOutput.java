package io.beepkit.syslog.internal;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Responder;
import io.beepkit.api.WindowTooSmallException;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The device's writing side of a RAW channel: ANS answers of CR LF ended lines, sent through the collector's MSG's
 * responder, each answer as one whole frame ({@link Responder#answerInOneFrame}: liblogging's collector takes every
 * frame for one message) and handed to the channel only when the collector's window has room for it beside what the
 * channel still holds, at most {@code maxUnsent} octets. {@link #send} completes when its line is handed to the
 * channel; a caller that waits for it holds the queue to one line. Nothing polls: a line that does not fit waits for
 * the frames before it to be written, then for the engine's window-open event ({@link BeepChannel#whenWindowOpen}).
 *
 * <p>With batching on, the lines queued behind the oldest while it waited leave with it in the same answer
 * (RFC 3195 §3.3 allows several lines per ANS), as many as fit the window and at most {@value #MAX_BATCH_LINES}: fewer
 * frames when the device is ahead of the collector. A line that is alone still leaves in an answer of its own.
 * Batching stays off for liblogging's legacy collector, which takes every frame for exactly one message. A line
 * longer than the collector's whole window leaves as an ordinary answer (it must be split).
 */
public final class RawOutput {
    /** The most lines one batched answer carries, well below a collector's usual lines-per-answer limit. */
    public static final int MAX_BATCH_LINES = 256;

    private final BeepChannel channel;
    private final Responder responder;
    private final long maxUnsent;
    private final int maxLines;
    /** The lines not handed to the channel yet, oldest first. */
    private final ArrayDeque<Line> queued = new ArrayDeque<>();
    /** Octets handed to the channel whose frames are not written yet. */
    private long unsent;
    /** The oldest line waits for the window-open event. */
    private boolean waitingForWindow;
    private boolean ended;
    private CompletableFuture<Void> lastLine = CompletableFuture.completedFuture(null);

    private record Line(byte[] body, CompletableFuture<Void> done) {
    }

    /**
     * Output on {@code channel} answering through {@code responder}, queueing at most {@code maxUnsent} octets in the
     * channel; with {@code batch}, lines queued while the window is full leave together in one answer.
     */
    public RawOutput(BeepChannel channel, Responder responder, long maxUnsent, boolean batch) {
        this.channel = channel;
        this.responder = responder;
        this.maxUnsent = maxUnsent;
        this.maxLines = batch ? MAX_BATCH_LINES : 1;
    }

    /** Sends one line in an ANS; completes when the line is handed to the channel. */
    public CompletableFuture<Void> send(String line) {
        Line l = new Line((line + "\r\n").getBytes(StandardCharsets.UTF_8), new CompletableFuture<>());
        synchronized (this) {
            if (ended) {
                return CompletableFuture.failedFuture(new IllegalStateException("the RAW output is closed"));
            }
            queued.add(l);
            lastLine = l.done();
        }
        pump();
        return l.done();
    }

    /**
     * Hands over, in order, what fits now; under the lock, so that answers leave in the order of their lines. The
     * lines' futures complete after it is released.
     */
    private void pump() {
        List<Line> handed = new ArrayList<>();
        synchronized (this) {
            while (!queued.isEmpty() && !waitingForWindow) {
                long first = queued.peek().body().length;
                // The window as the engine sees it, less what the channel still holds (it takes the window first).
                long room = Math.min(channel.availableWindow() - 2L - unsent, maxUnsent - unsent);
                if (first > room && unsent == 0 && first + 2 > channel.remoteWindow()) {
                    Line alone = queued.poll(); // longer than any window the collector offers: it must be split
                    responder.answer(MimeEntity.of(alone.body()));
                    handed.add(alone);
                    continue;
                }
                if (first > room) {
                    if (unsent == 0) { // else the frames still in the channel pump again once written
                        waitForWindow(first + 2);
                    }
                    break;
                }
                List<Line> lines = new ArrayList<>();
                long size = 0;
                while (!queued.isEmpty() && lines.size() < maxLines && size + queued.peek().body().length <= room) {
                    size += queued.peek().body().length;
                    lines.add(queued.poll());
                }
                handOver(lines, size);
                handed.addAll(lines);
            }
        }
        for (Line l : handed) {
            l.done().complete(null);
        }
    }

    /** Under the lock: the oldest line waits for the collector's SEQ to open the window for it. */
    private void waitForWindow(long octets) {
        waitingForWindow = true;
        channel.whenWindowOpen((int) Math.min(Integer.MAX_VALUE, octets)).whenComplete((open, e) -> {
            synchronized (this) {
                waitingForWindow = false;
            }
            if (e == null || cause(e) instanceof WindowTooSmallException) {
                pump(); // too small: the window shrank meanwhile, and the next pump splits the line
            } else {
                failQueued(cause(e));
            }
        });
    }

    /** Under the lock: {@code lines} go in one whole-frame ANS; when its frame is written, what waits may follow. */
    private void handOver(List<Line> lines, long size) {
        unsent += size;
        CompletableFuture<Void> written;
        try {
            written = responder.answerInOneFrame(MimeEntity.of(join(lines)));
        } catch (RuntimeException e) {
            written = CompletableFuture.failedFuture(e);
        }
        written.whenComplete((ok, e) -> {
            synchronized (this) {
                unsent -= size;
            }
            if (e != null) {
                failQueued(cause(e));
            } else {
                pump();
            }
        });
    }

    private static byte[] join(List<Line> lines) {
        if (lines.size() == 1) {
            return lines.get(0).body();
        }
        int size = 0;
        for (Line l : lines) {
            size += l.body().length;
        }
        byte[] body = new byte[size];
        int at = 0;
        for (Line l : lines) {
            System.arraycopy(l.body(), 0, body, at, l.body().length);
            at += l.body().length;
        }
        return body;
    }

    private static Throwable cause(Throwable e) {
        return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    }

    private void failQueued(Throwable failure) {
        List<Line> failed;
        synchronized (this) {
            failed = new ArrayList<>(queued);
            queued.clear();
        }
        for (Line l : failed) {
            l.done().completeExceptionally(failure);
        }
    }

    /** Ends the answers with NUL once every queued line is handed over (RFC 3195 §3.4); later sends fail. */
    public CompletableFuture<Void> end() {
        CompletableFuture<Void> last;
        synchronized (this) {
            if (ended) {
                return CompletableFuture.completedFuture(null);
            }
            ended = true;
            last = lastLine;
        }
        return last.handle((ok, failure) -> {
            responder.endAnswers(); // queued after the answers handed over: the engine keeps their order
            return null;
        });
    }
}
