package io.beepkit.netty;

import io.beepkit.api.MessageStream;
import io.beepkit.api.Reply;
import org.jspecify.annotations.Nullable;

import java.util.concurrent.CompletableFuture;

/** A stream that could not be opened: every write and the reply fail with the same cause. */
final class FailedStream implements MessageStream {
    private final Throwable cause;

    FailedStream(Throwable cause) {
        this.cause = cause;
    }

    @Override
    public int msgno() {
        return -1;
    }

    @Override
    public CompletableFuture<@Nullable Void> write(byte[] chunk) {
        return CompletableFuture.failedFuture(cause);
    }

    @Override
    public void end() {
    }

    @Override
    public CompletableFuture<@Nullable Reply> reply() {
        return CompletableFuture.failedFuture(cause);
    }
}
