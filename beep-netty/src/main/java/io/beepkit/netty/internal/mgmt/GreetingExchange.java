package io.beepkit.netty.internal.mgmt;

import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.mgmt.ManagementCodec;
import io.beepkit.core.mgmt.ManagementMessage;
import io.beepkit.core.mgmt.ManagementMessage.Greeting;
import io.beepkit.core.mgmt.ManagementPayloads;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.channel.InboundRequest;

import java.util.List;

/**
 * The greeting exchange (RFC 3080 §2.4): both peers greet at once, each greeting answering the other's implicit
 * MSG 0 on channel 0; the first frame from the peer must be its greeting or an ERR refusing the session.
 */
final class GreetingExchange {
    private final ManagementHost host;
    private volatile List<String> peerProfiles = List.of();
    private volatile String peerFeatures;
    private volatile String peerLocalize = "i-default";
    private boolean firstFrameSeen;
    private boolean received;

    GreetingExchange(ManagementHost host) {
        this.host = host;
    }

    /** Sends our greeting at once, never waiting for the peer's (Vortex waits for ours). */
    void send(ChannelImpl zero) {
        InboundRequest implicit = InboundRequest.open(zero, 0);
        implicit.receivingDone();
        zero.exchanges().expectImplicitReply(0, new ManagementSink(this::onGreeting, this::onRefused, cause -> { }));
        Greeting g = new Greeting(host.tuning().greetingProfiles(host.registry().uris()), host.config().features(),
                host.config().localize());
        implicit.replyNow(FrameType.RPY, ManagementPayloads.xml(g));
    }

    /** True once the peer's greeting arrived. */
    boolean received() {
        return received;
    }

    /** RFC 3080 §2.4: the first frame must be the greeting (RPY 0 0) or a refusal (ERR 0 0). */
    void checkFirstFrame(FrameHeader h) {
        if (firstFrameSeen) {
            return;
        }
        if (h.channel() != 0 || h.msgno() != 0 || (h.type() != FrameType.RPY && h.type() != FrameType.ERR)) {
            throw new BeepProtocolException("the first frame must be a greeting (RPY 0 0) or ERR 0 0, got " + h);
        }
        firstFrameSeen = true;
    }

    private void onGreeting(MimeEntity entity) {
        ManagementMessage m = ManagementCodec.parse(entity.body());
        if (!(m instanceof Greeting g)) {
            throw new BeepProtocolException("expected <greeting>, got " + ManagementCodec.write(m));
        }
        peerProfiles = g.profiles();
        peerFeatures = g.features();
        peerLocalize = g.localize();
        received = true;
        host.ready();
    }

    private void onRefused(MimeEntity entity) {
        // Keep the peer's code and text: they are why the application's connect() failed (e.g. 421).
        host.terminate(ManagementPayloads.errorElement(entity)
                .<io.beepkit.api.BeepException>map(e -> new BeepErrorException(e.code(), e.diagnostic()))
                .orElseGet(() -> new BeepProtocolException("peer refused the session: " + entity.bodyText())));
    }

    List<String> peerProfiles() {
        return peerProfiles;
    }

    String peerFeatures() {
        return peerFeatures;
    }

    String peerLocalize() {
        return peerLocalize;
    }
}
