package io.beepkit.netty.internal.session;

import io.beepkit.core.flow.FragmentPlanner;
import io.beepkit.core.flow.SendWindow;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;
import io.beepkit.netty.FlowSettings;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.channel.OutboundMessage;
import io.beepkit.netty.internal.channel.OutboundQueue;
import io.beepkit.netty.internal.codec.Frame;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * Cuts queued messages into frames: channels take turns round-robin, one frame per channel per turn, while the socket
 * is writable, so a bulk channel cannot starve the others, and a channel that was idle takes the first turn; the window-aware {@link FragmentPlanner} sizes each frame
 * (no tiny tails), and a tail that would be tiny waits up to {@code tailWait} for the peer's SEQ before it goes
 * anyway. A SEQ due on the channel leaves just before its data frame, in the same flush.
 */
public final class OutboundScheduler {
    private static final Logger log = LoggerFactory.getLogger(OutboundScheduler.class);

    private final SessionContext ctx;
    private boolean greetingWritten;
    private final ReceiveFlowController flow;
    private final FragmentPlanner planner;
    // Starts at two slots (the default is 17): an idle session holds several of these.
    private final ArrayDeque<ChannelImpl> ready = new ArrayDeque<>(1);
    private Consumer<ChannelImpl> onMessageWritten = ch -> { };
    private boolean writing;
    private boolean tinyWarningLogged;

    OutboundScheduler(SessionContext ctx, ReceiveFlowController flow) {
        this.ctx = ctx;
        this.flow = flow;
        FlowSettings p = ctx.config().flow();
        this.planner = p.naiveSplitting() ? FragmentPlanner.naive(p.maxFrameSize())
                : FragmentPlanner.windowAware(p.maxFrameSize(), p.minFragment());
    }

    /** Told after the last frame of a message on a channel is written (channel management waits for that). */
    void onMessageWritten(Consumer<ChannelImpl> listener) {
        this.onMessageWritten = listener;
    }

    /** Marks {@code ch} as having something to send and writes what the windows allow. */
    void schedule(ChannelImpl ch) {
        OutboundQueue q = ch.outbound();
        if (!q.scheduled() && !q.isEmpty()) {
            q.scheduled(true);
            if (q.size() == 1 && !q.head().started()) {
                ready.addFirst(ch); // idle until now (an interactive call): its turn comes before a busy channel's
            } else {
                ready.add(ch);
            }
        }
        writePending();
    }

    /** A SEQ from the peer opened {@code ch}'s window. */
    void windowOpened(ChannelImpl ch) {
        if (!ch.outbound().isEmpty()) {
            ch.outbound().forceNext(false);
            schedule(ch);
        }
        ch.windowOpened(); // after what was queued took its share of the credit
    }

    /** One round-robin pass after another, one frame per channel per turn, while the socket takes data. */
    void writePending() {
        if (writing || ctx.closed() || ctx.loop() == null) {
            return;
        }
        writing = true;
        try {
            int turns = ready.size();
            while (!ready.isEmpty() && ctx.writer().writable()) {
                ChannelImpl ch = ready.poll();
                ch.outbound().scheduled(false);
                if (writeOneFrame(ch)) {
                    turns = ready.size() + 1;
                } else if (--turns <= 0) {
                    break;
                }
                if (!ch.outbound().isEmpty() && !ch.outbound().scheduled() && canProgress(ch)) {
                    ch.outbound().scheduled(true);
                    ready.add(ch);
                }
            }
        } finally {
            writing = false;
        }
    }

    /** Forgets a closed channel. */
    void remove(ChannelImpl ch) {
        ready.remove(ch);
    }

    /** The session ended. */
    void clear() {
        ready.clear();
    }

    private static boolean canProgress(ChannelImpl ch) {
        OutboundMessage m = ch.outbound().head();
        int available = ch.outbound().window().available();
        return m != null && m.sendable() && (m.remaining() == 0 || available > 0)
                && (!m.wholeFrame() || available >= m.remaining());
    }

