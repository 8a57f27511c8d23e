package io.beepkit.spring;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.RequestTimeoutException;
import org.jspecify.annotations.Nullable;
import org.springframework.messaging.converter.MessageConversionException;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Sends a payload to one named client's listener and converts the reply, blocking or not:
 *
 * <pre>{@code
 * Confirmation c = templates.template("orders").sendAndReceive("urn:example:orders", order, Confirmation.class);
 * }</pre>
 *
 * The payload becomes the MSG's entity and the RPY's entity becomes a {@code replyType}, both through
 * {@link BeepPayloadConverter}. The template connects on first use and from then on keeps one session up (a
 * {@link io.beepkit.netty.ManagedSession}: connecting again with backoff after a loss), with one channel per
 * profile; a call while there is no session waits for the next connect attempt and fails with its failure if it
 * fails. A MSG that a channel closing at that moment refused unsent is sent once more on a new channel. Each call
 * waits at most its target's {@link TemplateTarget#timeout()} ({@code beep.clients.<name>.timeout}) for its reply,
 * connect and channel start included. Thread-safe.
 *
 * <p>Failures, thrown by the blocking methods and completing the futures of the others: an ERR reply (or a refused
 * channel start) is a {@link BeepErrorException} with the peer's code and text; no reply in time a
 * {@link RequestTimeoutException}; a payload or reply that cannot be converted a {@link MessageConversionException};
 * a lost connection the library's {@link io.beepkit.api.BeepException}s.
 */
public final class BeepTemplate {
    private final String name;
    private final Supplier<TemplateTarget> target;
    private final TemplateConnection connection;
    private final BeepPayloadConverter converter;

    /** @param target resolved at each call (the same object once resolved: {@link BeepTemplates} memoizes it) */
    BeepTemplate(String name, Supplier<TemplateTarget> target, TemplateConnection connection,
                 BeepPayloadConverter converter) {
        this.name = name;
        this.target = target;
        this.connection = connection;
        this.converter = converter;
    }

    /** @return the name of the client ({@code beep.clients.<name>}) */
    public String clientName() {
        return name;
    }

    /**
     * Sends {@code payload} on {@code profileUri} and waits for the reply.
     *
     * @param replyType what to convert the RPY into; {@code Void.class} ignores it, {@code MimeEntity.class} and
     *                  {@code byte[].class} take it as it is
     * @return the converted reply; null for {@code Void.class}
     */
    public <T> @Nullable T sendAndReceive(String profileUri, Object payload, Class<T> replyType) {
        try {
            return sendAndReceiveAsync(profileUri, payload, replyType).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for the reply on " + profileUri, e);
        } catch (ExecutionException e) {
            throw rethrowable(e.getCause());
        }
    }

    /** As {@link #sendAndReceive(String, Object, Class)} on the target's {@link TemplateTarget#defaultProfile()}. */
    public <T> @Nullable T sendAndReceive(Object payload, Class<T> replyType) {
        return sendAndReceive(defaultProfile(), payload, replyType);
    }

    /**
     * Sends {@code payload} on {@code profileUri}; the future completes with the converted reply, or with the
     * failures listed above, on the session's event loop by default ({@code BeepResources.replyFuturesOnEventLoop}),
     * where the reply is converted too: continuations that block take an executor ({@code thenApplyAsync}).
     */
    public <T> CompletableFuture<@Nullable T> sendAndReceiveAsync(String profileUri, Object payload,
                                                                  Class<T> replyType) {
        MimeEntity request;
        try {
            request = converter.write(payload);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        Duration timeout;
        try {
            timeout = target.get().timeout();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        CompletableFuture<@Nullable T> reply = send(profileUri, request)
                .exceptionallyCompose(e -> unwrap(e) instanceof ChannelClosedException
                        ? send(profileUri, request) : CompletableFuture.failedFuture(e))
                .thenApply(r -> convert(r, profileUri, replyType));
        return reply.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .exceptionallyCompose(e -> CompletableFuture.failedFuture(timedOut(unwrap(e), profileUri, timeout)));
    }

    /** As {@link #sendAndReceiveAsync(String, Object, Class)} on the client's profile. */
    public <T> CompletableFuture<@Nullable T> sendAndReceiveAsync(Object payload, Class<T> replyType) {
        String profile;
        try {
            profile = defaultProfile();
        } catch (RuntimeException e) { // no profile, or no target yet: the future says so, as for every failure
            return CompletableFuture.failedFuture(e);
        }
        return sendAndReceiveAsync(profile, payload, replyType);
    }

    /**
     * Sends on the profile's channel. The caller sends once more after a {@link ChannelClosedException}: the channel
     * refused the MSG without sending it because it (or its session) had just closed, and a new one will be started.
     */
    private CompletableFuture<Reply> send(String profileUri, MimeEntity request) {
        return connection.channel(profileUri).thenCompose(channel -> exchange(channel, request));
    }

    /** Every MSG this template sends leaves here: the one place to observe or decorate an exchange. */
    private CompletableFuture<Reply> exchange(BeepChannel channel, MimeEntity request) {
        return channel.send(request);
    }

    private <T> @Nullable T convert(Reply reply, String profileUri, Class<T> replyType) {
        if (reply.kind() == Reply.Kind.ERR) {
            throw new BeepErrorException(reply.errorCode(), reply.errorText());
        }
        if (reply.kind() == Reply.Kind.ANSWERS) {
            throw new MessageConversionException("the listener answered on " + profileUri + " with "
                    + reply.answers().size() + " ANS frames; a BeepTemplate expects one RPY");
        }
        if (replyType == Void.class || replyType == void.class) {
            return null;
        }
        return replyType.cast(converter.read(reply.entity(), replyType, null));
    }

    private String defaultProfile() {
        String profile = target.get().defaultProfile();
        if (profile == null) {
            throw new IllegalStateException("the call names no profile and client '" + name
                    + "' has no default profile (beep.clients." + name + ".profile)");
        }
        return profile;
    }

    private Throwable timedOut(Throwable e, String profileUri, Duration timeout) {
        return e instanceof TimeoutException ? new RequestTimeoutException("no reply from client '" + name + "' ("
                + target.get() + ") on " + profileUri + " within " + timeout) : e;
    }

    private static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    private static RuntimeException rethrowable(Throwable e) {
        Throwable t = unwrap(e);
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error err) {
            throw err;
        }
        return new IllegalStateException(t.getMessage(), t);
    }

    @Override
    public String toString() {
        return "BeepTemplate[" + name + "]";
    }
}
