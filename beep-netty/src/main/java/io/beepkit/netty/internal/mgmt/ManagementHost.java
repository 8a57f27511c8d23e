package io.beepkit.netty.internal.mgmt;

import io.beepkit.api.BeepException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.SessionRole;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.internal.ViolationLog;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.security.SessionTuning;

import java.net.SocketAddress;
import java.util.Collection;
import java.util.concurrent.Executor;

/** What channel management needs from its session. Implemented by the session; called on the event loop. */
public interface ManagementHost {
    /** The public session. */
    BeepSession session();

    /** Our role. */
    SessionRole role();

    /** The session's settings. */
    SessionConfig config();

    /** The profiles we offer. */
    ProfileRegistry registry();

    /** Where application callbacks run. */
    Executor callbacks();

    /** Where {@code handler}'s own callbacks run (the event loop for a non-blocking handler). */
    Executor callbacksFor(ProfileHandler handler);

    /** Runs {@code task} on the event loop: now if already there, else queued. */
    void onLoop(Runnable task);

    /**
     * Runs {@code task} on the event loop after {@code delay} (what it throws fails the session).
     *
     * @return cancels the task when run
     */
    Runnable after(java.time.Duration delay, Runnable task);

    /** True once the session has shut down. */
    boolean closed();

    /** The peer's address, for log lines. */
    SocketAddress remoteAddress();

    /** Channel {@code n}, or null. */
    ChannelImpl channel(int n);

    /** Every channel, channel 0 included. */
    Collection<ChannelImpl> allChannels();

    /** Channels open besides channel 0. */
    int openCount();

    /** Creates and registers an open channel. */
    ChannelImpl newChannel(int number, String profile, String initData, ProfileHandler handler);

    /**
     * Opens our receive window of a new channel to the profile's size, or to {@code fixedWindow} octets without
     * automatic growth when it is not 0.
     */
    void announceWindow(ChannelImpl ch, int fixedWindow);

    /** Forgets a closed channel and tells its handler. */
    void channelClosed(ChannelImpl ch);

    /** The greetings are exchanged: the session is ready for the application. */
    void ready();

    /** The session's protocol-violation log: one WARN per kind, then counted. */
    ViolationLog violations();

    /** Ends the session for a violation or the peer's refusal. */
    void terminate(BeepException e);

    /** Closes TCP at once (after a release both peers agreed on). */
    void closeConnection();

    /** Closes TCP once what has been written is flushed (we accepted the peer's release). */
    void closeAfterFlush();

    /**
     * A channel-0 request of the peer was parsed, or refused before parsing: it counts against the session's share of
     * the event-loop turn ({@code SessionLimits.maxStartsPerTurn}).
     */
    void requestHandled();

    /** The session's TLS and SASL state: what the greeting offers, TLS starts, TLS required. */
    SessionTuning tuning();
}
