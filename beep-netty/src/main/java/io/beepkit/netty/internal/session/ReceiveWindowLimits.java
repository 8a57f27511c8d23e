package io.beepkit.netty.internal.session;

import io.beepkit.core.flow.SendWindow;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.codec.FrameLimits;

/**
 * The decoder's per-frame limit from the session's receive windows: a data frame may declare at most what our window
 * on its channel leaves open (channel 0's 4096 octets before the greeting included). A channel that is not open gets
 * the RFC's initial 4096 octets (RFC 3081 §3.1.1): the dispatcher refuses the frame anyway once it is whole, and
 * waiting that long costs at most 4096 octets. The decoder applies its global maximum first. While the session is over
 * its memory budget, no frame is accepted at all; once the session has used its share of the loop's turn
 * ({@link ReadTurn}), nothing is decoded until its next turn. A header that passed tells the channel's window tuner.
 */
final class ReceiveWindowLimits implements FrameLimits {
    private final ChannelTable channels;
    private final SessionMemory memory;
    private final ReadTurn turn;

    ReceiveWindowLimits(ChannelTable channels, SessionMemory memory, ReadTurn turn) {
        this.channels = channels;
        this.memory = memory;
        this.turn = turn;
    }

    @Override
    public boolean turnSpent() {
        return turn.yielded();
    }

    @Override
    public boolean acceptingFrames() {
        return !memory.paused();
    }

    @Override
    public void onResume(Runnable decodeHeld) {
        memory.onResume(decodeHeld);
        turn.onResume(decodeHeld);
    }

    /** The window tuner's round-trip sample ends at a header, not at the frame's end (see the tuner). */
    @Override
    public void headerArrived(int channel, int size) {
        ChannelImpl ch = channels.get(channel);
        if (ch != null && ch.receive().tuner() != null) {
            ch.receive().tuner().onFrameStarted(System.nanoTime(), ch.receive().window().received() + size);
        }
    }

    @Override
    public long maxPayload(int channel) {
        ChannelImpl ch = channels.get(channel);
        return ch == null ? SendWindow.DEFAULT_WINDOW : ch.receive().window().open();
    }
}
