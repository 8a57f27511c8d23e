package io.beepkit.netty.internal.channel;

import io.beepkit.api.BeepException;
import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.ReplyTimeoutException;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;

/**
 * Giving up a channel when one of our MSGs missed its deadline or its future was cancelled. Its msgno must not be
 * reused while the reply may still come (RFC 3080 §2.2.1.1), replies on a channel come in msgno order (§2.6.1) so
 * every later reply waits behind the missing one, and a close may be sent only once every MSG of ours on the channel
 * is acknowledged (§2.3.1.3). So: the channel takes no new MSG; every exchange of ours pending on it fails at once
 * (the late one with its own cause, the others with a {@link ChannelClosedException} naming it) and its reply, if it
 * ever comes, is read and dropped; the close is sent once the last of them has arrived. A peer that has not answered
 * within the channel-request timeout after that is stuck, and the session is terminated. Event loop only.
 */
final class GiveUp {
    private GiveUp() {
    }

    /** {@code p}'s deadline passed: gives up its channel unless the reply came meanwhile. */
    static void deadlineMissed(ChannelImpl ch, PendingRequest p, Duration deadline) {
        if (stillWaiting(ch, p)) {
            ReplyTimeoutException e = new ReplyTimeoutException("no reply to msgno " + p.msgno() + " on channel "
                    + ch.number() + " (" + ch.profile() + ") within " + deadline.toMillis() + " ms");
            giveUp(ch, p, e, e);
        }
    }

    /** The application cancelled {@code p}'s future: gives up its channel unless the reply came meanwhile. */
    static void cancelled(ChannelImpl ch, PendingRequest p) {
        if (stillWaiting(ch, p)) {
            giveUp(ch, p, new CancellationException("cancelled"), new BeepException("the exchange of msgno "
                    + p.msgno() + " on channel " + ch.number() + " was cancelled"));
        }
    }

    private static boolean stillWaiting(ChannelImpl ch, PendingRequest p) {
        return !ch.host().closed() && !ch.lifecycle().isClosed() && ch.givenUp() == null
                && ch.exchanges().pending(p.msgno()) == p;
    }

    private static void giveUp(ChannelImpl ch, PendingRequest late, Throwable own, BeepException why) {
        ChannelClosedException others = new ChannelClosedException("channel " + ch.number() + " was given up: "
                + why.getMessage(), why);
        ch.givenUp(others);
        ch.exchanges().forEachPending(p -> {
            ReplySink sink = p.sink();
            p.discard();
            sink.fail(p == late ? own : others);
            if (p.outbound() != null && p.outbound().progress() instanceof StreamWriter w) {
                w.fail(others);
            }
        });
        ch.host().requestClose(ch, new CompletableFuture<>()); // goes out once every late reply has arrived
        Duration grace = ch.host().config().limits().channelRequestTimeout();
        ch.host().after(grace, () -> {
            if (!ch.host().closed() && !ch.lifecycle().isClosed() && ch.exchanges().awaitingReplies()) {
                ch.host().terminate(new ReplyTimeoutException("channel " + ch.number() + " was given up ("
                        + why.getMessage() + ") and the peer had still not answered every MSG on it "
                        + grace.toMillis() + " ms later, so the channel cannot be closed"));
            }
        });
    }
}
