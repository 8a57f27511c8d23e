package io.beepkit.netty.internal.session;

import io.beepkit.core.flow.ReceiveWindow;
import io.beepkit.core.flow.ReceiveWindowTuner;
import io.beepkit.core.flow.SendWindow;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;
import io.beepkit.netty.FlowSettings;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.channel.ReceiveState;
import io.beepkit.netty.internal.codec.Frame;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;

/**
 * Our receive windows (RFC 3081 §3.1.4): credit for what the application consumed, SEQ policy and timing, the
 * session's window budget and automatic window growth.
 *
 * <p>When a SEQ leaves matters as much as what it says. Frames read together get one consolidating SEQ at the end of
 * the read. A due SEQ on a channel that owes the peer a reply (a MSG handed to the application) or that just received
 * the reply to our MSG (our next MSG is likely to follow) waits, at most {@code seqDelay}, to ride in the same flush
 * as that reply or MSG: one TCP segment instead of two, and with Nagle on no write-write-read exchange waiting for a
 * delayed ACK. A peer that is still in the middle of a message, or that is probably waiting for the SEQ (its open
 * window would not take another message like its last), gets its SEQ at once, and so does a peer whose window we have
 * exhausted (our data could not leave to carry the SEQ).
 *
 * <p>Replies owed to our outstanding MSGs need room too: a peer answering many of them at once (a syslog collector's
 * {@code <ok />} per entry) must not meet the edge in the middle of one and split it. While the open window is below
 * the replies owed at the largest reply seen so far (when that fits in a granule), a SEQ is due as soon as the edge
 * can move by a granule (not only by half the window) and leaves at once, never waiting for our next data frame,
 * which may not come before the peer's tail wait ends.
 */
public final class ReceiveFlowController {
    private static final Logger log = LoggerFactory.getLogger(ReceiveFlowController.class);

    private final SessionContext ctx;
    // Starts at two slots (the default is 17): an idle session holds several of these.
    private final ArrayDeque<ChannelImpl> dueAtReadEnd = new ArrayDeque<>(1);
    private final ArrayDeque<ChannelImpl> deferred = new ArrayDeque<>(1);
    private long totalWindows;
    private boolean reading;
    private boolean deferTimerArmed;

    ReceiveFlowController(SessionContext ctx) {
        this.ctx = ctx;
    }

    void beginRead() {
        reading = true;
    }

    /** The read burst ended: send (or defer) the consolidated SEQs it made due. */
    void endRead() {
        reading = false;
        ChannelImpl ch;
        while ((ch = dueAtReadEnd.poll()) != null) {
            ReceiveState rs = ch.receive();
            rs.seqPending(false);
            if (!ch.lifecycle().isClosed() && seqDue(ch)) {
                if (mayRideWithData(ch)) {
                    defer(ch);
                } else {
                    sizeAndSendSeq(ch);
                }
            }
        }
    }

    /**
     * A SEQ may wait for our next data frame on its channel only if it is not urgent and that frame can leave when
     * it is produced. Urgent: the window still open to the peer would not take another message of the size it last
     * sent, so it is probably waiting for this very SEQ, and holding it would put our application's turn-around into
     * every round trip (measured: half the throughput with window-sized messages). Urgent too: the open window would
     * not take the replies still owed to our MSGs. Our own window towards the peer must be open too, or the peer's
     * credit would be held hostage by data that waits for the peer's credit in turn.
     */
    private boolean mayRideWithData(ChannelImpl ch) {
        ReceiveState rs = ch.receive();
        return !rs.midMessage() && (rs.repliesOwed() > 0 || rs.replyCompleted())
                && rs.window().open() >= rs.lastMessageOctets() && rs.window().open() >= roomOwed(ch)
                && ch.outbound().window().available() > 0
                && !ctx.config().flow().seqDelay().isZero() && !ctx.config().flow().naiveSplitting();
    }

    private void defer(ChannelImpl ch) {
        if (!ch.receive().seqDeferred()) {
            ch.receive().seqDeferred(true);
            deferred.add(ch);
        }
        if (!deferTimerArmed) {
            deferTimerArmed = true;
            ctx.schedule(this::sendDeferred, ctx.config().flow().seqDelay().toNanos());
        }
    }

    /** The bound passed: deferred SEQs leave on their own. */
    private void sendDeferred() {
        deferTimerArmed = false;
        ChannelImpl ch;
        while ((ch = deferred.poll()) != null) {
            beforeData(ch);
        }
    }

    /**
     * Called by the scheduler before a data frame on {@code ch}: a SEQ that is due leaves first, in the same flush;
     * so does one that the replies owed to our MSGs (this one included) make due.
     */
    void beforeData(ChannelImpl ch) {
        ReceiveState rs = ch.receive();
        if (!rs.seqDeferred() && !rs.seqPending() && (!ch.exchanges().awaitingReplies() || !seqDue(ch))) {
            return;
        }
        rs.seqDeferred(false);
        if (!ch.lifecycle().isClosed() && !ctx.closed() && seqDue(ch)) {
            sizeAndSendSeq(ch);
        }
    }

