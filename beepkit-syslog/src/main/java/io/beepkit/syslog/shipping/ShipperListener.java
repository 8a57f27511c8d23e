package io.beepkit.syslog.shipping;

/**
 * Told what a {@link LogShipper} does that the application may want to report: how the appenders turn drops and
 * spills into Logback status messages or Log4j 2 status logger lines. Calls are rate-limited by the shipper (the
 * first of a kind at once, then at most one every {@link LogShipper#REPORT_INTERVAL}), made on the shipper's thread
 * or, for drops, on a logging thread; an implementation must not block and must not log through the shipper.
 */
public interface ShipperListener {
    /** Events were dropped: {@code counts} holds the totals, {@code reason} says why the last one was. */
    default void dropped(ShipperCounts counts, String reason) {
    }

    /** Events were spilled to disk, because {@code reason}; {@code counts} holds the totals. */
    default void spilled(ShipperCounts counts, String reason) {
    }

    /** A session with {@code collector} ({@code host:port}) is up and the channel open. */
    default void connected(String collector) {
    }

    /** The session with {@code collector} was lost; events not acknowledged on it will be sent again. */
    default void disconnected(String collector, Throwable cause) {
    }
}
