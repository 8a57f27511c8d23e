package io.beepkit.netty.internal.channel;

import io.beepkit.api.MessageTooLargeException;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.core.mgmt.ManagementPayloads;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/** Collects a whole reply, answers included up to the size limit, and completes a future with it. */
final class AggregatingSink implements ReplySink {
    private final Executor callbacks;
    private final CompletableFuture<Reply> future;
    private final long limit;
    private List<MimeEntity> answers;
    private long answerBytes;
    private boolean failed;

    AggregatingSink(Executor callbacks, CompletableFuture<Reply> future, long limit) {
        this.callbacks = callbacks;
        this.future = future;
        this.limit = limit;
    }

    @Override
    public void rpy(MimeEntity entity) {
        callbacks.execute(() -> future.complete(Reply.rpy(entity)));
    }

    @Override
    public void err(MimeEntity entity) {
        Reply r = toErr(entity);
        callbacks.execute(() -> future.complete(r));
    }

    /** An ERR as the application sees it: code and text from its {@code <error>} element, or the body as text. */
    static Reply toErr(MimeEntity entity) {
        return ManagementPayloads.errorElement(entity)
                .map(e -> Reply.err(entity, e.code(), e.diagnostic()))
                .orElseGet(() -> Reply.err(entity, 0, entity.bodyText()));
    }

    @Override
    public void ans(long ansno, MimeEntity entity) {
        if (failed) {
            return;
        }
        answerBytes += entity.body().length;
        if (answerBytes > limit) {
            failed = true;
            answers = null;
            fail(new MessageTooLargeException("answers exceed the maximum message size of " + limit + " octets"));
            return;
        }
        if (answers == null) {
            answers = new ArrayList<>();
        }
        answers.add(entity);
    }

    @Override
    public void nul() {
        if (failed) {
            return;
        }
        Reply r = Reply.answers(answers == null ? List.of() : answers);
        callbacks.execute(() -> future.complete(r));
    }

    @Override
    public void fail(Throwable cause) {
        callbacks.execute(() -> future.completeExceptionally(cause));
    }
}
