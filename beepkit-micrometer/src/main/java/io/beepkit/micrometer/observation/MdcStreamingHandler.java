package io.beepkit.micrometer.observation;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.ChannelStartRequest;
import io.beepkit.api.CloseDecision;
import io.beepkit.api.MessageChunk;
import io.beepkit.api.Responder;
import io.beepkit.api.StartDecision;
import io.beepkit.api.StreamingHandler;

import java.util.Objects;
import java.util.concurrent.CompletionStage;

/**
 * A streaming handler whose callbacks run with the session, channel and profile in the SLF4J MDC, under the keys of
 * {@link MdcProfileHandler}. Each chunk is handed on as it came, so a handler reaching the frame's buffer through
 * beep-netty still gets it without a copy. Made by {@link BeepObservations#withMdc(io.beepkit.api.ProfileHandler)}.
 */
public final class MdcStreamingHandler implements StreamingHandler {
    private final StreamingHandler delegate;

    MdcStreamingHandler(StreamingHandler delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** The handler wrapped. */
    public StreamingHandler delegate() {
        return delegate;
    }

    @Override
    public StartDecision onStart(ChannelStartRequest request) {
        return MdcScope.in(request.session(), request.number(), request.profileUri(), () -> delegate.onStart(request));
    }

    @Override
    public void onOpen(BeepChannel channel) {
        MdcScope.in(channel, () -> {
            delegate.onOpen(channel);
            return null;
        });
    }

    @Override
    public CompletionStage<?> onChunk(MessageChunk chunk, Responder responder) {
        return MdcScope.in(chunk.channel(), () -> delegate.onChunk(chunk, responder));
    }

    @Override
    public CloseDecision onCloseRequest(BeepChannel channel, int code) {
        return MdcScope.in(channel, () -> delegate.onCloseRequest(channel, code));
    }

    @Override
    public boolean nonBlocking() {
        return delegate.nonBlocking();
    }

    @Override
    public void onClose(BeepChannel channel) {
        MdcScope.in(channel, () -> {
            delegate.onClose(channel);
            return null;
        });
    }

    @Override
    public String toString() {
        return "Mdc[" + delegate + "]";
    }
}
