package io.beepkit.cli;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.TransferStats;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

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
    private final AtomicReference<TransferStats> closedStats = new AtomicReference<>(TransferStats.ZERO);

    void channelClosed(BeepChannel channel) {
        if (open.remove(channel)) {
            TransferStats last = channel.stats();
            closedStats.accumulateAndGet(last, TransferStats::plus);
        }
    }

    TransferStats total() {
        TransferStats total = closedStats.get();
        for (BeepChannel ch : open) {
            total = total.plus(ch.stats());
        }
        return total;
    }

    ServedSession(int number) {
        this.number = number;
    }
}
