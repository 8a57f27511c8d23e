package io.beepkit.syslog.internal;

import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogMessage;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Hands messages to the application's consumer and joins their acknowledgements. */
final class Delivery {
    private Delivery() {
    }

    /** One message; a consumer that throws or returns null counts as a failed acknowledgement. */
    static CompletableFuture<Void> one(SyslogConsumer consumer, SyslogMessage message) {
        try {
            CompletionStage<Void> ack = consumer.accept(message);
            if (ack == null) {
                return CompletableFuture.failedFuture(new NullPointerException("SyslogConsumer returned null"));
            }
            return ack.toCompletableFuture();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Completes when every acknowledgement has; fails if any failed. */
    static CompletableFuture<Void> all(List<CompletableFuture<Void>> acks) {
        if (acks.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        if (acks.size() == 1) {
            return acks.get(0);
        }
        return CompletableFuture.allOf(acks.toArray(new CompletableFuture<?>[0]));
    }
}
