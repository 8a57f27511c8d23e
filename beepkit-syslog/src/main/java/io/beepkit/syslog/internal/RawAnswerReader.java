package io.beepkit.syslog.internal;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.ReplyListener;
import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.TlsSessionInfo;
import io.beepkit.core.LogText;
import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogLimits;
import io.beepkit.syslog.SyslogMessage;
import io.beepkit.syslog.SyslogTransport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The collector's side of one RAW channel (RFC 3195 §3.1, §3.4): reads the device's ANS stream, the answer to the
 * collector's one MSG, frame by frame; each completed line goes to the consumer, and the window credit of a frame
 * returns only when the consumer has acknowledged every line that ended in it. The device cannot be answered on this
 * exchange, so a broken rule (a line or answer over the limits, an RPY or ERR instead of ANS, a failed
 * acknowledgement) terminates the session, with one log line.
 */
final class RawAnswerReader implements ReplyListener {
    private static final Logger log = LoggerFactory.getLogger(RawAnswerReader.class);

    private final BeepChannel channel;
    private final SyslogConsumer consumer;
    private final SyslogLimits limits;
    private final Map<Long, Answer> open = new HashMap<>();
    private final PendingAcks pending = new PendingAcks();
    private volatile boolean broken;

    RawAnswerReader(BeepChannel channel, SyslogConsumer consumer, SyslogLimits limits) {
        this.channel = channel;
        this.consumer = consumer;
        this.limits = limits;
    }

    /** One ANS being read: its header section, then its lines. */
    private static final class Answer {
        final EntityBodyReader body = new EntityBodyReader();
        final RawLineSplitter lines;

        Answer(SyslogLimits limits) {
            lines = new RawLineSplitter(limits.maxLineLength(), limits.maxLinesPerAnswer());
        }
    }

    @Override
    public boolean streaming() {
        return true;
    }

    @Override
    public CompletionStage<?> onChunkAsync(Reply.Kind kind, long ansno, byte[] chunk, boolean last) {
        if (broken) {
            return SyslogAcks.DONE;
        }
        try {
            if (kind != Reply.Kind.ANSWERS) {
                throw new SyslogViolation(500, "the device answered the RAW MSG with " + kind
                        + " instead of ANS (RFC 3195 §3.1)");
            }
            Answer a = open.get(ansno);
            if (a == null) {
                if (open.size() >= limits.maxOpenAnswers()) {
                    throw new SyslogViolation(550, "more than " + limits.maxOpenAnswers() + " RAW answers open");
                }
                a = new Answer(limits);
                open.put(ansno, a);
            }
            List<String> lines = new ArrayList<>(a.lines.feed(a.body.feed(chunk)));
            if (last) {
                open.remove(ansno);
                lines.addAll(a.lines.feed(a.body.end()));
                lines.addAll(a.lines.end());
            }
            return deliver(lines);
        } catch (SyslogViolation v) {
            fail(v.getMessage());
            return SyslogAcks.DONE;
        }
    }

    private CompletableFuture<Void> deliver(List<String> lines) {
        List<CompletableFuture<Void>> acks = new ArrayList<>(lines.size());
        BeepSession session = channel.session();
        TlsSessionInfo tls = session.tls().orElse(null);
        SaslIdentity identity = session.identity().orElse(null);
        Instant now = Instant.now();
        for (String line : lines) {
            SyslogMessage m = SyslogTextParser.parse(line, SyslogMessage.builder().transport(SyslogTransport.RAW))
                    .remoteAddress(session.remoteAddress()).tls(tls).authenticatedAs(identity).receivedAt(now)
                    .build();
            acks.add(Delivery.one(consumer, m));
        }
        CompletableFuture<Void> all = Delivery.all(acks);
        pending.add(all);
        return all.whenComplete((ok, failure) -> {
            if (failure != null) {
                fail("the consumer failed to acknowledge a message: " + failure);
            }
        });
    }

    /**
     * Waits up to {@code timeout} until the consumer has acknowledged every line received so far; false if one failed
     * or the time passed.
     */
    boolean awaitAcknowledged(Duration timeout) throws InterruptedException {
        return pending.awaitAll(timeout);
    }

    @Override
    public void onAnswersComplete() {
        open.clear(); // NUL: the device has sent everything; it closes the channel next (RFC 3195 §3.4)
    }

    private void fail(String why) {
        if (broken) {
            return;
        }
        broken = true;
        log.warn("RAW channel {} from {}: {}; terminating the session", channel.number(),
                channel.session().remoteAddress(), LogText.escape(why));
        channel.session().terminate();
    }

    /** The MSG the collector sends when the channel opens (RFC 3195 §3.1): its content carries no meaning. */
    static MimeEntity readyMessage() {
        return MimeEntity.of("text/plain", "ready\r\n".getBytes(StandardCharsets.US_ASCII));
    }
}
