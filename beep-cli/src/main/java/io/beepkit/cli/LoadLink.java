package io.beepkit.cli;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.TransferStats;
import io.beepkit.netty.ManagedChannel;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Where one {@code beep load} loop sends: a plain channel, or with {@code --reconnect} a managed channel whose
 * underlying channel changes with every connection.
 */
interface LoadLink {
    /** Sends a MSG and collects the reply. */
    CompletableFuture<Reply> send(MimeEntity message);

    /** The counters of every channel this link has sent on. */
    TransferStats stats();

    /** A link on one channel. */
    static LoadLink of(BeepChannel channel) {
        return new LoadLink() {
            @Override
            public CompletableFuture<Reply> send(MimeEntity message) {
                return channel.send(message);
            }

            @Override
            public TransferStats stats() {
                return channel.stats();
            }
        };
    }

    /** A link on a managed channel, summing the counters of each connection's channel (one per reconnect). */
    static LoadLink of(ManagedChannel managed) {
        Set<BeepChannel> used = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
        return new LoadLink() {
            @Override
            public CompletableFuture<Reply> send(MimeEntity message) {
                managed.current().ifPresent(used::add);
                return managed.send(message);
            }

            @Override
            public TransferStats stats() {
                managed.current().ifPresent(used::add);
                TransferStats t = TransferStats.ZERO;
                synchronized (used) {
                    for (BeepChannel ch : used) {
                        t = t.plus(ch.stats());
                    }
                }
                return t;
            }
        };
    }
}
