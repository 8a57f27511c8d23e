package io.beepkit.micrometer.observation;

import io.beepkit.api.SessionRole;
import io.beepkit.micrometer.observation.BeepObservationDocumentation.HighCardinalityKeyNames;
import io.beepkit.micrometer.observation.BeepObservationDocumentation.LowCardinalityKeyNames;
import io.micrometer.common.KeyValues;

/** The key values both default conventions share. */
final class ExchangeKeyValues {
    private ExchangeKeyValues() {
    }

    static KeyValues low(BeepExchange exchange, ReplyKind reply) {
        return KeyValues.of(
                LowCardinalityKeyNames.PROFILE.withValue(exchange.profile()),
                LowCardinalityKeyNames.ROLE.withValue(
                        exchange.role() == SessionRole.INITIATOR ? "initiator" : "listener"),
                LowCardinalityKeyNames.REPLY.withValue(reply.value()));
    }

    static KeyValues high(BeepExchange exchange) {
        return KeyValues.of(
                HighCardinalityKeyNames.CHANNEL.withValue(Integer.toString(exchange.channel())),
                HighCardinalityKeyNames.PEER_ADDRESS.withValue(exchange.peerAddress()));
    }
}
