package io.beepkit.netty.internal.session;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.TransferStats;
import io.beepkit.core.channel.TransferCounters;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.netty.util.collection.IntObjectHashMap;
import io.netty.util.collection.IntObjectMap;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The channels of one session by number (channel 0 included), a thread-safe view of the open ones for the
 * application, the few most recently closed numbers (a SEQ crossing our close is harmless), and the counters of
 * channels that are gone. Written on the event loop.
 */
public final class ChannelTable {
    private static final int RECENTLY_CLOSED = 64;

    // Sized for channel 0 alone: a listener holds one table per session, most with a few channels at most.
    private final IntObjectMap<ChannelImpl> channels = new IntObjectHashMap<>(2);
    private final ConcurrentMap<Integer, BeepChannel> openView = new ConcurrentSkipListMap<>();
    /** Made when the first channel closes, as {@link #closedStats}: an idle session holds neither. */
    private LinkedHashSet<Integer> recentlyClosed;
    private volatile TransferCounters closedStats;

    /** The channel numbered {@code n}, or null. */
    public ChannelImpl get(int n) {
        return channels.get(n);
    }

    /** True while channel {@code n} is in the table. */
    public boolean contains(int n) {
        return channels.containsKey(n);
    }

    /** Adds a channel; channels other than 0 become visible to the application. */
    public void add(ChannelImpl ch) {
        channels.put(ch.number(), ch);
        if (ch.number() != 0) {
            openView.put(ch.number(), ch);
        }
        if (recentlyClosed != null) {
            recentlyClosed.remove(ch.number());
        }
    }

    /** Removes a closed channel, keeping its counters and remembering its number for a while. */
    public void remove(ChannelImpl ch) {
        channels.remove(ch.number());
        openView.remove(ch.number());
        closedStats().add(ch.counters());
        if (recentlyClosed == null) {
            recentlyClosed = new LinkedHashSet<>();
        }
        recentlyClosed.add(ch.number());
        if (recentlyClosed.size() > RECENTLY_CLOSED) {
            recentlyClosed.remove(recentlyClosed.iterator().next());
        }
    }

    /** Removes every channel (the session ended) and returns them. */
    public List<ChannelImpl> removeAll() {
        List<ChannelImpl> all = new ArrayList<>(channels.values());
        channels.clear();
        openView.clear();
        if (!all.isEmpty()) {
            TransferCounters closed = closedStats();
            all.forEach(ch -> closed.add(ch.counters()));
        }
        return all;
    }

    /** The counters of the channels gone, made when the first one goes (event loop). */
    private TransferCounters closedStats() {
        TransferCounters c = closedStats;
        if (c == null) {
            c = new TransferCounters();
            closedStats = c;
        }
        return c;
    }

    /**
     * Removes every channel (the session ended, or the TLS tuning reset): each one's pending operations fail with
     * {@code cause}, a close we asked for completes, and the handlers of open channels are told where their callbacks
     * run ({@link SessionContext#callbacksFor}).
     */
    public void dropAll(Throwable cause, SessionContext ctx) {
        for (ChannelImpl ch : removeAll()) {
            drop(ch, cause, ctx);
        }
    }

    /**
     * One channel taken out of the table: its pending operations fail with {@code cause}, a close we asked for
     * completes, and the handler of an open channel is told where its callbacks run.
     */
    static void drop(ChannelImpl ch, Throwable cause, SessionContext ctx) {
        boolean wasOpen = ch.number() != 0 && ch.isOpen();
        Observation.channelClosed(ch);
        ch.destroy(cause);
        CompletableFuture<Void> ours = ch.closeState().ours();
        if (ours != null) {
            ctx.callbacks().execute(() -> ours.complete(null));
        }
        if (wasOpen && ch.handler() != null) {
            ctx.callbacksFor(ch.handler()).execute(() -> ch.handler().onClose(ch));
        }
    }

    /** True when channel {@code n} closed recently. */
    public boolean recentlyClosed(int n) {
        return recentlyClosed != null && recentlyClosed.contains(n);
    }

    /** Channels open besides channel 0. */
    public int openCount() {
        return openView.size();
    }

    /** Every channel, channel 0 included (event loop). */
    public Collection<ChannelImpl> all() {
        return channels.values();
    }

    /** The open channels other than 0, readable from any thread. */
    public Collection<BeepChannel> openChannels() {
        return List.copyOf(openView.values());
    }

    /** The session's counters: closed channels plus open ones. */
    public TransferStats stats() {
        TransferCounters closed = closedStats;
        TransferStats total = closed == null ? TransferStats.ZERO : closed.snapshot();
        for (BeepChannel ch : openView.values()) {
            total = total.plus(ch.stats());
        }
        ChannelImpl zero = channels.get(0);
        if (zero != null) {
            total = total.plus(zero.stats());
        }
        return total;
    }
}
