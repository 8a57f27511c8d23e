package io.beepkit.api;

import java.util.List;

/**
 * Receives the events of every session a {@code BeepServer} or {@code BeepClient} runs, for metrics. Every method
 * has a no-op default, so an observer implements only what it counts.
 *
 * <p>Calls arrive on the session's event loop, so an implementation must be cheap, must not block, and should not
 * allocate per call (increment counters it looked up in advance). An exception thrown by an observer is caught and
 * logged once by the library; it never reaches the session. Channel 0 (session management) is not reported as a
 * channel and its messages are not counted. Tags carried by the events are bounded: the profile URI, the role of the
 * local side of the session, a message type, an outcome; never a peer address.
 */
public interface BeepObserver {
    /** An observer that ignores everything: the default. */
    BeepObserver NOOP = new BeepObserver() {
    };

    /**
     * One observer telling every event to each of {@code observers}, in order: what a listener or client takes when
     * several parties observe it (meters, traces, the application's own counts).
     *
     * @param observers the observers, in the order they are told
     * @return {@link #NOOP} for none, the observer itself for one, else one that forwards to all
     */
    static BeepObserver composite(List<? extends BeepObserver> observers) {
        return switch (observers.size()) {
            case 0 -> NOOP;
            case 1 -> observers.get(0);
            default -> new CompositeObserver(observers);
        };
    }

    /**
     * A TCP connection was established and the session began (greetings follow).
     *
     * @param role our role in the session
     */
    default void sessionOpened(SessionRole role) {
    }

    /**
     * A session ended.
     *
     * @param role    our role in the session
     * @param outcome how it ended
     */
    default void sessionClosed(SessionRole role, SessionOutcome outcome) {
    }

    /**
     * A channel was started (by either peer).
     *
     * @param profile the channel's profile URI
     * @param role    our role in the session
     */
    default void channelOpened(String profile, SessionRole role) {
    }

    /**
     * A channel was closed, or ended with its session.
     *
     * @param profile the channel's profile URI
     * @param role    our role in the session
     */
    default void channelClosed(String profile, SessionRole role) {
    }

    /**
     * The last frame of a message we sent was written.
     *
     * @param profile the channel's profile URI
     * @param role    our role in the session
     * @param type    the message type
     * @param octets  payload octets of the whole message (MIME headers included)
     * @param frames  how many frames carried it
     */
    default void messageSent(String profile, SessionRole role, MessageType type, long octets, int frames) {
    }

    /**
     * The last frame of a message from the peer arrived.
     *
     * @param profile the channel's profile URI
     * @param role    our role in the session
     * @param type    the message type
     * @param octets  payload octets of the whole message (MIME headers included)
     * @param frames  how many frames carried it
     */
    default void messageReceived(String profile, SessionRole role, MessageType type, long octets, int frames) {
    }

    /**
     * We sent a tiny fragment: a piece of a split message smaller than 512 octets or a quarter of the peer's window.
     *
     * @param profile the channel's profile URI
     * @param role    our role in the session
     * @param octets  the fragment's payload size
     */
    default void tinyFragmentSent(String profile, SessionRole role, int octets) {
    }

    /**
     * The peer sent a tiny fragment: a piece of a split message smaller than 512 octets or a quarter of our window.
     *
     * @param profile the channel's profile URI
     * @param role    our role in the session
     * @param octets  the fragment's payload size
     */
    default void tinyFragmentReceived(String profile, SessionRole role, int octets) {
    }

    /**
     * We sent a SEQ frame (window update) on a channel.
     *
     * @param profile the channel's profile URI
     * @param role    our role in the session
     */
    default void seqSent(String profile, SessionRole role) {
    }

    /**
     * The peer sent a SEQ frame on a channel.
     *
     * @param profile the channel's profile URI
     * @param role    our role in the session
     */
    default void seqReceived(String profile, SessionRole role) {
    }

    /**
     * A channel had data to send but waited for the peer's window to open; reported when sending resumes.
     *
     * @param profile the channel's profile URI
     * @param role    our role in the session
     * @param nanos   how long it waited
     */
    default void windowStall(String profile, SessionRole role, long nanos) {
    }

    /**
     * The peer broke a rule that terminates the session.
     *
     * @param role our role in the session
     * @param kind which kind of rule
     */
    default void protocolError(SessionRole role, ProtocolErrorKind kind) {
    }

    /**
     * One of our MSGs got its complete reply (the RPY or ERR, or the NUL ending the ANS series).
     *
     * @param profile the channel's profile URI
     * @param role    our role in the session
     * @param nanos   from the MSG being queued to its reply being complete
     */
    default void roundTrip(String profile, SessionRole role, long nanos) {
    }
}
