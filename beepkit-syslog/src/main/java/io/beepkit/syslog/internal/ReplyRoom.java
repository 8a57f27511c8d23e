package io.beepkit.syslog.internal;

/**
 * The room a COOKED device keeps in its receive window for the collector's replies: every entry handed to the channel
 * awaits a reply, counted at the largest reply seen so far ({@value #FIRST_REPLY_ESTIMATE} octets, an {@code <ok />}
 * with its Content-Type header, before the first), and another entry goes only while all of them fit in half the
 * device's window. The engine moves the window's edge half a window at a time, so at least that half is open after
 * every SEQ: the collector can send every reply it owes without meeting the edge in the middle of one, however late
 * the device's next SEQ (a stalled device, a loaded machine). Not thread-safe: guarded by its {@link EntryPipeline}.
 */
final class ReplyRoom {
    /** The size assumed for a reply before the first arrives: {@code <ok />} and its Content-Type header. */
    static final int FIRST_REPLY_ESTIMATE = 44;

    private final long room;
    private int awaiting;
    private long largest = FIRST_REPLY_ESTIMATE;

    /** Room for replies in half of {@code window}, the device's receive window. */
    ReplyRoom(int window) {
        if (window < 2) {
            throw new IllegalArgumentException("window must be >= 2: " + window);
        }
        this.room = window / 2;
    }

    /** True if one more entry's reply fits beside those awaited; the first always does. */
    boolean admitsAnother() {
        return awaiting == 0 || (awaiting + 1L) * largest <= room;
    }

    /** An entry went to the channel: its reply is awaited. */
    void handedOver() {
        awaiting++;
    }

    /** A reply of {@code octets} arrived (0 when the entry failed without one). */
    void answered(long octets) {
        awaiting = Math.max(0, awaiting - 1);
        largest = Math.max(largest, octets);
    }

    /** Entries handed over and not answered yet. */
    int awaiting() {
        return awaiting;
    }
}