    /**
     * The room the peer needs for the replies it still owes to our MSGs on {@code ch}, each counted at the largest
     * reply it sent so far (0 before the first: nothing to go by, and the initial window is there for it). Replies
     * larger than a granule count for nothing: such a reply is bulk data that the window cuts anyway, and counting it
     * would only turn the half-window hysteresis into one SEQ per granule.
     */
    private static long roomOwed(ChannelImpl ch) {
        long largest = ch.receive().largestReplyOctets();
        if (largest > ch.receive().window().granule()) {
            return 0;
        }
        return ch.exchanges().awaitingCount() * largest;
    }

    /** A SEQ is due on {@code ch}: the window's own rule, or room short for the replies owed (see the class). */
    private static boolean seqDue(ChannelImpl ch) {
        return ch.receive().window().seqDue(roomOwed(ch));
    }

    /** A frame of {@code size} octets arrived and passed the window check. */
    void frameReceived(ChannelImpl ch, FrameHeader h) {
        ReceiveState rs = ch.receive();
        rs.window().onFrame(h.seqno(), h.size());
        rs.midMessage(h.more());
        rs.messageFrame(h.size(), !h.more());
        if (h.type() != FrameType.MSG) {
            rs.replyFrame(h.size(), !h.more());
        }
        rs.replyCompleted(false); // set again by the reply receiver if this frame completes a reply
        if (rs.tuner() != null) {
            rs.tuner().onFrameReceived(System.nanoTime(), rs.window().received());
        }
    }

    /**
     * Credits {@code octets} of the peer's MSGs consumed on {@code ch}, unless our replies still waiting to leave on
     * that channel already reach {@link #replyBacklogLimit}: then the credit is withheld until they drain. Every MSG
     * may cause a reply; a peer that keeps sending MSGs but never opens its window for our replies would otherwise
     * make us queue replies without limit (CONFORMANCE #38). Credit for replies to our own MSGs is never withheld,
     * so two peers doing this cannot wait for each other.
     */
    public void consumeMsg(ChannelImpl ch, int octets) {
        ReceiveState rs = ch.receive();
        if (rs.replyBacklog() >= replyBacklogLimit(ch)) {
            rs.withheldCredit(rs.withheldCredit() + octets);
            return;
        }
        int withheld = rs.withheldCredit();
        rs.withheldCredit(0);
        consume(ch, octets + withheld);
    }

    private long replyBacklogLimit(ChannelImpl ch) {
        int peer = Math.min(ch.outbound().window().peerWindow(), ctx.config().flow().maxWindow());
        return Math.max(ch.receive().window().window(), peer);
    }

    /**
     * {@code octets} of a frame go to the application: they count against the session's memory budget until the
     * returned task runs (from any thread, once the application is done with them), which releases them and returns
     * their credit on the event loop, as a MSG's ({@link #consumeMsg}) or a reply's ({@link #consume}).
     */
    Runnable heldByApplication(ChannelImpl ch, int octets, boolean msg) {
        ctx.memory().add(ch, octets);
        return () -> ctx.onLoop(() -> {
            ctx.memory().add(ch, -octets);
            if (msg) {
                consumeMsg(ch, octets);
            } else {
                consume(ch, octets);
            }
        });
    }

    /** A reply of {@code octets} was produced on {@code ch}; {@code settled} when it ends one the application owed. */
    void replyProduced(ChannelImpl ch, int octets, boolean settled) {
        ch.receive().addReplyBacklog(octets);
        ctx.memory().add(ch, octets);
        if (settled) {
            ch.receive().addRepliesOwed(-1);
        }
    }

    /** {@code n} octets of our replies left on {@code ch}: credit withheld by {@link #consumeMsg} may go now. */
    void replyWritten(ChannelImpl ch, int n) {
        ReceiveState rs = ch.receive();
        rs.addReplyBacklog(-n);
        ctx.memory().add(ch, -n);
        if (rs.withheldCredit() > 0 && rs.replyBacklog() < replyBacklogLimit(ch)) {
            int withheld = rs.withheldCredit();
            rs.withheldCredit(0);
            consume(ch, withheld);
        }
    }

    /** Credits {@code octets} consumed on {@code ch}; a SEQ goes out (or is marked due) when one is due. */
    public void consume(ChannelImpl ch, int octets) {
        if (octets == 0 || ch.lifecycle().isClosed() || ctx.closed()) {
            return;
        }
        ReceiveState rs = ch.receive();
        rs.window().consume(octets);
        if (rs.tuner() != null) {
            rs.tuner().onConsumed(System.nanoTime(), rs.window().received() - rs.window().unconsumed());
        }
        if (seqDue(ch)) {
            if (reading) {
                // RFC 3081 §3.1.4: frames presented together get one consolidating SEQ, at the end of the read.
                if (!rs.seqPending()) {
                    rs.seqPending(true);
                    dueAtReadEnd.add(ch);
                }
            } else {
                sizeAndSendSeq(ch);
            }
        }
    }

