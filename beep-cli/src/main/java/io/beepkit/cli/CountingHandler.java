package io.beepkit.cli;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelStartRequest;
import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Responder;
import io.beepkit.api.StartDecision;

import java.util.Map;

/** Delegates to a standard profile and records channels and messages for the session's summary line. */
final class CountingHandler implements MessageHandler {
    private final MessageHandler delegate;
    private final Map<BeepSession, ServedSession> sessions;

    /** @param sessions the served sessions by session, whose counters this handler advances */
    CountingHandler(MessageHandler delegate, Map<BeepSession, ServedSession> sessions) {
        this.delegate = delegate;
        this.sessions = sessions;
    }

    /** Counts one message received on {@code channel}'s session (any thread). */
    void countMessage(BeepChannel channel) {
        ServedSession info = sessions.get(channel.session());
        if (info != null) {
            info.messageReceived();
        }
    }

    @Override
    public StartDecision onStart(ChannelStartRequest request) {
        return delegate.onStart(request);
    }

    @Override
    public void onOpen(BeepChannel channel) {
        ServedSession info = sessions.get(channel.session());
        if (info != null) {
            info.channelOpened(channel);
        }
        delegate.onOpen(channel);
    }

    @Override
    public void onMessage(Message message, Responder responder) {
        countMessage(message.channel());
        delegate.onMessage(message, responder);
    }

    /** As the wrapped handler: counting is a few atomic updates, safe on the I/O thread. */
    @Override
    public boolean nonBlocking() {
        return delegate.nonBlocking();
    }

    @Override
    public void onClose(BeepChannel channel) {
        ServedSession info = sessions.get(channel.session());
        if (info != null) {
            info.channelClosed(channel);
        }
        delegate.onClose(channel);
    }
}
