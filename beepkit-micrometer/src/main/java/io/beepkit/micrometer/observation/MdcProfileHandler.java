package io.beepkit.micrometer.observation;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelStartRequest;
import io.beepkit.api.CloseDecision;
import io.beepkit.api.Message;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.Responder;
import io.beepkit.api.StartDecision;
import org.jspecify.annotations.Nullable;
import org.slf4j.MDC;

import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * A profile handler whose callbacks run with the session, channel and profile in the SLF4J MDC
 * ({@value #SESSION}: the peer's {@code host:port}, {@value #CHANNEL}, {@value #PROFILE}), so every line a handler
 * logs names its exchange. The previous values of those keys are restored when each callback returns (callbacks may
 * run on a shared I/O thread). Made by {@link BeepObservations#withMdc(ProfileHandler)}.
 */
public final class MdcProfileHandler implements ProfileHandler {
    /** MDC key: the peer's address, {@code host:port}. */
    public static final String SESSION = "beep.session";
    /** MDC key: the channel number. */
    public static final String CHANNEL = "beep.channel";
    /** MDC key: the profile URI. */
    public static final String PROFILE = "beep.profile";

    private final ProfileHandler delegate;

    MdcProfileHandler(ProfileHandler delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** The handler wrapped. */
    public ProfileHandler delegate() {
        return delegate;
    }

    @Override
    public StartDecision onStart(ChannelStartRequest request) {
        return in(request.session(), request.number(), request.profileUri(), () -> delegate.onStart(request));
    }

    @Override
    public void onOpen(BeepChannel channel) {
        in(channel, () -> {
            delegate.onOpen(channel);
            return null;
        });
    }

    @Override
    public void onMessage(Message message, Responder responder) {
        in(message.channel(), () -> {
            delegate.onMessage(message, responder);
            return null;
        });
    }

    @Override
    public boolean streaming() {
        return delegate.streaming();
    }

    @Override
    public void onMessageChunk(BeepChannel channel, int msgno, byte[] chunk, boolean last, Responder responder) {
        in(channel, () -> {
            delegate.onMessageChunk(channel, msgno, chunk, last, responder);
            return null;
        });
    }

    @Override
    public CompletionStage<?> onMessageChunkAsync(BeepChannel channel, int msgno, byte[] chunk, boolean last,
                                                  Responder responder) {
        return in(channel, () -> delegate.onMessageChunkAsync(channel, msgno, chunk, last, responder));
    }

    @Override
    public CloseDecision onCloseRequest(BeepChannel channel, int code) {
        return in(channel, () -> delegate.onCloseRequest(channel, code));
    }

    @Override
    public boolean nonBlocking() {
        return delegate.nonBlocking();
    }

    @Override
    public void onClose(BeepChannel channel) {
        in(channel, () -> {
            delegate.onClose(channel);
            return null;
        });
    }

    private static <T> T in(BeepChannel channel, Supplier<T> call) {
        return in(channel.session(), channel.number(), channel.profile(), call);
    }

    private static <T> T in(BeepSession session, int channel, String profile, Supplier<T> call) {
        @Nullable String session0 = MDC.get(SESSION);
        @Nullable String channel0 = MDC.get(CHANNEL);
        @Nullable String profile0 = MDC.get(PROFILE);
        MDC.put(SESSION, BeepExchange.address(session.remoteAddress()));
        MDC.put(CHANNEL, Integer.toString(channel));
        MDC.put(PROFILE, profile);
        try {
            return call.get();
        } finally {
            restore(SESSION, session0);
            restore(CHANNEL, channel0);
            restore(PROFILE, profile0);
        }
    }

    private static void restore(String key, @Nullable String previous) {
        if (previous == null) {
            MDC.remove(key);
        } else {
            MDC.put(key, previous);
        }
    }

    @Override
    public String toString() {
        return "Mdc[" + delegate + "]";
    }
}
