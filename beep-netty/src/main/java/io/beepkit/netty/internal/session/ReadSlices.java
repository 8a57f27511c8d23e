package io.beepkit.netty.internal.session;

/**
 * Where a long read burst (the frames of one socket read, up to {@code channelReadComplete}) is cut into slices: after
 * its first {@value #FIRST_SLICE} octets of frame payload, then after twice as many more, and so on. At each cut the
 * callbacks collected so far run (or go to the callback thread) and what they wrote is flushed before the rest of the
 * burst is handled.
 *
 * <p>Without cuts, two peers with many messages in flight fall into lockstep: each handles the other's whole burst
 * while the other waits for the flush at its end (1 KiB echoes with 32 in flight left a 2-core machine half idle).
 * A first cut lets the peer start on the first replies while we handle the rest; doubling keeps the extra flushes to
 * a few per burst (five for 256 KiB). A burst shorter than the first slice is handled as before: one flush at its end.
 */
final class ReadSlices {
    /** The payload octets of the first slice: eight 1 KiB messages, two 4 KiB frames. */
    static final int FIRST_SLICE = 8 * 1024;
    private long sinceCut;
    private long slice = FIRST_SLICE;

    /** A read burst begins. */
    void begin() {
        sinceCut = 0;
        slice = FIRST_SLICE;
    }

    /**
     * A frame of {@code octets} payload octets was handled.
     *
     * @return true when the burst is cut after it
     */
    boolean cutAfter(int octets) {
        sinceCut += octets;
        if (sinceCut < slice) {
            return false;
        }
        sinceCut = 0;
        slice *= 2; // a long: no overflow within any burst a socket read can hold
        return true;
    }
}
