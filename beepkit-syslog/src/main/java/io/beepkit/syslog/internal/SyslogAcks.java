package io.beepkit.syslog.internal;

import java.util.concurrent.CompletableFuture;

/** Shared completed stages. */
final class SyslogAcks {
    /** Nothing to wait for: credit returns at once. */
    static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private SyslogAcks() {
    }
}
