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
 * responder. An answer has no future of its own, so the octets handed over but not yet sent are measured against the
 * channel's sent-octet counter: {@link #send} completes at once while fewer than {@code maxUnsent} octets wait, and
 * otherwise when the counter (polled every millisecond while someone waits) shows they left.
 */
public final class RawOutput {
    private static final Executor POLL = CompletableFuture.delayedExecutor(1, TimeUnit.MILLISECONDS);

    private final BeepChannel channel;
    private final Responder responder;
    private final long maxUnsent;
    private final long base;
    private final ArrayDeque<Waiter> waiting = new ArrayDeque<>();
    private long handedOver;
    private boolean polling;
    private boolean ended;

    private record Waiter(long upTo, CompletableFuture<Void> done) {
    }

    /** Output on {@code channel} answering through {@code responder}, letting up to {@code maxUnsent} octets wait. */
    public RawOutput(BeepChannel channel, Responder responder, long maxUnsent) {
        this.channel = channel;
        this.responder = responder;
        this.maxUnsent = maxUnsent;
        this.base = channel.stats().bytesSent();
    }

    /** Sends one line as an ANS; completes when the octets waiting to leave are back under the bound. */
    public synchronized CompletableFuture<Void> send(String line) {
        if (ended) {
            return CompletableFuture.failedFuture(new IllegalStateException("the RAW output is closed"));
        }
        byte[] body = (line + "\r\n").getBytes(StandardCharsets.UTF_8);
        responder.answer(MimeEntity.of(body));
        handedOver += body.length + 2; // the payload is the empty header section (CR LF) and the body
        if (sentSoFar() + maxUnsent >= handedOver) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        waiting.add(new Waiter(handedOver, done));
        if (!polling) {
            polling = true;
            POLL.execute(this::poll);
        }
        return done;
    }

    private long sentSoFar() {
        return channel.stats().bytesSent() - base;
    }

    private void poll() {
        boolean again;
        synchronized (this) {
            long sent = sentSoFar();
            while (!waiting.isEmpty() && (sent + maxUnsent >= waiting.peek().upTo() || !channel.isOpen())) {
                Waiter w = waiting.poll();
                if (channel.isOpen()) {
                    w.done().complete(null);
                } else {
                    w.done().completeExceptionally(new IllegalStateException("the RAW channel closed"));
                }
            }
            polling = !waiting.isEmpty();
            again = polling;
        }
        if (again) {
            POLL.execute(this::poll);
        }
    }

    /** Ends the answers with NUL (RFC 3195 §3.4: the device is done); later sends fail. */
    public synchronized void end() {
        if (!ended) {
            ended = true;
            responder.endAnswers();
        }
    }
}
