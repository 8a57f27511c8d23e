package io.beepkit.netty.internal.security;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.SessionRole;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.netty.channel.Channel;

import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/** What the TLS and SASL wiring needs from its session. Implemented by the session; called on the event loop. */
public interface TuningHost {
    /** The public session. */
    BeepSession session();

    /** Our role. */
    SessionRole role();

    /** The Netty channel: its pipeline receives the TLS handler. */
    Channel channel();

    /** The host name and port connected to (initiator), for SNI and certificate checks; null on a listener. */
    String peerHost();

    /** The port connected to (initiator), or 0. */
    int peerPort();

    /** Where application callbacks and future completions run. */
    Executor callbacks();

    /** Every channel, channel 0 included. */
    Collection<ChannelImpl> allChannels();

    /** Restricts (or frees) what the scheduler and the flow controller may send; freeing sends due SEQs. */
    void hold(OutboundHold hold);

    /** Starts a channel through channel management, on the event loop. */
    void requestStart(ChannelRequest request, CompletableFuture<BeepChannel> f);

    /**
     * The TLS tuning reset: every channel, channel 0 included, is gone (their operations fail with {@code cause}),
     * flow state and channel management start afresh, and the frame decoder is replaced.
     */
    void resetForTls(BeepException cause);

    /** Opens the new channel 0 and greets (after the handshake). */
    void greet();

    /** The application may use the session now (connect() completes, the server's onSession runs). */
    void sessionReady();

    /** Ends the session with {@code e} as the cause. */
    void terminate(BeepException e);

    /** The bound on the drain of owed replies before {@code <proceed />}, and on the wait for the answer. */
    Duration tuningTimeout();
}
