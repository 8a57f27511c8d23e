package io.beepkit.cli;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.TransferStats;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Per-session bookkeeping for the "closed" line: the channels open now, and only counters for the closed ones,
 * so a session that starts and closes channels for ever holds constant memory.
 */
final class ServedSession {
    final int number;
    final long openedNanos = System.nanoTime();
    final Set<BeepChannel> open = ConcurrentHashMap.newKeySet();
    final AtomicLong channelsOpened = new AtomicLong();
    final AtomicLong messages = new AtomicLong();
    /** The frame and octet counters of the channels already closed. */
    private TransferStats closedStats = TransferStats.ZERO;

    /**
     * Moves a closed channel's counters into the closed total. Synchronized with {@link #total()}: a channel's close
     * callback (on its event loop) and the session's close (on a callback thread) can run at once, and the total must
     * not see the channel gone from {@link #open} before its counters are in the closed total.
     */
    synchronized void channelClosed(BeepChannel channel) {
        if (open.remove(channel)) {
            closedStats = closedStats.plus(channel.stats());
        }
    }

    synchronized TransferStats total() {
        TransferStats total = closedStats;
        for (BeepChannel ch : open) {
            total = total.plus(ch.stats());
        }
        return total;
    }

    ServedSession(int number) {
        this.number = number;
    }
}
