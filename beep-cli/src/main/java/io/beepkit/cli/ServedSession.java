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
    /** The frame and octet counters of the channels already closed; guarded by itself. */
    final TransferStats closedStats = new TransferStats();

    void channelClosed(BeepChannel channel) {
        if (open.remove(channel)) {
            synchronized (closedStats) {
                closedStats.add(channel.stats());
            }
        }
    }

    TransferStats total() {
        TransferStats total = new TransferStats();
        synchronized (closedStats) {
            total.add(closedStats);
        }
        for (BeepChannel ch : open) {
            total.add(ch.stats());
        }
        return total;
    }

    ServedSession(int number) {
        this.number = number;
    }
}
