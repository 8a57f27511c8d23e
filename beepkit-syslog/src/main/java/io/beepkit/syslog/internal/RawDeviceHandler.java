package io.beepkit.syslog.internal;

import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Responder;

import java.util.concurrent.CompletableFuture;

/**
 * The device's RAW profile (RFC 3195 §3.1): waits for the collector's one MSG and hands its {@link Responder} to the
 * sender, which answers it with one ANS per batch of lines and ends with NUL. A second MSG is refused with ERR 500.
 */
public final class RawDeviceHandler implements MessageHandler {
    private final CompletableFuture<Responder> ready = new CompletableFuture<>();

    /** Completes with the responder of the collector's MSG. */
    public CompletableFuture<Responder> ready() {
        return ready;
    }

    @Override
    public void onMessage(Message message, Responder responder) {
        if (!ready.complete(responder)) {
            responder.refuse(500, "the collector sends one MSG per RAW channel (RFC 3195 §3.1)");
        }
    }
}
