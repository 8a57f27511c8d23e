package io.beepkit.core.flow;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.frame.Seq;

/**
 * Our receive window for one channel (RFC 3081 §3.1.4): checks every incoming frame against the sequence number we
 * expect and the right edge we advertised, and decides when to send a SEQ.
 *
 * <p>Policy: credit only octets the application has consumed; the advertised right edge sits on a multiple of the
 * first window (4096 gives edges at 4096, 8192, 12288, ...), so a sender that fills what is open cuts its frames at
 * the same places every time instead of at ever-shifting small offsets; a SEQ goes out only when the edge can move
 * by half the current window or one granule, whichever is larger (hysteresis, never one SEQ per frame), or when
 * the peer has been drained at the edge (so a window shrunk below the granule cannot stall the channel), or when the
 * open room is below what the caller says the peer still needs ({@link #seqDue(long)}: the replies owed to our
 * outstanding MSGs) and the edge can move by a granule; the edge never moves left; an enlarged window is announced at
 * once. Counters are kept as absolute 64-bit values from the start and rendered modulo 2^32 on the wire, so the wrap
 * at 2^32 needs no special case.
 *
 * <p>Not thread-safe: owned by the session's event loop.
 */
public final class ReceiveWindow {
    private final long baseSeqno;
    private final int granule;
    private int window;
    private long received;
    private long consumed;
    private long advertisedEdge;
    private boolean enlargedPending;

    /** The RFC's starting point: seqno 0, 4096 octets. */
    public ReceiveWindow() {
        this(0, SendWindow.DEFAULT_WINDOW);
    }

    /**
     * @param initialSeqno the first sequence number expected (0 per RFC 3081; tests preset it near 2^32)
     * @param window       the window the peer assumes at the start (4096 per RFC 3081 §3.1.1)
     */
    public ReceiveWindow(long initialSeqno, int window) {
        Seq.check(initialSeqno, "initialSeqno");
        if (window < 2) {
            throw new IllegalArgumentException("window must be >= 2: " + window);
        }
        this.baseSeqno = initialSeqno;
        this.window = window;
        this.granule = Math.max(1, window / 2);
        this.advertisedEdge = window;
    }

    /** The sequence number expected on the next frame. */
    public long expectedSeqno() {
        return Seq.add(baseSeqno, received);
    }

    /** The window size we aim to keep open. */
    public int window() {
        return window;
    }

    /** The step the right edge moves by: half the first window. Window sizes are best kept multiples of it. */
    public int granule() {
        return granule;
    }

    /** Octets received on this channel since it opened. */
    public long received() {
        return received;
    }

    /** Octets received but not yet consumed by the application. */
    public long unconsumed() {
        return received - consumed;
    }

    /** Octets the peer may still send before reaching the right edge we advertised. */
    public long open() {
        return advertisedEdge - received;
    }

    /**
     * Checks a frame's sequence number and size and records it as received.
     *
     * @throws BeepProtocolException on a sequence mismatch (RFC 3080 §2.2.1.2) or a window overrun (RFC 3081 §3.1.2)
     */
    public void onFrame(long seqno, int size) {
        long expected = expectedSeqno();
        if (seqno != expected) {
            throw new BeepProtocolException("frame seqno " + seqno + " but expected " + expected);
        }
        if (received + size > advertisedEdge) {
            throw new BeepProtocolException("frame of " + size + " octets at seqno " + seqno + " overruns the window: "
                    + open() + " octets were open");
        }
        received += size;
    }

    /**
     * Records {@code octets} consumed by the application.
     *
     * @return true if a SEQ should be sent now ({@link #ackno()} and {@link #advertiseWindow()} give its fields)
     */
    public boolean consume(long octets) {
        if (octets < 0 || consumed + octets > received) {
            throw new IllegalArgumentException("consuming " + octets + " octets but only " + unconsumed() + " are unconsumed");
        }
        consumed += octets;
        return seqDue();
    }

    /**
     * Changes the window size. A larger window is announced at once (a peer blocked at its edge must learn of it);
     * a smaller one takes effect as the application consumes, since the edge never moves left.
     *
     * @return true if a SEQ should be sent now
     */
    public boolean resize(int newWindow) {
        if (newWindow < 2) {
            throw new IllegalArgumentException("window must be >= 2: " + newWindow);
        }
        boolean larger = newWindow > window;
        window = newWindow;
        if (larger) {
            enlargedPending = true;
        }
        return seqDue();
    }

    /**
     * True if the right edge may move by a granule or more, or an enlarged window awaits announcement, or the peer
     * is drained at the edge (everything up to it received and consumed).
     */
    public boolean seqDue() {
        long edge = candidateEdge();
        if (edge <= advertisedEdge) {
            return false;
        }
        // Drained at the edge, the peer can send nothing and only a SEQ restarts the flow. The hysteresis must not
        // hold it back: after a shrink below the granule (a small profile window, an exhausted session budget) the
        // edge can never move by a whole threshold, and the channel would stall for good.
        boolean drained = consumed == advertisedEdge;
        return enlargedPending || drained || edge - advertisedEdge >= threshold();
    }

    /**
     * As {@link #seqDue()}, and also true when fewer than {@code roomNeeded} octets are open and the edge can move by
     * at least a granule: a peer that owes us that much (replies to our outstanding MSGs, say) would otherwise meet
     * the edge in the middle of a message. The edge still moves only to a granule boundary, so this adds at most one
     * SEQ per granule consumed.
     *
     * @param roomNeeded the octets the peer is expected to send before it can see our next chance to send a SEQ
     */
    public boolean seqDue(long roomNeeded) {
        if (seqDue()) {
            return true;
        }
        long edge = candidateEdge();
        return open() < roomNeeded && edge - advertisedEdge >= Math.min(granule, window);
    }

    /** Half the current window, in whole granules: the hysteresis that keeps SEQs to about two per window. */
    private long threshold() {
        long half = window / 2;
        return Math.max(granule, half - half % granule);
    }

    private long candidateEdge() {
        long edge = consumed + window;
        long aligned = edge - edge % granule;
        return aligned > consumed ? aligned : edge;
    }

    /**
     * Moves the advertised edge to where the consumption allows and returns the window to put in the SEQ; call
     * {@link #ackno()} for its ackno. The result counts from the ackno (the next octet expected).
     */
    public int advertiseWindow() {
        long edge = candidateEdge();
        if (edge > advertisedEdge) {
            advertisedEdge = edge;
        }
        enlargedPending = false;
        return (int) Math.min(Integer.MAX_VALUE, advertisedEdge - received);
    }

    /** The ackno of a SEQ: the next sequence number expected (RFC 3081 §3.1.3). */
    public long ackno() {
        return expectedSeqno();
    }

    /** The advertised right edge as a sequence number, for diagnostics. */
    public long rightEdgeSeqno() {
        return Seq.add(baseSeqno, advertisedEdge);
    }
}
