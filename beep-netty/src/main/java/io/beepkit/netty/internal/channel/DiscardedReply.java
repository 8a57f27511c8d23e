package io.beepkit.netty.internal.channel;

import io.beepkit.api.MimeEntity;

/**
 * Where the reply to a given-up exchange goes: nowhere. The reply receiver still assembles it within the session's
 * limits and returns its window credit, so a late reply costs nothing once it has been read.
 */
final class DiscardedReply implements ReplySink {
    static final DiscardedReply INSTANCE = new DiscardedReply();

    private DiscardedReply() {
    }

    @Override
    public void rpy(MimeEntity entity) {
    }

    @Override
    public void err(MimeEntity entity) {
    }

    @Override
    public void ans(long ansno, MimeEntity entity) {
    }

    @Override
    public void nul() {
    }

    @Override
    public void fail(Throwable cause) {
    }
}
