package io.beepkit.syslog.internal;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.ChannelStartRequest;
import io.beepkit.api.CloseDecision;
import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Responder;
import io.beepkit.api.StartDecision;
import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogLimits;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The collector's RAW profile (RFC 3195 §3): once a channel is open, whoever started it, the collector sends its one
 * MSG and reads the device's answers with a {@link RawAnswerReader}. The device sends no MSG of its own on RAW; one
 * that does is answered ERR 500.
 *
 * <p>The device's close of the channel, after its NUL, is its only sign that the collector holds what it sent (§3.4):
 * a device forgets the channel's lines on the collector's positive reply. So the close is accepted only once the
 * consumer has acknowledged every line of the channel, waiting up to {@link #CLOSE_WAIT}; a failed acknowledgement,
 * or one that does not come in time, refuses it with 451, and the device sends the lines again.
 */
public final class RawCollectorHandler implements MessageHandler {
    /** How long a close waits for the consumer's acknowledgements: within the engine's 30 s for a decision. */
    static final Duration CLOSE_WAIT = Duration.ofSeconds(20);

    private final SyslogConsumer consumer;
    private final SyslogLimits limits;
    private final SessionChannels sessions;
    private final Map<BeepChannel, RawAnswerReader> readers = new ConcurrentHashMap<>();

    /** A handler delivering to {@code consumer} within {@code limits}, counting channels in {@code sessions}. */
    public RawCollectorHandler(SyslogConsumer consumer, SyslogLimits limits, SessionChannels sessions) {
        this.consumer = consumer;
        this.limits = limits;
        this.sessions = sessions;
    }

    @Override
    public StartDecision onStart(ChannelStartRequest request) {
        StartDecision refused = sessions.admit(request.session());
        return refused != null ? refused : StartDecision.accept();
    }

    @Override
    public void onClose(BeepChannel channel) {
        readers.remove(channel);
        sessions.closed(channel.session());
    }

    @Override
    public void onOpen(BeepChannel channel) {
        RawAnswerReader reader = new RawAnswerReader(channel, consumer, limits);
        readers.put(channel, reader);
        channel.send(RawAnswerReader.readyMessage(), reader);
    }

    /**
     * Runs on the session's callback executor after the chunk callbacks of every frame that came before the close
     * request, so every line the device sent is counted by then.
     */
    @Override
    public CloseDecision onCloseRequest(BeepChannel channel, int code) {
        RawAnswerReader reader = readers.get(channel);
        try {
            if (reader == null || reader.awaitAcknowledged(CLOSE_WAIT)) {
                return CloseDecision.accept();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return CloseDecision.refuse(451, "the collector has not stored every line of this channel; send them again");
    }

    @Override
    public void onMessage(Message message, Responder responder) {
        responder.refuse(500, "on RAW only the collector sends a MSG; the device answers it (RFC 3195 §3.1)");
    }
}
