package io.beepkit.netty.internal.channel;

import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;

/**
 * A reply sink whose exchange has a deadline: passes everything on, and cancels the deadline's timer once the reply
 * ended one way or another, so an answered exchange leaves no timer behind. Event loop only.
 */
final class DeadlineSink implements ReplySink {
    private static final Runnable NO_TIMER = () -> { };

    private final ReplySink next;
    private Runnable cancelTimer = NO_TIMER;

    DeadlineSink(ReplySink next) {
        this.next = next;
    }

    /** Records how to cancel the deadline's timer. */
    void timer(Runnable cancel) {
        cancelTimer = cancel;
    }

    private void ended() {
        cancelTimer.run();
        cancelTimer = NO_TIMER;
    }

    @Override
    public void rpy(MimeEntity entity) {
        ended();
        next.rpy(entity);
    }

    @Override
    public void err(MimeEntity entity) {
        ended();
        next.err(entity);
    }

    @Override
    public void ans(long ansno, MimeEntity entity) {
        next.ans(ansno, entity);
    }

    @Override
    public void nul() {
        ended();
        next.nul();
    }

    @Override
    public void fail(Throwable cause) {
        ended();
        next.fail(cause);
    }

    @Override
    public boolean chunked() {
        return next.chunked();
    }

    @Override
    public void chunk(Reply.Kind kind, long ansno, byte[] chunk, boolean last, Runnable credit) {
        if (last && kind != Reply.Kind.ANSWERS) {
            ended(); // the last piece of a RPY or ERR; a one-to-many reply ends with NUL
        }
        next.chunk(kind, ansno, chunk, last, credit);
    }

    @Override
    public boolean streaming() {
        return next.streaming();
    }
}
