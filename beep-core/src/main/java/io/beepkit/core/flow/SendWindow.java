package io.beepkit.core.flow;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.frame.Seq;

import java.util.Arrays;

/**
 * The peer's receive window for one channel, as seen by our sender (RFC 3081 §3.1.2): we may send octets with
 * sequence numbers up to, not including, {@code ackno + window} of the last SEQ. Starts at seqno 0 with a 4096-octet
 * window (RFC 3081 §3.1.1). Not thread-safe: owned by the session's event loop.
 */
public final class SendWindow {
    /** The window every channel starts with in each direction (RFC 3081 §3.1.1). */
    public static final int DEFAULT_WINDOW = 4096;
    /** How many SEQs the peer-window estimate remembers. */
    static final int RECENT_SEQS = 4;

    private long nextSeqno;
    /** The peer's last valid ackno (initially the first seqno): every later ackno lies in [acked, nextSeqno]. */
    private long acked;
    private long rightEdge;
    private int peerWindow;
    /** The window fields of the last SEQs ({@value #RECENT_SEQS} of them), whose maximum is {@link #peerWindow}. */
    private final int[] recentWindows = new int[RECENT_SEQS];
    private int recentIndex;
    private long shrinkCount;

    /** A window at seqno 0 with the RFC's default of 4096 octets. */
    public SendWindow() {
        this(0, DEFAULT_WINDOW);
    }

    /** A window starting at {@code initialSeqno} (tests preset it near 2^32) with {@code window} octets open. */
    public SendWindow(long initialSeqno, int window) {
        Seq.check(initialSeqno, "initialSeqno");
        if (window < 0) {
            throw new IllegalArgumentException("window must be >= 0: " + window);
        }
        this.nextSeqno = initialSeqno;
        this.acked = initialSeqno;
        this.rightEdge = Seq.add(initialSeqno, window);
        this.peerWindow = window;
        Arrays.fill(recentWindows, window);
    }

    /** The sequence number our next frame on this channel carries. */
    public long nextSeqno() {
        return nextSeqno;
    }

    /** Octets we may send now without overrunning the peer. */
    public int available() {
        long d = Seq.compare(rightEdge, nextSeqno);
        return d <= 0 ? 0 : (int) Math.min(d, Integer.MAX_VALUE);
    }

    /**
     * The largest window the peer advertised in its last {@value #RECENT_SEQS} SEQs: its buffer size as far as we can
     * tell, not what is left of it, following the peer down when it shrinks its window.
     */
    public int peerWindow() {
        return peerWindow;
    }

    /**
     * Octets sent but not yet acknowledged by a SEQ: a SEQ is on its way when the peer has consumed them. Counted
     * from the peer's last ackno, not from its window estimate, which lags behind a peer that shrank its window.
     */
    public long inFlight() {
        return Seq.distance(acked, nextSeqno);
    }

    /** How many SEQs moved the right edge to the left (a peer violating RFC 1122 §4.2.2.16 by analogy). */
    public long shrinkCount() {
        return shrinkCount;
    }

    /**
     * Records {@code size} octets sent.
     *
     * @throws IllegalStateException if that would overrun the peer's window (a bug on our side)
     */
    public void consume(int size) {
        if (size > available()) {
            throw new IllegalStateException("sending " + size + " octets with only " + available() + " open");
        }
        nextSeqno = Seq.add(nextSeqno, size);
    }

    /**
     * Applies a SEQ from the peer.
     *
     * @return true if the window opened (more octets may be sent than before)
     * @throws BeepProtocolException if the ackno lies outside the octets sent and not yet acknowledged: ahead of what
     *         we sent, or behind the peer's previous ackno (RFC 3081 §3.1.3: invalid, terminate). The range is
     *         measured as distances from the previous ackno, so an ackno half the sequence space away cannot pass
     *         for an old acknowledgement across the wrap.
     */
    public boolean onSeq(long ackno, int window) {
        Seq.check(ackno, "ackno");
        long sent = Seq.distance(acked, nextSeqno);
        long advance = Seq.distance(acked, ackno);
        if (advance > sent) {
            long behind = Seq.distance(ackno, acked);
            if (behind < advance && behind <= Integer.MAX_VALUE) {
                throw new BeepProtocolException("SEQ acknowledges " + ackno + ", behind the " + acked
                        + " the peer already acknowledged");
            }
            throw new BeepProtocolException("SEQ acknowledges " + ackno + " but the next octet we send is " + nextSeqno);
        }
        acked = ackno;
        int before = available();
        long edge = Seq.add(ackno, window);
        if (Seq.compare(edge, rightEdge) < 0) {
            // The peer shrank its window. RFC 3081 says it SHOULD NOT; we still honour it so we never overrun.
            shrinkCount++;
        }
        rightEdge = edge;
        // The window field counts from the ackno, so it is smaller than the peer's buffer while the peer holds
        // unconsumed octets: the largest of the last few SEQs estimates the buffer the planner sizes for. Only the
        // last few: a peer that sizes its window to the path shrinks it, and a stale larger estimate would make the
        // planner wait for credit that never comes (a quarter-full window looks like a silly-window piece).
        recentWindows[recentIndex] = window;
        recentIndex = (recentIndex + 1) % recentWindows.length;
        int max = 0;
        for (int w : recentWindows) {
            max = Math.max(max, w);
        }
        peerWindow = max;
        return available() > before;
    }
}
