package io.beepkit.netty.internal;

import io.beepkit.api.MessageTooLargeException;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.core.mgmt.ManagementCodec;
import io.beepkit.core.mgmt.ManagementMessage;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Collects a whole reply, answers included up to the size limit, and completes a future with it. */
final class AggregatingSink implements ReplySink {
    private final BeepSessionHandler session;
    private final CompletableFuture<Reply> future;
    private final long limit;
    private List<MimeEntity> answers;
    private long answerBytes;
    private boolean failed;

    AggregatingSink(BeepSessionHandler session, CompletableFuture<Reply> future, long limit) {
        this.session = session;
        this.future = future;
        this.limit = limit;
    }

    @Override
    public void rpy(MimeEntity entity) {
        session.callbacks().execute(() -> future.complete(Reply.rpy(entity)));
    }

    @Override
    public void err(MimeEntity entity) {
        Reply r = toErr(entity);
        session.callbacks().execute(() -> future.complete(r));
    }

    static Reply toErr(MimeEntity entity) {
        try {
            if (entity.bodyText().trim().startsWith("<error")) {
                ManagementMessage m = ManagementCodec.parse(entity.body());
                if (m instanceof ManagementMessage.Error e) {
                    return Reply.err(entity, e.code(), e.diagnostic());
                }
            }
        } catch (RuntimeException ignored) {
            // not an <error> element: the body is the diagnostic
        }
        return Reply.err(entity, 0, entity.bodyText());
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
        session.callbacks().execute(() -> future.complete(r));
    }

    @Override
    public void fail(Throwable cause) {
        session.callbacks().execute(() -> future.completeExceptionally(cause));
    }
}
