package io.beepkit.cli;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.TransferStats;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * Per-session bookkeeping for the "closed" line: the channels open now, and only counters for the closed ones,
 * so a session that starts and closes channels for ever holds constant memory. A listener holds one per session, so
 * an idle one is a few fields: the set of open channels is made with the first channel.
 */
final class ServedSession {
    private static final AtomicLongFieldUpdater<ServedSession> MESSAGES =
            AtomicLongFieldUpdater.newUpdater(ServedSession.class, "messages");

    final int number;
    final long openedNanos = System.nanoTime();
    /** Messages received (any thread, lock-free: counted on the message path). */
    private volatile long messages;
    /** The channels open now, or null before the first. Guarded by this. */
    private Set<BeepChannel> open;
    /** Channels opened so far. Guarded by this. */
    private long channelsOpened;
    /** The frame and octet counters of the channels already closed. Guarded by this. */
    private TransferStats closedStats = TransferStats.ZERO;

    ServedSession(int number) {
        this.number = number;
    }

    /** Counts a message received (any thread). */
    void messageReceived() {
        MESSAGES.incrementAndGet(this);
    }

    /** Messages received so far. */
    long messages() {
        return messages;
    }

    /** Records a channel opened. */
    synchronized void channelOpened(BeepChannel channel) {
        if (open == null) {
            open = new HashSet<>(4);
        }
        open.add(channel);
        channelsOpened++;
    }

    /** Channels opened so far. */
    synchronized long channelsOpened() {
        return channelsOpened;
    }

    /** Channels open now. */
    synchronized int openCount() {
        return open == null ? 0 : open.size();
    }

    /**
     * Moves a closed channel's counters into the closed total. Synchronized with {@link #total()}: a channel's close
     * callback (on its event loop) and the session's close (on a callback thread) can run at once, and the total must
     * not see the channel gone from the open channels before its counters are in the closed total.
     */
    synchronized void channelClosed(BeepChannel channel) {
        if (open != null && open.remove(channel)) {
            closedStats = closedStats.plus(channel.stats());
        }
    }

    synchronized TransferStats total() {
        TransferStats total = closedStats;
        if (open != null) {
            for (BeepChannel ch : open) {
                total = total.plus(ch.stats());
            }
        }
        return total;
    }
}
