package io.beepkit.micrometer.observation;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MessageStream;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.ReplyListener;
import io.beepkit.api.SendOptions;
import io.beepkit.api.TransferStats;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * A channel whose every MSG sent is observed ({@link BeepObservationDocumentation#CLIENT_EXCHANGE}) from the send
 * until its reply is complete or the send fails. When a tracing handler is registered, the MSG leaves with the
 * current trace context as MIME headers ({@code traceparent}, {@code tracestate} with W3C propagation), in a copy of
 * the entity; otherwise the entity goes out as given. The observation's parent is the one in scope when
 * {@code send} is called. Everything else goes to the channel unchanged; {@link #session()} is the channel's own
 * session, whose {@code channels()} are not observed. Made by
 * {@link BeepObservations#observe(BeepChannel, ObservationRegistry)}.
 */
public final class ObservedBeepChannel implements BeepChannel {
    private static final DefaultBeepClientObservationConvention DEFAULT = new DefaultBeepClientObservationConvention();

    private final BeepChannel delegate;
    private final ObservationRegistry registry;
    private final @Nullable BeepClientObservationConvention convention;

    ObservedBeepChannel(BeepChannel delegate, ObservationRegistry registry,
                        @Nullable BeepClientObservationConvention convention) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.registry = Objects.requireNonNull(registry, "registry");
        this.convention = convention;
    }

    /** The channel observed. */
    public BeepChannel delegate() {
        return delegate;
    }

    @Override
    public CompletableFuture<Reply> send(MimeEntity message, SendOptions options) {
        return observed(message, m -> delegate.send(m, options));
    }

    @Override
    public CompletableFuture<Reply> sendInOneFrame(MimeEntity message) {
        return observed(message, delegate::sendInOneFrame);
    }

    @Override
    public CompletableFuture<@Nullable Void> whenWindowOpen(int octets) {
        return delegate.whenWindowOpen(octets);
    }

    private CompletableFuture<Reply> observed(MimeEntity message, Function<MimeEntity, CompletableFuture<Reply>> send) {
        BeepClientContext context = new BeepClientContext(BeepExchange.of(delegate));
        Observation observation = start(context);
        CompletableFuture<Reply> reply;
        try {
            reply = send.apply(TraceHeaders.with(message, context.getCarrier()));
        } catch (RuntimeException e) {
            finish(observation, context, null, e);
            throw e;
        }
        reply.whenComplete((r, t) -> finish(observation, context, r, t));
        return reply;
    }

    @Override
    public CompletableFuture<@Nullable Void> send(MimeEntity message, ReplyListener listener,
                                                 SendOptions options) {
        BeepClientContext context = new BeepClientContext(BeepExchange.of(delegate));
        Observation observation = start(context);
        CompletableFuture<@Nullable Void> done;
        try {
            done = delegate.send(TraceHeaders.with(message, context.getCarrier()),
                    new ObservedReplyListener(listener, context), options);
        } catch (RuntimeException e) {
            finish(observation, context, null, e);
            throw e;
        }
        done.whenComplete((r, t) -> finish(observation, context, null, t));
        return done;
    }

    @Override
    public MessageStream openMessage(MimeEntity headers, SendOptions options) {
        BeepClientContext context = new BeepClientContext(BeepExchange.of(delegate));
        Observation observation = start(context);
        MessageStream stream;
        try {
            stream = delegate.openMessage(TraceHeaders.with(headers, context.getCarrier()), options);
        } catch (RuntimeException e) {
            finish(observation, context, null, e);
            throw e;
        }
        stream.reply().whenComplete((r, t) -> finish(observation, context, r, t));
        return stream;
    }

    @Override
    public MessageStream openMessage(MimeEntity headers, ReplyListener listener, SendOptions options) {
        BeepClientContext context = new BeepClientContext(BeepExchange.of(delegate));
        Observation observation = start(context);
        MessageStream stream;
        try {
            stream = delegate.openMessage(TraceHeaders.with(headers, context.getCarrier()),
                    new ObservedReplyListener(listener, context), options);
        } catch (RuntimeException e) {
            finish(observation, context, null, e);
            throw e;
        }
        stream.reply().whenComplete((r, t) -> finish(observation, context, r, t));
        return stream;
    }

    private Observation start(BeepClientContext context) {
        return BeepObservationDocumentation.CLIENT_EXCHANGE
                .observation(convention, DEFAULT, () -> context, registry).start();
    }

    /** Ends the observation: the reply's kind, or the one a listener saw, or an error. */
    private static void finish(Observation observation, BeepClientContext context, @Nullable Reply reply,
                               @Nullable Throwable failure) {
        if (failure != null) {
            context.replyKind(ReplyKind.ERROR);
            observation.error(failure);
        } else if (reply != null) {
            context.replyKind(ReplyKinds.of(reply.kind()));
        }
        observation.stop();
    }

    @Override
    public int number() {
        return delegate.number();
    }

    @Override
    public String profile() {
        return delegate.profile();
    }

    @Override
    public Optional<String> peerInitData() {
        return delegate.peerInitData();
    }

    @Override
    public BeepSession session() {
        return delegate.session();
    }

    @Override
    public boolean isOpen() {
        return delegate.isOpen();
    }

    @Override
    public CompletableFuture<@Nullable Void> close() {
        return delegate.close();
    }

    @Override
    public int remoteWindow() {
        return delegate.remoteWindow();
    }

    @Override
    public int availableWindow() {
        return delegate.availableWindow();
    }

    @Override
    public int effectiveTransferSize() {
        return delegate.effectiveTransferSize();
    }

    @Override
    public int localWindow() {
        return delegate.localWindow();
    }

    @Override
    public TransferStats stats() {
        return delegate.stats();
    }

    @Override
    public String toString() {
        return "Observed[" + delegate + "]";
    }
}
