package io.beepkit.micrometer.observation;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.ChannelStartRequest;
import io.beepkit.api.CloseDecision;
import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Responder;
import io.beepkit.api.StartDecision;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

import java.util.Objects;

/**
 * A message handler whose every MSG is observed ({@link BeepObservationDocumentation#SERVER_EXCHANGE}): the
 * observation starts before the handler sees the MSG, is in scope while {@code onMessage} runs (so log lines carry
 * the trace), and stops when the handler hands over its RPY, ERR or NUL, or throws. The caller's trace context is
 * read from the MSG's MIME headers. Every other call goes to the handler unchanged. Made by
 * {@link BeepObservations#observe(io.beepkit.api.ProfileHandler, ObservationRegistry)}, which leaves streaming
 * handlers alone.
 */
public final class ObservedProfileHandler implements MessageHandler {
    private static final DefaultBeepServerObservationConvention DEFAULT = new DefaultBeepServerObservationConvention();

    private final MessageHandler delegate;
    private final ObservationRegistry registry;
    private final @Nullable BeepServerObservationConvention convention;

    ObservedProfileHandler(MessageHandler delegate, ObservationRegistry registry,
                           @Nullable BeepServerObservationConvention convention) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.registry = Objects.requireNonNull(registry, "registry");
        this.convention = convention;
    }

    /** The handler observed. */
    public MessageHandler delegate() {
        return delegate;
    }

    @Override
    public void onMessage(Message message, Responder responder) {
        BeepServerContext context = new BeepServerContext(BeepExchange.of(message.channel()), message.msgno(),
                message.entity());
        Observation observation = BeepObservationDocumentation.SERVER_EXCHANGE
                .observation(convention, DEFAULT, () -> context, registry).start();
        ObservedResponder observed = new ObservedResponder(responder, observation, context);
        try (Observation.Scope ignored = observation.openScope()) {
            delegate.onMessage(message, observed);
        } catch (RuntimeException | Error e) {
            // The engine answers ERR 451 itself, past this responder: the exchange ends here.
            observed.failed(e);
            throw e;
        }
    }

    @Override
    public StartDecision onStart(ChannelStartRequest request) {
        return delegate.onStart(request);
    }

    @Override
    public void onOpen(BeepChannel channel) {
        delegate.onOpen(channel);
    }

    @Override
    public CloseDecision onCloseRequest(BeepChannel channel, int code) {
        return delegate.onCloseRequest(channel, code);
    }

    @Override
    public boolean nonBlocking() {
        return delegate.nonBlocking();
    }

    @Override
    public void onClose(BeepChannel channel) {
        delegate.onClose(channel);
    }

    @Override
    public String toString() {
        return "Observed[" + delegate + "]";
    }
}
