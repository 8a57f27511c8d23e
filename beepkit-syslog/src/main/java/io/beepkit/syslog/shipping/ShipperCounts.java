package io.beepkit.syslog.shipping;

/**
 * What a {@link LogShipper} has done with the events offered to it, counted since it started. An event is counted
 * once as delivered (the collector acknowledged it: COOKED {@code <ok />}, RAW the clean end of the channel that
 * carried it), once as dropped, or held: in the queue, in flight, or spilled and not yet delivered.
 */
public final class ShipperCounts {
    private final long offered;
    private final long delivered;
    private final long dropped;
    private final long spilled;
    private final long resent;
    private final long pending;

    private ShipperCounts(long offered, long delivered, long dropped, long spilled, long resent, long pending) {
        this.offered = offered;
        this.delivered = delivered;
        this.dropped = dropped;
        this.spilled = spilled;
        this.resent = resent;
        this.pending = pending;
    }

    /** The counts given; for the shipper and for tests. */
    public static ShipperCounts of(long offered, long delivered, long dropped, long spilled, long resent,
                                   long pending) {
        return new ShipperCounts(offered, delivered, dropped, spilled, resent, pending);
    }

    /** Events handed to {@link LogShipper#offer}. */
    public long offered() {
        return offered;
    }

    /** Events the collector acknowledged (including events replayed from the spill of an earlier run). */
    public long delivered() {
        return delivered;
    }

    /** Events given up: no room in time, the spill full, refused by the collector, or left at a close. */
    public long dropped() {
        return dropped;
    }

    /** Events written to the spill files. */
    public long spilled() {
        return spilled;
    }

    /** Sends of an event that had been sent on a session which ended before acknowledging it (possible duplicates). */
    public long resent() {
        return resent;
    }

    /** Events held and not yet delivered: queued, in flight, or waiting to be sent again (not those in the spill). */
    public long pending() {
        return pending;
    }

    @Override
    public String toString() {
        return "ShipperCounts[offered=" + offered + ", delivered=" + delivered + ", dropped=" + dropped
                + ", spilled=" + spilled + ", resent=" + resent + ", pending=" + pending + "]";
    }
}
