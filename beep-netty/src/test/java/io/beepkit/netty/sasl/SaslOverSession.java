package io.beepkit.netty.sasl;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.Reply;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.core.sasl.SaslInitiatorExchange;
import io.beepkit.core.sasl.SaslStep;
import io.beepkit.core.sasl.SessionSecurity;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Runs a SASL initiator exchange over today's public session API: a start with the piggybacked initial response,
 * then MSG/RPY on the channel, the sequence the engine will follow once the profiles are wired in.
 */
public final class SaslOverSession {
    private SaslOverSession() {
    }

    /** Authenticates on {@code session}; returns the exchange's last step. */
    public static SaslStep authenticate(BeepSession session, SaslMechanism m, SaslCredentials credentials,
                                        SessionSecurity security) throws Exception {
        SaslInitiatorExchange exchange = SaslInitiatorExchange.create(m, credentials, "localhost", security, true);
        String content = exchange.startContent();
        BeepChannel channel;
        try {
            channel = session.startChannel(ChannelRequest.builder().profile(exchange.profileUri(), content, false)
                    .build()).get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof BeepErrorException refused) {
                return exchange.onStartRefused(refused.code(), refused.diagnostic());
            }
            throw e;
        }
        SaslStep step = exchange.onStartReply(channel.peerInitData().orElse(null));
        while (step.kind() == SaslStep.Kind.SEND) {
            Reply reply = channel.send(step.entity()).get(10, TimeUnit.SECONDS);
            step = reply.isError() ? exchange.onError(reply.errorCode(), reply.errorText())
                    : exchange.onReply(reply.entity().body());
        }
        if (step.kind() == SaslStep.Kind.FAILED && step.message() != null) {
            channel.send(step.entity()).get(10, TimeUnit.SECONDS);
        }
        channel.close().get(10, TimeUnit.SECONDS);
        return step;
    }
}
