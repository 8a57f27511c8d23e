package io.beepkit.syslog.shipping;

/**
 * What a {@link LogShipper} does with an event when its queue is full: the collector is slower than the application,
 * or unreachable.
 */
public enum OverflowPolicy {
    /**
     * The logging thread waits for room, up to {@link LogShipper.Builder#blockTimeout}; an event still without room
     * then is dropped and counted. Nothing is lost while the collector keeps up within the bound.
     */
    BLOCK,
    /**
     * Nothing waits: once the queue is {@link LogShipper#DROP_THRESHOLD_PERCENT} full, events of severity notice,
     * info and debug (5 to 7) are dropped; warnings and worse are dropped only when the queue is full. Every drop is
     * counted.
     */
    DROP,
    /**
     * The shipper's thread moves queued events to append-only files in {@link LogShipper.Builder#spillDirectory}
     * when it cannot deliver them (no session, or the queue more than half full), and delivers them from there once
     * it can, oldest first, also after the application restarts. An event is spilled once written to the file (in
     * the operating system's hands: it survives the application being killed, not a power cut). The logging thread
     * waits as {@link #BLOCK} for room only when the spill cannot keep up; when the files reach
     * {@link LogShipper.Builder#spillMaxBytes}, events are dropped and counted.
     */
    SPILL
}
