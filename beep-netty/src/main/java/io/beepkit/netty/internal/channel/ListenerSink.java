package io.beepkit.netty.internal.channel;

import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.ReplyListener;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/** Hands each part of a reply to the application's listener on the callback executor. */
final class ListenerSink implements ReplySink {
    private final Executor callbacks;
    private final ReplyListener listener;
    private final CompletableFuture<Void> done;

    ListenerSink(Executor callbacks, ReplyListener listener, CompletableFuture<Void> done) {
        this.callbacks = callbacks;
        this.listener = listener;
        this.done = done;
    }

    @Override
    public boolean streaming() {
        return true;
    }

    @Override
    public boolean chunked() {
        return listener.streaming();
    }

    @Override
    public void chunk(Reply.Kind kind, long ansno, byte[] chunk, boolean last, Runnable credit) {
        callbacks.execute(() -> {
            CompletionStage<?> handled = null;
            try {
                handled = listener.onChunkAsync(kind, ansno, chunk, last);
            } finally {
                if (last && kind != Reply.Kind.ANSWERS) {
                    done.complete(null);
                }
                if (handled == null) {
                    credit.run();
                } else {
                    handled.whenComplete((ignored, failure) -> credit.run());
                }
            }
        });
    }

    @Override
    public void rpy(MimeEntity entity) {
        callbacks.execute(() -> {
            try {
                listener.onReply(entity);
            } finally {
                done.complete(null);
            }
        });
    }

    @Override
    public void err(MimeEntity entity) {
        Reply r = AggregatingSink.toErr(entity);
        callbacks.execute(() -> {
            try {
                listener.onError(r.errorCode(), r.errorText(), entity);
            } finally {
                done.complete(null);
            }
        });
    }

    @Override
    public void ans(long ansno, MimeEntity entity) {
        callbacks.execute(() -> listener.onAnswer(ansno, entity));
    }

    @Override
    public void nul() {
        callbacks.execute(() -> {
            try {
                listener.onAnswersComplete();
            } finally {
                done.complete(null);
            }
        });
    }

    @Override
    public void fail(Throwable cause) {
        callbacks.execute(() -> done.completeExceptionally(cause));
    }
}