    /**
     * Sizes the window, then sends the SEQ if one is still due: a window the tuner just shrank may leave the right
     * edge where it was, and a SEQ that does not move the edge is useless (and the Vortex library takes it for an
     * attempt to shrink the window and drops the connection).
     */
    private void sizeAndSendSeq(ChannelImpl ch) {
        growIfWindowLimited(ch);
        if (seqDue(ch)) {
            sendSeq(ch);
        } else {
            ch.receive().seqDeferred(false);
        }
    }

    /**
     * Automatic receive-window sizing, bounded by the profile's maximum and the session's window budget: growth when
     * the window limits the path, shrinking (a slower advance of the right edge, never a retreat) when queueing delay
     * appears.
     */
    private void growIfWindowLimited(ChannelImpl ch) {
        ReceiveWindowTuner tuner = ch.receive().tuner();
        if (tuner == null) {
            return;
        }
        ReceiveWindow rw = ch.receive().window();
        int window = rw.window();
        long budgetLeft = sessionWindowBudget() - totalWindows;
        int sized = tuner.onSeq(System.nanoTime(), window, rw.received(), rw.open(), rw.unconsumed(), budgetLeft);
        // Keep the window a multiple of the first window's granule, so edges stay where the peer expects them.
        sized -= sized % rw.granule();
        if (sized != window && sized > 0) {
            rw.resize(sized);
            totalWindows += sized - window;
            log.debug("{}: receive window {} -> {} (min rtt {} us, latest {} us, application hold {} us, {} octets/s)",
                    ch, window, sized, tuner.roundTripNanos() / 1000, tuner.latestRoundTripNanos() / 1000,
                    tuner.applicationHoldNanos() / 1000, (long) tuner.octetsPerSecond());
        }
    }

    /** The most octets all receive windows of this session may add up to: what a peer can make us buffer. */
    private long sessionWindowBudget() {
        return 4L * ctx.config().flow().maxWindow();
    }

    private void sendSeq(ChannelImpl ch) {
        if (!ctx.hold().allowsSeq(ch.number())) {
            return; // TLS negotiation: the credit stays due, sent by resumeSeqs if TLS does not proceed
        }
        ReceiveState rs = ch.receive();
        rs.seqDeferred(false);
        ReceiveWindow rw = rs.window();
        if (rs.tuner() != null) {
            rs.tuner().onSeqSent(System.nanoTime(), rw.received(), rw.received() + rw.open(), rw.window());
        }
        int window = rw.advertiseWindow();
        ch.counters().seqSent();
        Observation.seqSent(ch);
        ctx.writer().write(Frame.seq(FrameHeader.seq(ch.number(), rw.ackno(), window)));
    }

    /**
     * Opens our receive window of a new channel to the profile's size, or to {@code fixedWindow} (not 0) without
     * growth; announced at once when larger than the RFC's 4096.
     */
    void announceWindow(ChannelImpl ch, int fixedWindow) {
        FlowSettings p = ctx.config().flow();
        int wanted = fixedWindow != 0 ? fixedWindow : p.initialWindow();
        // The budget trims windows above the RFC's 4096 only: every channel starts with 4096 octets the peer may
        // send (RFC 3081 §3.1.1), so that much is bounded by the channel limit, not by the budget.
        long budgetLeft = sessionWindowBudget() - totalWindows;
        int floor = Math.min(wanted, SendWindow.DEFAULT_WINDOW);
        int initial = (int) Math.max(floor, Math.min(wanted, budgetLeft));
        totalWindows += initial;
        if (fixedWindow == 0 && p.autoTuning()) {
            ch.receive().tuner(new ReceiveWindowTuner(p.maxWindow()));
        }
        if (ch.receive().window().resize(initial)) {
            sendSeq(ch);
        }
    }

    /** The hold on SEQs ended without a TLS reset: credit that became due meanwhile goes now. */
    void resumeSeqs(Iterable<ChannelImpl> channels) {
        for (ChannelImpl ch : channels) {
            if (!ch.lifecycle().isClosed() && seqDue(ch)) {
                sendSeq(ch);
            }
        }
    }

    /** The TLS tuning reset: every channel is gone, and their SEQ bookkeeping and window budget with them. */
    void reset() {
        dueAtReadEnd.clear();
        deferred.clear();
        totalWindows = 0;
    }

    /** A channel closed: its window leaves the budget. */
    void channelClosed(ChannelImpl ch) {
        ctx.memory().forget(ch);
        if (ch.number() != 0) {
            totalWindows -= ch.receive().window().window();
        }
    }
}
