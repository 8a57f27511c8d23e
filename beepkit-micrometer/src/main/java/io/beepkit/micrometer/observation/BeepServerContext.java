package io.beepkit.micrometer.observation;

import io.beepkit.api.MimeEntity;
import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.ReceiverContext;

import java.util.Objects;

/**
 * The context of a listener-side exchange: one MSG handled by a profile handler, until its reply is sent. The
 * carrier is the MSG's MIME entity, so a tracing handler reads the caller's trace context ({@code traceparent})
 * from its MIME headers.
 */
public final class BeepServerContext extends ReceiverContext<MimeEntity> {
    private final BeepExchange exchange;
    private final int msgno;
    private ReplyKind replyKind = ReplyKind.NONE;

    /**
     * @param exchange the channel's facts
     * @param msgno    the MSG's number
     * @param message  the MSG's payload, whose headers may carry a trace context
     */
    public BeepServerContext(BeepExchange exchange, int msgno, MimeEntity message) {
        super(MimeEntity::header, Kind.SERVER);
        this.exchange = Objects.requireNonNull(exchange, "exchange");
        this.msgno = msgno;
        setCarrier(Objects.requireNonNull(message, "message"));
        setRemoteServiceAddress(exchange.peerAddress());
    }

    /** The channel's facts. */
    public BeepExchange exchange() {
        return exchange;
    }

    /** The number of the MSG being answered. */
    public int msgno() {
        return msgno;
    }

    /** How the exchange ended; {@link ReplyKind#NONE} while it runs. */
    public ReplyKind replyKind() {
        return replyKind;
    }

    void replyKind(ReplyKind kind) {
        this.replyKind = kind;
    }
}
