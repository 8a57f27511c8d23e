package io.beepkit.core.flow;

import java.util.concurrent.TimeUnit;

/**
 * How long our application holds what a channel received before consuming it, that is before its credit can return:
 * one marked octet at a time, from the moment the frame that carries it is whole to the moment it is consumed; the
 * windowed maximum over {@value #FILTER_MILLIS} ms is the hold.
 *
 * <p>Why it matters: credit goes round a loop, path and application alike. An application that acknowledges in
 * batches (a syslog collector's fsync per batch, a Kafka broker's acknowledgement) holds every octet for that long,
 * however short the path, so a window sized to the path alone ({@code rate x path round trip}) lets through one
 * window per batch: 4 KiB per 60 ms in a trace, a few dozen syslog entries a second. The maximum, not the minimum: a
 * batch's first octet waits for the whole batch, and a loop estimated short shrinks the window, which shortens the
 * batches and lowers the rate that the next estimate multiplies (a ratchet down to 4096 octets).
 *
 * <p>Not thread-safe: owned by the session's event loop. Times are {@link System#nanoTime()} values passed in.
 */
final class ApplicationHold {
    static final int FILTER_MILLIS = 1000;

    private final WindowedExtremum max = new WindowedExtremum(TimeUnit.MILLISECONDS.toNanos(FILTER_MILLIS), true);
    private boolean marked;
    private long markEnd;
    private long markNanos;

    /** A frame is whole, {@code received} octets in all: unless an octet is marked, its last octet is. */
    void onFrameReceived(long nowNanos, long received) {
        if (!marked) {
            marked = true;
            markEnd = received;
            markNanos = nowNanos;
        }
    }

    /** The application has consumed {@code consumed} octets in all: the marked octet's hold ends if it is among them. */
    void onConsumed(long nowNanos, long consumed) {
        if (marked && consumed >= markEnd) {
            marked = false;
            max.update(nowNanos, Math.max(0, nowNanos - markNanos));
        }
    }

    /** The windowed maximum hold, 0 before the first sample (an application that consumes at once). */
    long nanos() {
        return (long) max.get(0);
    }
}
