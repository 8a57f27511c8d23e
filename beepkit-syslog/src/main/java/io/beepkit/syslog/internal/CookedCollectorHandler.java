package io.beepkit.syslog.internal;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelStartRequest;
import io.beepkit.api.MessageChunk;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.StreamingHandler;
import io.beepkit.api.Responder;
import io.beepkit.api.StartDecision;
import io.beepkit.core.LogText;
import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogIdentity;
import io.beepkit.syslog.SyslogLimits;
import io.beepkit.syslog.SyslogMessage;
import io.beepkit.syslog.SyslogPath;
import io.beepkit.syslog.SyslogTransport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The collector's COOKED profile (RFC 3195 §4): every MSG holds one {@code <entry>}, {@code <iam>} or {@code <path>}
 * and is answered {@code <ok />} (RPY) or {@code <error>} (ERR). MSGs arrive frame by frame and are held only up to
 * {@link SyslogLimits#maxEntrySize()}; an {@code <entry>} goes to the consumer, and both its {@code <ok />} and the
 * window credit of its last frame wait for the consumer's acknowledgement. An {@code <iam>} may also come piggybacked
 * on the start request (RFC 3195 §4.2); the collector's own, if configured, is piggybacked on the reply.
 */
public final class CookedCollectorHandler implements StreamingHandler {
    private static final Logger log = LoggerFactory.getLogger(CookedCollectorHandler.class);
    /** The positive reply of RFC 3195 §4.4. */
    static final MimeEntity OK = MimeEntity.of(MimeEntity.BEEP_XML, "<ok />".getBytes(StandardCharsets.US_ASCII));

    private final SyslogConsumer consumer;
    private final SyslogLimits limits;
    private final SyslogIdentity identity;
    private final SessionChannels sessions;
    private final ConcurrentHashMap<BeepChannel, CookedChannelState> channels = new ConcurrentHashMap<>();
    /** An {@code <iam>} from a start request, until the channel it started opens. */
    private final ConcurrentHashMap<StartKey, SyslogIdentity> piggybacked = new ConcurrentHashMap<>();

    /** A channel being started: its session (compared by identity, as sessions are) and number. */
    private record StartKey(BeepSession session, int number) {
    }

    /**
     * A handler delivering to {@code consumer} within {@code limits}, answering a start with {@code identity} (null:
     * nothing piggybacked), counting channels in {@code sessions}.
     */
    public CookedCollectorHandler(SyslogConsumer consumer, SyslogLimits limits, SyslogIdentity identity,
                                  SessionChannels sessions) {
        this.consumer = consumer;
        this.limits = limits;
        this.identity = identity;
        this.sessions = sessions;
    }

    @Override
    public StartDecision onStart(ChannelStartRequest request) {
        StartDecision refused = sessions.admit(request.session());
        if (refused != null) {
            return refused;
        }
        if (request.initData() != null && !request.initData().isBlank()) {
            try {
                if (!(CookedXml.parse(request.initData()) instanceof SyslogIdentity iam)) {
                    sessions.closed(request.session());
                    return StartDecision.refuse(501, "only an <iam> may be piggybacked on a COOKED start");
                }
                piggybacked.put(new StartKey(request.session(), request.number()), iam);
            } catch (SyslogViolation v) {
                sessions.closed(request.session());
                violation(request.session().remoteAddress(), request.number(), v);
                return StartDecision.refuse(v.code(), v.getMessage());
            }
        }
        return identity == null ? StartDecision.accept() : StartDecision.accept(CookedXml.writeIam(identity));
    }

    @Override
    public void onOpen(BeepChannel channel) {
        CookedChannelState state = new CookedChannelState(limits);
        state.peer(piggybacked.remove(new StartKey(channel.session(), channel.number())));
        channels.put(channel, state);
    }

    @Override
    public void onClose(BeepChannel channel) {
        channels.remove(channel);
        sessions.closed(channel.session());
    }

    @Override
    public CompletionStage<?> onChunk(MessageChunk chunk, Responder responder) {
        BeepChannel channel = chunk.channel();
        CookedChannelState state = channels.computeIfAbsent(channel, c -> new CookedChannelState(limits));
        String xml;
        try {
            xml = state.feed(chunk.msgno(), chunk.bytes(), chunk.last());
        } catch (SyslogViolation v) {
            return refuse(channel, responder, v); // feed no longer counts a MSG it refused
        }
        if (xml == null) {
            return SyslogAcks.DONE;
        }
        try {
            return handle(channel, state, xml, responder);
        } catch (SyslogViolation v) {
            state.answered();
            return refuse(channel, responder, v);
        }
    }

    private static CompletionStage<?> refuse(BeepChannel channel, Responder responder, SyslogViolation v) {
        violation(channel.session().remoteAddress(), channel.number(), v);
        responder.refuse(v.code(), v.getMessage());
        return SyslogAcks.DONE;
    }

    private CompletionStage<?> handle(BeepChannel channel, CookedChannelState state, String xml, Responder r) {
        Object element = CookedXml.parse(xml);
        if (element instanceof SyslogIdentity iam) {
            state.peer(iam);
            state.answered();
            r.reply(OK);
            return SyslogAcks.DONE;
        }
        if (element instanceof SyslogPath path) {
            state.path(path);
            state.answered();
            r.reply(OK);
            return SyslogAcks.DONE;
        }
        CookedEntry e = (CookedEntry) element;
        SyslogMessage.Builder b = SyslogTextParser.parse(e.text(), SyslogMessage.builder()
                .transport(SyslogTransport.COOKED));
        // The entry's attributes describe the message authoritatively (RFC 3195 §4.4.2); the text's own header,
        // if it has one, only fills what they leave out.
        b.facility(e.facility()).severity(e.severity()).deviceFqdn(e.deviceFqdn()).deviceIp(e.deviceIp())
                .pathId(e.pathId()).path(e.pathId() == null ? null : state.path(e.pathId())).peer(state.peer())
                .remoteAddress(channel.session().remoteAddress()).tls(channel.session().tls().orElse(null))
                .authenticatedAs(channel.session().identity().orElse(null)).receivedAt(Instant.now());
        SyslogMessage parsed = b.build();
        b.timestamp(e.timestamp() != null ? e.timestamp() : parsed.timestamp())
                .hostname(e.hostname() != null ? e.hostname() : parsed.hostname())
                .appName(e.tag() != null ? e.tag() : parsed.appName());
        CompletableFuture<Void> ack = Delivery.one(consumer, b.build());
        return ack.whenComplete((ok, failure) -> {
            // Counted as answered before the answer leaves: the stage may complete on another thread (a Kafka
            // producer's), and the device may send its next MSG as soon as the answer reaches it; counted after,
            // that MSG could find the channel still full and be refused with 550.
            state.answered();
            if (failure == null) {
                r.reply(OK);
            } else {
                r.refuse(451, "the entry could not be stored: " + LogText.escape(failure.toString()));
            }
        });
    }

    private static void violation(Object remote, int channel, SyslogViolation v) {
        log.warn("COOKED channel {} from {}: {}; answering ERR {}", channel, remote, LogText.escape(v.getMessage()),
                v.code());
    }
}
