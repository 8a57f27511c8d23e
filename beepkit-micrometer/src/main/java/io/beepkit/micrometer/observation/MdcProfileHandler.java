package io.beepkit.micrometer.observation;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.ChannelStartRequest;
import io.beepkit.api.CloseDecision;
import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Responder;
import io.beepkit.api.StartDecision;

import java.util.Objects;

/**
 * A message handler whose callbacks run with the session, channel and profile in the SLF4J MDC
 * ({@value #SESSION}: the peer's {@code host:port}, {@value #CHANNEL}, {@value #PROFILE}), so every line a handler
 * logs names its exchange. The previous values of those keys are restored when each callback returns (callbacks may
 * run on a shared I/O thread). {@link MdcStreamingHandler} does the same for a streaming handler. Made by
 * {@link BeepObservations#withMdc(io.beepkit.api.ProfileHandler)}.
 */
public final class MdcProfileHandler implements MessageHandler {
    /** MDC key: the peer's address, {@code host:port}. */
    public static final String SESSION = "beep.session";
    /** MDC key: the channel number. */
    public static final String CHANNEL = "beep.channel";
    /** MDC key: the profile URI. */
    public static final String PROFILE = "beep.profile";

    private final MessageHandler delegate;

    MdcProfileHandler(MessageHandler delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** The handler wrapped. */
    public MessageHandler delegate() {
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
    public void onMessage(Message message, Responder responder) {
        MdcScope.in(message.channel(), () -> {
            delegate.onMessage(message, responder);
            return null;
        });
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
