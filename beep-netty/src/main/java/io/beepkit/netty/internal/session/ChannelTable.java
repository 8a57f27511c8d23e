package io.beepkit.netty.internal.session;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.TransferStats;
import io.beepkit.core.channel.IntMap;
import io.beepkit.core.channel.TransferCounters;
import io.beepkit.netty.internal.channel.ChannelImpl;

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

    // An IntMap holds channel 0 alone in two fields: a listener holds one table per session, most with few channels.
    private final IntMap<ChannelImpl> channels = new IntMap<>();
    /** The open channels but 0, for any thread; made with the first one, so an idle session holds no view. */
    private volatile ConcurrentMap<Integer, BeepChannel> openView;
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
            ConcurrentMap<Integer, BeepChannel> view = openView;
            if (view == null) {
                view = new ConcurrentSkipListMap<>();
                openView = view;
            }
            view.put(ch.number(), ch);
        }
        if (recentlyClosed != null) {
            recentlyClosed.remove(ch.number());
        }
    }

    /** Removes a closed channel, keeping its counters and remembering its number for a while. */
    public void remove(ChannelImpl ch) {
        channels.remove(ch.number());
        ConcurrentMap<Integer, BeepChannel> view = openView;
        if (view != null) {
            view.remove(ch.number());
        }
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
        List<ChannelImpl> all = all();
        channels.clear();
        ConcurrentMap<Integer, BeepChannel> view = openView;
        if (view != null) {
            view.clear();
        }
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
     * {@code cause}, a close we asked for among them, and the handlers of open channels are told where their callbacks
     * run ({@link SessionContext#callbacksFor}).
     */
    public void dropAll(Throwable cause, SessionContext ctx) {
        for (ChannelImpl ch : removeAll()) {
            drop(ch, cause, ctx);
        }
    }

    /**
     * One channel taken out of the table: its pending operations fail with {@code cause}, a close we asked for among
     * them (the peer never answered it, so nothing confirms it took what the channel carried), and the handler of an open channel is told where its callbacks run.
     */
    static void drop(ChannelImpl ch, Throwable cause, SessionContext ctx) {
        boolean wasOpen = ch.number() != 0 && ch.isOpen();
        Observation.channelClosed(ch);
        ch.destroy(cause);
        CompletableFuture<Void> ours = ch.closeState().ours();
        if (ours != null) {
            ctx.callbacks().execute(() -> ours.completeExceptionally(cause));
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
        ConcurrentMap<Integer, BeepChannel> view = openView;
        return view == null ? 0 : view.size();
    }

    /** Every channel, channel 0 included: a copy (event loop). */
    public List<ChannelImpl> all() {
        List<ChannelImpl> all = new ArrayList<>(channels.size());
        channels.forEachValue(all::add);
        return all;
    }

    /** The open channels other than 0, readable from any thread. */
    public Collection<BeepChannel> openChannels() {
        ConcurrentMap<Integer, BeepChannel> view = openView;
        return view == null ? List.of() : List.copyOf(view.values());
    }

    /** The session's counters: closed channels plus open ones. */
    public TransferStats stats() {
        TransferCounters closed = closedStats;
        TransferStats total = closed == null ? TransferStats.ZERO : closed.snapshot();
        ConcurrentMap<Integer, BeepChannel> view = openView;
        if (view != null) {
            for (BeepChannel ch : view.values()) {
                total = total.plus(ch.stats());
            }
        }
        ChannelImpl zero = channels.get(0);
        if (zero != null) {
            total = total.plus(zero.stats());
        }
        return total;
    }
}
