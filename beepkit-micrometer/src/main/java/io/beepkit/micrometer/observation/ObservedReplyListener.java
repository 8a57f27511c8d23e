package io.beepkit.micrometer.observation;

import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.ReplyListener;

import java.util.concurrent.CompletionStage;

/** Passes a reply on to the application's listener, noting which kind of reply it was. */
final class ObservedReplyListener implements ReplyListener {
    private final ReplyListener delegate;
    private final BeepClientContext context;

    ObservedReplyListener(ReplyListener delegate, BeepClientContext context) {
        this.delegate = delegate;
        this.context = context;
    }

    @Override
    public void onReply(MimeEntity reply) {
        context.replyKind(ReplyKind.RPY);
        delegate.onReply(reply);
    }

    @Override
    public void onError(int code, String diagnostic, MimeEntity entity) {
        context.replyKind(ReplyKind.ERR);
        delegate.onError(code, diagnostic, entity);
    }

    @Override
    public void onAnswer(long ansno, MimeEntity answer) {
        delegate.onAnswer(ansno, answer);
    }

    @Override
    public void onAnswersComplete() {
        context.replyKind(ReplyKind.ANS);
        delegate.onAnswersComplete();
    }

    @Override
    public boolean streaming() {
        return delegate.streaming();
    }

    @Override
    public void onChunk(Reply.Kind kind, long ansno, byte[] chunk, boolean last) {
        delegate.onChunk(kind, ansno, chunk, last);
    }

    @Override
    public CompletionStage<?> onChunkAsync(Reply.Kind kind, long ansno, byte[] chunk, boolean last) {
        context.replyKind(ReplyKinds.of(kind));
        return delegate.onChunkAsync(kind, ansno, chunk, last);
    }
}
