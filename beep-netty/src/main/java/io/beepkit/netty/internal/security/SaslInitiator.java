package io.beepkit.netty.internal.security;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.Reply;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.core.sasl.SaslInitiatorExchange;
import io.beepkit.core.sasl.SaslStep;
import io.beepkit.core.sasl.SessionSecurity;

import javax.security.sasl.SaslException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Runs an initiator's SASL exchange (RFC 3080 §4.1) over the session's public API, without blocking: a start with
 * the initial response piggybacked, then one MSG per step until the listener reports the outcome; a failed exchange
 * sends the abort blob when it has one; the channel is closed either way. The identity lands in the session's
 * {@link SessionSecurity}.
 */
final class SaslInitiator {
    private final BeepSession session;
    private final SaslInitiatorExchange exchange;
    private final CompletableFuture<SaslIdentity> result = new CompletableFuture<>();
    private BeepChannel channel;

    private SaslInitiator(BeepSession session, SaslInitiatorExchange exchange) {
        this.session = session;
        this.exchange = exchange;
    }

    /** Authenticates; the future fails with {@link BeepErrorException} (peer's code) or {@link BeepException}. */
    static CompletableFuture<SaslIdentity> run(BeepSession session, SessionSecurity security, String serverName,
                                               SaslMechanism mechanism, SaslCredentials credentials,
                                               boolean plainWithoutTls) {
        SaslInitiator run;
        String content;
        try {
            SaslInitiatorExchange x = SaslInitiatorExchange.create(mechanism, credentials, serverName, security,
                    plainWithoutTls);
            run = new SaslInitiator(session, x);
            content = x.startContent();
        } catch (IllegalStateException e) {
            return CompletableFuture.failedFuture(e);
        } catch (SaslException e) {
            return CompletableFuture.failedFuture(new BeepException("cannot start SASL " + mechanism.saslName()
                    + ": " + e.getMessage(), e));
        }
        session.startChannel(ChannelRequest.builder().profile(run.exchange.profileUri(), content, false).build())
                .whenComplete(run::started);
        return run.result;
    }

    private void started(BeepChannel ch, Throwable error) {
        if (error != null) {
            Throwable cause = unwrap(error);
            if (cause instanceof BeepErrorException refused) {
                finish(exchange.onStartRefused(refused.code(), refused.diagnostic()));
            } else {
                result.completeExceptionally(cause);
            }
            return;
        }
        channel = ch;
        step(exchange.onStartReply(ch.peerInitData().orElse(null)));
    }

    private void step(SaslStep step) {
        if (step.kind() != SaslStep.Kind.SEND) {
            finish(step);
            return;
        }
        channel.send(step.entity()).whenComplete((reply, error) -> {
            if (error != null) {
                result.completeExceptionally(unwrap(error));
                return;
            }
            step(answer(reply));
        });
    }

    private SaslStep answer(Reply reply) {
        return reply.isError() ? exchange.onError(reply.errorCode(), reply.errorText())
                : exchange.onReply(reply.entity().body());
    }

    private void finish(SaslStep step) {
        if (step.kind() == SaslStep.Kind.SUCCEEDED) {
            closeThen(() -> result.complete(step.identity()));
            return;
        }
        String refusedPrefix = "server refused: " + step.code() + " ";
        BeepException failure = step.code() == 0 ? new BeepException("SASL " + step.diagnostic())
                : new BeepErrorException(step.code(), step.diagnostic().startsWith(refusedPrefix)
                ? step.diagnostic().substring(refusedPrefix.length()) : step.diagnostic());
        if (channel != null && step.message() != null) {
            channel.send(step.entity()).whenComplete((r, e) -> closeThen(() -> result.completeExceptionally(failure)));
        } else {
            closeThen(() -> result.completeExceptionally(failure));
        }
    }

    private void closeThen(Runnable done) {
        if (channel == null || !channel.isOpen()) {
            done.run();
            return;
        }
        channel.close().whenComplete((v, e) -> done.run());
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }
}
