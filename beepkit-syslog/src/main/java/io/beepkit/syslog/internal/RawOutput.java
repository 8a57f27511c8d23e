package io.beepkit.syslog.internal;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Responder;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The device's writing side of a RAW channel: one ANS per line (CR LF added), sent through the collector's MSG's
 * responder, each line in one whole frame (see {@link WholeFrameGate}). {@link #send} completes when its line is
 * handed to the channel; a caller that waits for it holds the gate's queue to one line.
 */
public final class RawOutput {
    private final Responder responder;
    private final WholeFrameGate gate;
    private final AtomicBoolean ended = new AtomicBoolean();

    /** Output on {@code channel} answering through {@code responder}, queueing at most {@code maxUnsent} octets. */
    public RawOutput(BeepChannel channel, Responder responder, long maxUnsent) {
        this.responder = responder;
        this.gate = new WholeFrameGate(channel, maxUnsent);
    }

    /** Sends one line as an ANS; completes when the line is handed to the channel. */
    public CompletableFuture<Void> send(String line) {
        byte[] body = (line + "\r\n").getBytes(StandardCharsets.UTF_8);
        // the payload: the empty header section (CR LF), then the body
        return gate.submit(body.length + 2L, () -> {
            responder.answer(MimeEntity.of(body));
            return CompletableFuture.completedFuture(null);
        });
    }

    /** Ends the answers with NUL once every waiting line is handed over (RFC 3195 §3.4); later sends fail. */
    public CompletableFuture<Void> end() {
        if (!ended.compareAndSet(false, true)) {
            return CompletableFuture.completedFuture(null);
        }
        return gate.close().thenApply(handedOver -> {
            responder.endAnswers();
            return null;
        });
    }
}
