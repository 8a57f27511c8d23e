package io.beepkit.syslog.internal;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.ChannelStartRequest;
import io.beepkit.api.Message;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.Responder;
import io.beepkit.api.StartDecision;
import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogLimits;

/**
 * The collector's RAW profile (RFC 3195 §3): once a channel is open, whoever started it, the collector sends its one
 * MSG and reads the device's answers with a {@link RawAnswerReader}. The device sends no MSG of its own on RAW; one
 * that does is answered ERR 500.
 */
public final class RawCollectorHandler implements ProfileHandler {
    private final SyslogConsumer consumer;
    private final SyslogLimits limits;
    private final SessionChannels sessions;

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
        sessions.closed(channel.session());
    }

    @Override
    public void onOpen(BeepChannel channel) {
        // The exchange lasts as long as the channel; its end (NUL, close, session end) needs no action here.
        channel.send(RawAnswerReader.readyMessage(), new RawAnswerReader(channel, consumer, limits));
    }

    @Override
    public void onMessage(Message message, Responder responder) {
        responder.error(500, "on RAW only the collector sends a MSG; the device answers it (RFC 3195 §3.1)");
    }
}
