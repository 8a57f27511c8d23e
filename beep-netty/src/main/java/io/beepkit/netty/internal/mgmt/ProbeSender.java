package io.beepkit.netty.internal.mgmt;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.channel.ChannelNumbers;
import io.beepkit.core.flow.SendWindow;
import io.beepkit.core.mgmt.ManagementCodec;
import io.beepkit.core.mgmt.ManagementMessage;
import io.beepkit.core.mgmt.ManagementMessage.Profile;
import io.beepkit.core.mgmt.ManagementMessage.Start;
import io.beepkit.netty.LivenessProbe;
import io.beepkit.netty.internal.channel.ChannelImpl;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The liveness probe: a start request on {@link LivenessProbe#PROFILE}, which every RFC 3080 peer must answer and
 * none is expected to accept. A refusal (or an acceptance) proves the peer alive; no answer within the timeout
 * terminates the session, as for any unanswered channel-0 request. One probe at a time. Event loop only.
 */
final class ProbeSender {
    private final ManagementHost host;
    private final ChannelNumbers numbers;
    private final OwnRequests requests;
    private final Closing closing;
    private boolean outstanding;

    ProbeSender(ManagementHost host, ChannelNumbers numbers, OwnRequests requests, Closing closing) {
        this.host = host;
        this.numbers = numbers;
        this.requests = requests;
        this.closing = closing;
    }

    void probe(Duration timeout) {
        if (outstanding) {
            return;
        }
        int n = numbers.allocate(host.openCount());
        if (n < 0) {
            return; // every channel number is taken: the next quiet interval tries again
        }
        outstanding = true;
        String what = "liveness probe (start of channel " + n + " on " + LivenessProbe.PROFILE + ")";
        requests.send(new Start(n, null, List.of(new Profile(LivenessProbe.PROFILE, null, false))), what, timeout,
                rpy -> {
                    ManagementMessage m = ManagementCodec.parse(rpy.body());
                    if (!(m instanceof Profile p) || !p.uri().equals(LivenessProbe.PROFILE)) {
                        throw new BeepProtocolException("reply to the " + what + " is not the offered profile: "
                                + ManagementCodec.write(m));
                    }
                    answered(n);
                    // The peer runs a profile by that name after all: close the channel it just opened.
                    ChannelImpl ch = host.newChannel(n, p.uri(), p.content(), null);
                    host.announceWindow(ch, SendWindow.DEFAULT_WINDOW); // about to close: no SEQ to announce one
                    closing.requestClose(ch, new CompletableFuture<>());
                }, err -> answered(n), cause -> { }, late -> { });
    }

    private void answered(int n) {
        numbers.unreserve(n);
        outstanding = false;
    }
}
