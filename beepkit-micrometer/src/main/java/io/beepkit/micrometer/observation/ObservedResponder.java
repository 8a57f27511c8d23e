package io.beepkit.micrometer.observation;

import io.beepkit.api.MimeEntity;
import io.beepkit.api.Responder;
import io.micrometer.observation.Observation;
import org.jspecify.annotations.Nullable;

import java.util.concurrent.CompletableFuture;

import java.util.concurrent.atomic.AtomicBoolean;

/** Passes a handler's answer on and stops the exchange's observation once the answer is complete. */
final class ObservedResponder implements Responder {
    private final Responder delegate;
    private final Observation observation;
    private final BeepServerContext context;
    private final AtomicBoolean stopped = new AtomicBoolean();

    ObservedResponder(Responder delegate, Observation observation, BeepServerContext context) {
        this.delegate = delegate;
        this.observation = observation;
        this.context = context;
    }

    @Override
    public void reply(MimeEntity entity) {
        ended(ReplyKind.RPY, () -> delegate.reply(entity));
    }

    @Override
    public void refuse(int code, @Nullable String diagnostic) {
        ended(ReplyKind.ERR, () -> delegate.refuse(code, diagnostic));
    }

    @Override
    public void answer(MimeEntity entity) {
        delegate.answer(entity);
    }

    @Override
    public CompletableFuture<@Nullable Void> answerInOneFrame(MimeEntity entity) {
        return delegate.answerInOneFrame(entity);
    }

    @Override
    public void endAnswers() {
        ended(ReplyKind.ANS, delegate::endAnswers);
    }

    @Override
    public int msgno() {
        return delegate.msgno();
    }

    /** The handler threw before answering (the engine then answers ERR itself). */
    void failed(Throwable t) {
        if (stopped.compareAndSet(false, true)) {
            context.replyKind(ReplyKind.ERROR);
            observation.error(t);
            observation.stop();
        }
    }

    private void ended(ReplyKind kind, Runnable send) {
        try {
            send.run();
        } catch (RuntimeException e) {
            // A second answer to one MSG, or a bad entity: the exchange is not what the handler meant it to be.
            failed(e);
            throw e;
        }
        if (stopped.compareAndSet(false, true)) {
            context.replyKind(kind);
            observation.stop();
        }
    }
}
