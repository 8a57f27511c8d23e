package io.beepkit.micrometer.observation;

import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.SenderContext;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The context of an initiator-side exchange: one MSG sent, until its reply is complete. The carrier collects the
 * headers a tracing handler injects ({@code traceparent}, {@code tracestate}); they are added to the MSG's MIME
 * headers before it is sent.
 */
public final class BeepClientContext extends SenderContext<Map<String, String>> {
    private final BeepExchange exchange;
    private ReplyKind replyKind = ReplyKind.NONE;

    /** @param exchange the channel's facts */
    public BeepClientContext(BeepExchange exchange) {
        super(Map::put, Kind.CLIENT);
        this.exchange = Objects.requireNonNull(exchange, "exchange");
        setCarrier(new LinkedHashMap<>(4));
        setRemoteServiceAddress(exchange.peerAddress());
    }

    /** The channel's facts. */
    public BeepExchange exchange() {
        return exchange;
    }

    /** How the exchange ended; {@link ReplyKind#NONE} while it runs. */
    public ReplyKind replyKind() {
        return replyKind;
    }

    void replyKind(ReplyKind kind) {
        this.replyKind = kind;
    }
}
