package io.beepkit.api;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The default {@link BeepChannel#send(MimeEntity, Duration)} for channels not made by beepkit. */
class ChannelDeadlineDefaultTest {
    /** A channel whose replies never come; only {@code send(MimeEntity)} is used. */
    static final class SilentChannel implements BeepChannel {
        final CompletableFuture<Reply> sent = new CompletableFuture<>();

        @Override public int number() { return 7; }
        @Override public String profile() { return "urn:test"; }
        @Override public Optional<String> peerInitData() { return Optional.empty(); }
        @Override public BeepSession session() { throw new UnsupportedOperationException(); }
        @Override public boolean isOpen() { return true; }
        @Override public CompletableFuture<Reply> send(MimeEntity message) { return sent; }
        @Override public CompletableFuture<@Nullable Void> send(MimeEntity message, ReplyListener listener) {
            throw new UnsupportedOperationException();
        }
        @Override public MessageStream openMessage(MimeEntity headers) { throw new UnsupportedOperationException(); }
        @Override public MessageStream openMessage(MimeEntity headers, ReplyListener listener) {
            throw new UnsupportedOperationException();
        }
        @Override public CompletableFuture<@Nullable Void> close() { throw new UnsupportedOperationException(); }
        @Override public int remoteWindow() { return 4096; }
        @Override public int availableWindow() { return 4096; }
        @Override public int effectiveTransferSize() { return 4096; }
        @Override public int localWindow() { return 4096; }
        @Override public TransferStats stats() { throw new UnsupportedOperationException(); }
    }

    @Test
    void missedDeadlineFailsTypedAndCancelsTheSend() {
        SilentChannel ch = new SilentChannel();
        CompletableFuture<Reply> f = ch.send(MimeEntity.of("x"), Duration.ofMillis(100));
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
        ReplyTimeoutException t = assertInstanceOf(ReplyTimeoutException.class, e.getCause());
        assertEquals("no reply on channel 7 within 100 ms", t.getMessage());
        assertTrue(ch.sent.isCancelled());
    }

    @Test
    void replyInTimePassesThrough() throws Exception {
        SilentChannel ch = new SilentChannel();
        CompletableFuture<Reply> f = ch.send(MimeEntity.of("x"), Duration.ofSeconds(30));
        Reply r = Reply.rpy(MimeEntity.of("done"));
        ch.sent.complete(r);
        assertEquals(r, f.get(10, TimeUnit.SECONDS));
    }

    @Test
    void deadlineMustBePositive() {
        SilentChannel ch = new SilentChannel();
        assertThrows(IllegalArgumentException.class, () -> ch.send(MimeEntity.of("x"), Duration.ofMillis(-5)));
        assertThrows(IllegalArgumentException.class, () -> ch.send(MimeEntity.of("x"), Duration.ZERO));
    }
}