    /** Writes the next frame of {@code ch}'s head message if the planner allows; false if it must wait. */
    private boolean writeOneFrame(ChannelImpl ch) {
        OutboundQueue q = ch.outbound();
        OutboundMessage m = q.head();
        if (m == null || !m.sendable()) {
            return false; // nothing queued, or a streamed message waiting for the application's next write
        }
        if (!ctx.hold().allows(ch.number(), m.type())) {
            return false; // TLS negotiation: this waits (and is dropped by the reset if TLS proceeds)
        }
        SendWindow window = q.window();
        int remaining = m.remaining();
        int n = 0;
        if (remaining > 0) {
            int available = window.available();
            // A whole-frame message waits for the SEQ that opens the window for all of it (no tail timer: it is
            // never cut); its size was checked against the window and our largest frame when it was queued.
            n = m.wholeFrame() ? (available >= remaining ? remaining : 0)
                    : planner.nextFrameSize(remaining, available, window.peerWindow(), window.inFlight(), q.forceNext());
            if (n == 0) {
                if (available > 0 && !m.wholeFrame()) {
                    armTailTimer(ch);
                }
                if (q.blockedSince() == 0) {
                    q.blockedSince(System.nanoTime());
                }
                return false;
            }
        }
        if (q.blockedSince() != 0) {
            long waited = System.nanoTime() - q.blockedSince();
            Observation.windowStall(ch, waited);
            ch.counters().blocked(waited);
            q.blockedSince(0);
        }
        q.forceNext(false);
        flow.beforeData(ch);
        boolean last = n == remaining && m.complete();
        long seqno = window.nextSeqno();
        // A tiny fragment: a piece of a split message smaller than a quarter window or 512 octets (the BTF tail).
        boolean split = m.started() || !last;
        boolean tiny = split && n > 0
                && n < Math.min(FragmentPlanner.DEFAULT_MIN_FRAGMENT, Math.max(1, window.peerWindow() / 4));
        ByteBuf slice = n == 0 ? Unpooled.EMPTY_BUFFER : m.next(n);
        window.consume(n);
        if (n > 0 && !last && window.available() == 0) {
            q.blockedSince(System.nanoTime()); // the rest of the message now waits on a closed window
        }
        FrameHeader h = m.type() == FrameType.ANS
                ? FrameHeader.ans(ch.number(), m.msgno(), !last, seqno, n, m.ansno())
                : FrameHeader.data(m.type(), ch.number(), m.msgno(), !last, seqno, n);
        ch.counters().frameSent(n, tiny);
        Observation.frameSent(ch, m.type(), n, last, tiny);
        if (tiny && !planner.isNaive()) {
            warnTiny(ch, n, m.total());
        }
        Frame frame = new Frame(h, slice);
        if (last) {
            q.removeHead();
            ch.counters().messageSent();
            Runnable after = m.onWritten();
            m.release();
            if (after == null) {
                ctx.writer().write(frame);
            } else {
                ctx.writer().write(frame, after);
            }
            onMessageWritten.accept(ch);
        } else {
            ctx.writer().write(frame);
        }
        if (m.progress() != null) {
            m.progress().sent(m.sent(), m.remaining());
        }
        if (m.type() != FrameType.MSG) {
            flow.replyWritten(ch, n);
            if (last && m.type() != FrameType.ANS) {
                settled(ch, m);
            }
        }
        return true;
    }

    /** A final reply left: the peer's MSG no longer costs the session anything, except for our greeting. */
    private void settled(ChannelImpl ch, OutboundMessage m) {
        if (ch.number() == 0 && m.msgno() == 0 && !greetingWritten) {
            greetingWritten = true; // it answers no MSG of the peer (RFC 3080 §2.4), so none was counted
            return;
        }
        ctx.memory().add(ch, -SessionMemory.PER_MESSAGE);
    }

    private void warnTiny(ChannelImpl ch, int n, int total) {
        if (!tinyWarningLogged) {
            tinyWarningLogged = true;
            log.warn("{}: the peer's window pattern forced a {}-octet fragment of a {}-octet message (window {}); "
                    + "consider a larger window", ch, n, total, ch.outbound().window().peerWindow());
        }
    }

    private void armTailTimer(ChannelImpl ch) {
        OutboundQueue q = ch.outbound();
        if (q.tailTimerArmed()) {
            return;
        }
        q.tailTimerArmed(true);
        ctx.schedule(() -> {
            q.tailTimerArmed(false);
            if (!ch.lifecycle().isClosed() && !q.isEmpty()) {
                q.forceNext(true);
                schedule(ch);
            }
        }, ctx.config().flow().tailWait().toNanos());
    }
}
