package io.beepkit.syslog.internal;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Responder;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The device's writing side of a RAW channel: ANS answers of CR LF ended lines, sent through the collector's MSG's
 * responder, each answer in one whole frame (see {@link WholeFrameGate}). {@link #send} completes when its line is
 * handed to the channel; a caller that waits for it holds the queue to one line.
 *
 * <p>With batching on, lines are queued here and only the oldest waits at the gate; when the window lets it leave,
 * the lines queued behind it leave in the same answer (RFC 3195 §3.3 allows several lines per ANS), as many as fit
 * the window and at most {@value #MAX_BATCH_LINES}: fewer frames when the device is ahead of the collector. A line
 * that is alone still leaves in an answer of its own. Batching stays off for liblogging's legacy collector, which
 * takes every frame for exactly one message.
 */
public final class RawOutput {
    /** The most lines one batched answer carries, well below a collector's usual lines-per-answer limit. */
    public static final int MAX_BATCH_LINES = 256;

    private final Responder responder;
    private final WholeFrameGate gate;
    private final boolean batch;
    /** Batching: the lines not handed over yet, oldest first; the oldest is at the gate while {@link #atGate}. */
    private final ArrayDeque<Line> queued = new ArrayDeque<>();
    private boolean atGate;
    private boolean ended;

    private record Line(byte[] body, CompletableFuture<Void> done) {
    }

    /**
     * Output on {@code channel} answering through {@code responder}, queueing at most {@code maxUnsent} octets in the
     * channel; with {@code batch}, lines queued while the window is full leave together in one answer.
     */
    public RawOutput(BeepChannel channel, Responder responder, long maxUnsent, boolean batch) {
        this.responder = responder;
        this.gate = new WholeFrameGate(channel, maxUnsent);
        this.batch = batch;
    }

    /** Sends one line in an ANS; completes when the line is handed to the channel. */
    public CompletableFuture<Void> send(String line) {
        byte[] body = (line + "\r\n").getBytes(StandardCharsets.UTF_8);
        Line l = new Line(body, new CompletableFuture<>());
        synchronized (this) {
            if (ended) {
                return CompletableFuture.failedFuture(new IllegalStateException("the RAW output is closed"));
            }
            if (batch) {
                queued.add(l);
                if (atGate) {
                    return l.done();
                }
                atGate = true;
            }
        }
        if (!batch) {
            // the payload: the empty header section (CR LF), then the body
            return gate.submit(body.length + 2L, () -> answer(List.of(l)));
        }
        submitOldest();
        return l.done();
    }

    /** Batching: puts the oldest queued line at the gate. Called without this object's lock: the gate's comes first. */
    private void submitOldest() {
        long payload;
        synchronized (this) {
            Line oldest = queued.peek();
            if (oldest == null) { // failed meanwhile
                atGate = false;
                return;
            }
            payload = oldest.body().length + 2L;
        }
        gate.submit(payload, this::handOverBatch).whenComplete((ok, failure) -> {
            if (failure != null) {
                failQueued(failure);
            }
        });
    }

    /** Inside the gate's handover: the oldest line and those behind it that fit the window leave in one answer. */
    private CompletableFuture<Void> handOverBatch() {
        List<Line> lines = new ArrayList<>();
        long extra = 0;
        boolean more;
        synchronized (this) {
            lines.add(queued.poll());
            long room = gate.room();
            while (!queued.isEmpty() && lines.size() < MAX_BATCH_LINES
                    && extra + queued.peek().body().length <= room) {
                extra += queued.peek().body().length;
                lines.add(queued.poll());
            }
            more = !queued.isEmpty();
            atGate = more;
        }
        gate.grew(extra);
        CompletableFuture<Void> sent = answer(lines);
        if (more) {
            // not from inside the gate's handover, which holds the gate's lock
            SyslogScheduler.NOW.execute(this::submitOldest);
        }
        return sent;
    }

    /** Answers {@code lines} in one ANS and completes their futures. */
    private CompletableFuture<Void> answer(List<Line> lines) {
        byte[] body;
        if (lines.size() == 1) {
            body = lines.get(0).body();
        } else {
            int size = 0;
            for (Line l : lines) {
                size += l.body().length;
            }
            body = new byte[size];
            int at = 0;
            for (Line l : lines) {
                System.arraycopy(l.body(), 0, body, at, l.body().length);
                at += l.body().length;
            }
        }
        responder.answer(MimeEntity.of(body));
        for (Line l : lines) {
            l.done().complete(null);
        }
        return CompletableFuture.completedFuture(null);
    }

    private void failQueued(Throwable failure) {
        List<Line> failed;
        synchronized (this) {
            failed = new ArrayList<>(queued);
            queued.clear();
            atGate = false;
        }
        for (Line l : failed) {
            l.done().completeExceptionally(failure);
        }
    }

    /** Ends the answers with NUL once every queued line is handed over (RFC 3195 §3.4); later sends fail. */
    public CompletableFuture<Void> end() {
        CompletableFuture<Void> lastLine;
        synchronized (this) {
            if (ended) {
                return CompletableFuture.completedFuture(null);
            }
            ended = true;
            lastLine = queued.isEmpty() ? CompletableFuture.completedFuture(null) : queued.peekLast().done();
        }
        return lastLine.handle((ok, failure) -> null).thenCompose(handedOver -> gate.close()).thenApply(closed -> {
            responder.endAnswers();
            return null;
        });
    }
}
