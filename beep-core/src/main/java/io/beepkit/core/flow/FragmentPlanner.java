package io.beepkit.core.flow;

/**
 * Decides how many octets of a pending message go into the next frame, given the peer's window. This is where the
 * BEEP tiny fragment (BTF) pathology is prevented: a message slightly larger than what is open must not be cut into a
 * full frame plus a tiny tail, over and over.
 *
 * <p>The rules, in order:
 * <ol>
 *   <li>The rest of the message fits in what is open and under the maximum frame size: send it whole.</li>
 *   <li>Less than a minimum fragment is open while a good part of the window is in flight: wait, the peer's SEQ
 *       will open a useful amount.</li>
 *   <li>Filling what is open would leave a tail under the minimum fragment: cut earlier so the tail is exactly one
 *       minimum fragment, so 4098 octets on a 4096 window become 3586 + 512, not 4096 + 2; the pipe stays full
 *       and the tail leaves with the next message's first frame. A message under two minimum fragments waits for
 *       the window instead, if a SEQ is due.</li>
 *   <li>A piece that neither completes the message nor fills half the peer's window waits while a SEQ is due
 *       (sender-side silly-window avoidance).</li>
 *   <li>Otherwise fill exactly what is open, aligning our frames with the peer's window.</li>
 * </ol>
 * A message that fits goes whole when it is at most half the peer's window; a larger one goes in frames of at most
 * {@link #frameCap} (a quarter of that window, at least 4096 octets), so the peer's credit comes back while the rest
 * of the window is in flight.
 * The {@linkplain #naive() naive} planner reproduces old stacks (fill what is open, whatever remains) so the
 * difference can be measured.
 */
public final class FragmentPlanner {
    /** Default smallest fragment worth sending when a message must be split. */
    public static final int DEFAULT_MIN_FRAGMENT = 512;

    /** The frame cap never goes below the RFC 3081 default window, so 4096-octet windows keep whole frames. */
    static final int FRAME_CAP_FLOOR = 4096;
    /** Frames per peer window once the window is large: enough that credit flows back while the rest is in flight. */
    static final int FRAMES_PER_WINDOW = 4;

    private final int maxFrameSize;
    private final int minFragment;
    private final boolean naive;

    private FragmentPlanner(int maxFrameSize, int minFragment, boolean naive) {
        if (maxFrameSize < 1) {
            throw new IllegalArgumentException("maxFrameSize must be >= 1: " + maxFrameSize);
        }
        if (minFragment < 1) {
            throw new IllegalArgumentException("minFragment must be >= 1: " + minFragment);
        }
        this.maxFrameSize = maxFrameSize;
        this.minFragment = minFragment;
        this.naive = naive;
    }

    /** The window-aware planner. */
    public static FragmentPlanner windowAware(int maxFrameSize, int minFragment) {
        return new FragmentPlanner(maxFrameSize, minFragment, false);
    }

    /** The planner of old stacks: as much as is open, however small the remainder. */
    public static FragmentPlanner naive(int maxFrameSize) {
        return new FragmentPlanner(maxFrameSize, 1, true);
    }

    /** A naive planner with no frame size limit but the window. */
    public static FragmentPlanner naive() {
        return naive(Integer.MAX_VALUE);
    }

    public int maxFrameSize() {
        return maxFrameSize;
    }

    public int minFragment() {
        return minFragment;
    }

    public boolean isNaive() {
        return naive;
    }

    /**
     * The largest frame worth sending on a window of {@code peerWindow}: the maximum frame size, but no more than a
     * quarter of the peer's window (and never under the RFC's 4096-octet default window). The peer returns credit
     * only for frames it has seen whole, so a frame the size of the window would make every round trip stop and
     * wait; with quarter-window frames the credit for the first comes back while the rest are in flight, and a
     * window sized to the path's bandwidth-delay product fills it. On a slow link, where the receiver keeps its
     * window small, this also keeps frames short, so another channel's frame never waits long behind one.
     */
    public int frameCap(int peerWindow) {
        if (naive) {
            return maxFrameSize;
        }
        return Math.min(maxFrameSize, Math.max(FRAME_CAP_FLOOR, peerWindow / FRAMES_PER_WINDOW));
    }

    /**
     * {@link #nextFrameSize(long, int, int, long, boolean)} for a peer that keeps its window: the octets in flight
     * are what its window holds beyond what is open.
     */
    public int nextFrameSize(long remaining, int available, int peerWindow, boolean force) {
        return nextFrameSize(remaining, available, peerWindow, Math.max(0, (long) peerWindow - available), force);
    }

    /**
     * @param remaining  octets of the message not yet sent (0 for an empty final frame)
     * @param available  octets the peer's window has open now
     * @param peerWindow the window size the peer last advertised
     * @param inFlight   octets sent and not yet acknowledged ({@link SendWindow#inFlight()}): the peer's next SEQ
     *                   is expected when this is at least half its window
     * @param force      true when waiting has already lasted too long: never return 0 if anything is open
     * @return octets to put in the next frame; 0 means wait (unless {@code remaining} is 0, which is an empty frame)
     */
    public int nextFrameSize(long remaining, int available, int peerWindow, long inFlight, boolean force) {
        if (remaining == 0) {
            return 0;
        }
        int limit = Math.min(available, maxFrameSize);
        if (limit <= 0) {
            return 0;
        }
        if (remaining <= limit && (naive || remaining <= Math.max(FRAME_CAP_FLOOR, peerWindow / 2))) {
            return (int) remaining; // fits, and leaves half the window for the frames behind it
        }
        int frameCap = frameCap(peerWindow);
        limit = Math.min(limit, frameCap);
        if (remaining <= limit) {
            return (int) remaining;
        }
        if (naive) {
            return limit;
        }
        int minFrag = Math.max(1, Math.min(minFragment, peerWindow / 4));
        boolean seqExpected = inFlight >= peerWindow / 2 && inFlight > 0;
        // A piece under the minimum fragment waits as long as the peer owes us credit at all, whether for octets in
        // flight or for octets it has not consumed yet (its window field is then smaller than its buffer): sending it
        // would be the tiny fragment itself. The tail timer bounds the wait.
        long owed = Math.max(0, (long) peerWindow - available);
        boolean creditOwed = seqExpected || (owed > 0 && owed >= peerWindow / 2);
        if (limit < minFrag) {
            return (creditOwed && !force) ? 0 : limit;
        }
        if (remaining - limit >= minFrag) {
            // Sender-side silly-window avoidance (RFC 1122 §4.2.3.4 by analogy): a piece that neither completes the
            // message nor fills half the peer's window waits for the SEQ that is on its way. Not a full-size frame:
            // when the maximum frame size is what caps it, waiting cannot make it larger, only the pipe emptier
            // (with a peer window above twice the frame size, every frame would otherwise wait for the tail timer).
            if (seqExpected && !force && limit < peerWindow / 2 && limit < frameCap) {
                return 0;
            }
            return limit;
        }
        // Filling what is open would leave a tiny tail: move the cut so the tail is one minimum fragment. The
        // window stays nearly full, and the tail goes out with the next message's first frame.
        long cut = remaining - minFrag;
        if (cut >= minFrag) {
            return (int) cut;
        }
        return (creditOwed && !force) ? 0 : limit;
    }
}
