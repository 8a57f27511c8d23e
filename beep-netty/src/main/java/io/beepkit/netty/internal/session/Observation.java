package io.beepkit.netty.internal.session;

import io.beepkit.api.BeepException;
import io.beepkit.api.BeepObserver;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.MessageType;
import io.beepkit.api.ProtocolErrorKind;
import io.beepkit.api.SessionOutcome;
import io.beepkit.core.flow.FragmentPlanner;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.channel.MessageTally;
import io.beepkit.netty.internal.channel.PendingRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reports engine events to the configured {@link BeepObserver}: one static call per event site in the engine, so the
 * sites stay one line each. Channel 0 is filtered out here; whatever an observer throws is caught here and logged
 * once, so it never reaches the event loop's pipeline. Nothing allocates on these paths.
 */
final class Observation {
    private static final Logger log = LoggerFactory.getLogger(Observation.class);
    private static volatile boolean failureLogged;

    private Observation() {
    }

    static void sessionOpened(SessionContext s) {
        try {
            observer(s).sessionOpened(s.role());
        } catch (RuntimeException e) {
            failed(e);
        }
    }

    static void sessionClosed(SessionContext s, Throwable failure) {
        try {
            observer(s).sessionClosed(s.role(), SessionOutcome.of(failure));
        } catch (RuntimeException e) {
            failed(e);
        }
    }

    static void protocolError(SessionContext s, BeepException e) {
        if (!(e instanceof BeepProtocolException)) {
            return;
        }
        try {
            observer(s).protocolError(s.role(), ProtocolErrorKind.classify(e.getMessage()));
        } catch (RuntimeException x) {
            failed(x);
        }
    }

    static void channelOpened(ChannelImpl ch) {
        if (ch.number() == 0) {
            return;
        }
        try {
            observer(ch).channelOpened(ch.profile(), role(ch));
        } catch (RuntimeException e) {
            failed(e);
        }
    }

    static void channelClosed(ChannelImpl ch) {
        if (ch.number() == 0) {
            return;
        }
        try {
            observer(ch).channelClosed(ch.profile(), role(ch));
        } catch (RuntimeException e) {
            failed(e);
        }
    }

    /** A data frame was written: tallies it, reports a tiny fragment and, on the last frame, the message. */
    static void frameSent(ChannelImpl ch, FrameType type, int octets, boolean last, boolean tiny) {
        if (ch.number() == 0) {
            return;
        }
        MessageTally t = ch.tally();
        t.sent(octets);
        try {
            if (tiny) {
                observer(ch).tinyFragmentSent(ch.profile(), role(ch), octets);
            }
            if (last) {
                int frames = t.framesSent();
                long total = t.octetsSent();
                t.sentReset();
                observer(ch).messageSent(ch.profile(), role(ch), messageType(type), total, frames);
            }
        } catch (RuntimeException e) {
            failed(e);
        }
    }

    /**
     * A data frame arrived: tallies it, reports a tiny fragment and, on the last frame, the message. Frames of
     * interleaved answers (ANS with different ansno) share one tally, so their totals stay exact while the
     * per-message split between them is approximate.
     */
    static void frameReceived(ChannelImpl ch, FrameHeader h) {
        if (ch.number() == 0) {
            return;
        }
        MessageTally t = ch.tally();
        boolean split = t.framesReceived() > 0 || h.more();
        t.received(h.size());
        try {
            int tinyBelow = Math.min(FragmentPlanner.DEFAULT_MIN_FRAGMENT,
                    Math.max(1, ch.receive().window().window() / 4));
            if (split && h.size() > 0 && h.size() < tinyBelow) {
                observer(ch).tinyFragmentReceived(ch.profile(), role(ch), h.size());
            }
            if (!h.more()) {
                int frames = t.framesReceived();
                long total = t.octetsReceived();
                t.receivedReset();
                observer(ch).messageReceived(ch.profile(), role(ch), messageType(h.type()), total, frames);
            }
        } catch (RuntimeException e) {
            failed(e);
        }
    }

    static void seqSent(ChannelImpl ch) {
        if (ch.number() == 0) {
            return;
        }
        try {
            observer(ch).seqSent(ch.profile(), role(ch));
        } catch (RuntimeException e) {
            failed(e);
        }
    }

    static void seqReceived(ChannelImpl ch) {
        if (ch.number() == 0) {
            return;
        }
        try {
            observer(ch).seqReceived(ch.profile(), role(ch));
        } catch (RuntimeException e) {
            failed(e);
        }
    }

    static void windowStall(ChannelImpl ch, long nanos) {
        if (ch.number() == 0) {
            return;
        }
        try {
            observer(ch).windowStall(ch.profile(), role(ch), nanos);
        } catch (RuntimeException e) {
            failed(e);
        }
    }

    /** One of our MSGs is completely answered. */
    static void roundTrip(ChannelImpl ch, PendingRequest p) {
        if (ch.number() == 0) {
            return;
        }
        try {
            observer(ch).roundTrip(ch.profile(), role(ch), System.nanoTime() - p.createdNanos());
        } catch (RuntimeException e) {
            failed(e);
        }
    }

    private static BeepObserver observer(SessionContext s) {
        return s.config().observer();
    }

    private static BeepObserver observer(ChannelImpl ch) {
        return ch.host().config().observer();
    }

    private static io.beepkit.api.SessionRole role(ChannelImpl ch) {
        return ch.session().role();
    }

    private static MessageType messageType(FrameType t) {
        return switch (t) {
            case MSG -> MessageType.MSG;
            case RPY -> MessageType.RPY;
            case ERR -> MessageType.ERR;
            case ANS -> MessageType.ANS;
            case NUL -> MessageType.NUL;
            case SEQ -> throw new IllegalArgumentException("SEQ is not a message");
        };
    }

    private static void failed(RuntimeException e) {
        if (!failureLogged) {
            failureLogged = true;
            log.warn("a BeepObserver threw; its exceptions are ignored from now on", e);
        }
    }
}
