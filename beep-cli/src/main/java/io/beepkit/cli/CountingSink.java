package io.beepkit.cli;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelStartRequest;
import io.beepkit.api.StartDecision;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.DiscardingSink;

import java.util.Map;

/**
 * The sink of {@code beep serve}: a {@link DiscardingSink}, so its frames are dropped on the event loop without a
 * copy or a crossing to the callback executor, counting each message and its channels there as
 * {@link CountingHandler} does for the other profiles (an atomic counter per message, the channels under a lock).
 */
final class CountingSink extends DiscardingSink {
    private final CountingHandler counts;

    /** @param sessions the served sessions by session, whose counters this sink advances */
    CountingSink(Map<BeepSession, ServedSession> sessions) {
        this(new CountingHandler(StandardProfiles.sink(), sessions)); // its lifecycle is the defaults, as ours
    }

    private CountingSink(CountingHandler counts) {
        super(counts::countMessage);
        this.counts = counts;
    }

    @Override
    public StartDecision onStart(ChannelStartRequest request) {
        return counts.onStart(request);
    }

    @Override
    public void onOpen(BeepChannel channel) {
        counts.onOpen(channel);
    }

    @Override
    public void onClose(BeepChannel channel) {
        counts.onClose(channel);
    }
}
