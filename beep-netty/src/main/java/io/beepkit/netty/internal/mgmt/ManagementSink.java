package io.beepkit.netty.internal.mgmt;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.MimeEntity;
import io.beepkit.netty.internal.channel.ReplySink;

import java.util.function.Consumer;

/** Receives replies to our channel-0 requests on the event loop. ANS and NUL have no place on channel 0. */
public final class ManagementSink implements ReplySink {
    private final Consumer<MimeEntity> onRpy;
    private final Consumer<MimeEntity> onErr;
    private final Consumer<Throwable> onFail;

    public ManagementSink(Consumer<MimeEntity> onRpy, Consumer<MimeEntity> onErr, Consumer<Throwable> onFail) {
        this.onRpy = onRpy;
        this.onErr = onErr;
        this.onFail = onFail;
    }

    @Override
    public void rpy(MimeEntity entity) {
        onRpy.accept(entity);
    }

    @Override
    public void err(MimeEntity entity) {
        onErr.accept(entity);
    }

    @Override
    public void ans(long ansno, MimeEntity entity) {
        throw new BeepProtocolException("ANS on channel 0");
    }

    @Override
    public void nul() {
        throw new BeepProtocolException("NUL on channel 0");
    }

    @Override
    public void fail(Throwable cause) {
        onFail.accept(cause);
    }
}
