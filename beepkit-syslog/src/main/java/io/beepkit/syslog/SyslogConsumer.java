package io.beepkit.syslog;

import org.jspecify.annotations.Nullable;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Where a collector delivers messages. Called on the session's callback thread, one message at a time per session
 * and in arrival order (different sessions may call concurrently). The returned stage is the acknowledgement: it
 * completes once the message is durably handled. Until then the window credit of the octets that carried it stays
 * with the collector, so a consumer that acknowledges slowly slows the device, and nothing queues in between (RAW);
 * for COOKED the {@code <ok />} reply (RFC 3195 §4.4.2) also waits for it. A stage that completes exceptionally is
 * answered with ERR 451 on COOKED; on RAW, which has no per-message answer, the session is terminated so the device
 * knows that what it sent since its last reconnect may be lost.
 */
@FunctionalInterface
public interface SyslogConsumer {
    /** A completed stage, for consumers that handle a message before returning. */
    CompletionStage<@Nullable Void> HANDLED = CompletableFuture.completedFuture(null);

    /** Handles one message; the stage completes when it is durably handled. Must not return null. */
    CompletionStage<@Nullable Void> accept(SyslogMessage message);
}
