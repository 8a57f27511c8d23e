package io.beepkit.core.sasl;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelStartRequest;
import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.Responder;
import io.beepkit.api.StartDecision;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.api.security.SaslMechanism;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The listener side of one SASL profile as an ordinary {@link MessageHandler}: each accepted start gets its own
 * {@link SaslListenerExchange}, fed the start's piggyback and then every MSG of the channel; its answers go back as
 * RPY or ERR. The session's {@link SessionSecurity} comes from {@code securityOf}, so the session rules (no SASL after
 * SASL, PLAIN only over TLS) see what the session is. One instance may serve every session of a listener.
 */
public final class SaslProfileHandler implements MessageHandler {
    private final SaslMechanism mechanism;
    private final SaslListenerConfig config;
    private final Function<BeepSession, SessionSecurity> securityOf;
    private final FailureReaction failures;
    private final Map<Key, SaslListenerExchange> exchanges = new ConcurrentHashMap<>();

    private record Key(BeepSession session, int channel) {
    }

    /**
     * @param securityOf the security state of a session (the engine's, or a map the application keeps)
     */
    public SaslProfileHandler(SaslMechanism mechanism, SaslListenerConfig config,
                              Function<BeepSession, SessionSecurity> securityOf) {
        this(mechanism, config, securityOf, new FailureReaction(config));
    }

    /** @param failures the bounds on failed authentications, shared with the listener's other SASL handlers */
    public SaslProfileHandler(SaslMechanism mechanism, SaslListenerConfig config,
                              Function<BeepSession, SessionSecurity> securityOf, FailureReaction failures) {
        this.mechanism = Objects.requireNonNull(mechanism, "mechanism");
        this.config = Objects.requireNonNull(config, "config");
        this.securityOf = Objects.requireNonNull(securityOf, "securityOf");
        this.failures = Objects.requireNonNull(failures, "failures");
    }

    /**
     * Registers a handler for each mechanism {@code config} offers, under its profile URI, sharing one set of bounds
     * on failed authentications.
     */
    public static ProfileRegistry registerAll(ProfileRegistry registry, SaslListenerConfig config,
                                              Function<BeepSession, SessionSecurity> securityOf) {
        FailureReaction failures = new FailureReaction(config);
        for (SaslMechanism m : config.mechanisms()) {
            registry.register(m.profileUri(), new SaslProfileHandler(m, config, securityOf, failures));
        }
        return registry;
    }

    @Override
    public StartDecision onStart(ChannelStartRequest request) {
        String refusal = failures.startRefusal(request.session());
        if (refusal != null) {
            return StartDecision.refuse(454, refusal);
        }
        SessionSecurity security = securityOf.apply(request.session());
        SaslListenerExchange exchange = new SaslListenerExchange(mechanism, config, security);
        StartDecision decision = exchange.onStart(request.initData(), request.serverName());
        if (decision.accepted()) {
            exchanges.put(new Key(request.session(), request.number()), exchange);
        } else {
            // the refusal is answered after onStart returns; the session's close, if due, queues behind it
            failures.afterStep(request.session(), security, exchange);
        }
        return decision;
    }

    @Override
    public void onMessage(Message message, Responder responder) {
        SaslListenerExchange exchange = exchanges.get(key(message.channel()));
        if (exchange == null) {
            responder.refuse(550, "no SASL exchange on this channel");
            return;
        }
        exchange.onMessage(message.entity().body()).sendTo(responder);
        if (exchange.attemptFailed()) {
            exchanges.remove(key(message.channel()));
            failures.afterStep(message.channel().session(), securityOf.apply(message.channel().session()), exchange);
        }
    }

    @Override
    public void onClose(BeepChannel channel) {
        exchanges.remove(key(channel));
    }

    private static Key key(BeepChannel channel) {
        return new Key(channel.session(), channel.number());
    }
}
