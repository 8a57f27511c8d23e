package io.beepkit.api;

import org.jspecify.annotations.Nullable;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One channel of a session, bound to a profile: sends MSGs as a {@link MessageSender} (with the session's default
 * deadline unless the {@link SendOptions} give one). All methods are thread-safe and non-blocking.
 */
public interface BeepChannel extends MessageSender {
    /** The channel number (odd when started by the initiator, even when started by the listener). */
    int number();

    /** The profile URI the channel runs. */
    String profile();

    /** Data the peer piggybacked in its start request or reply, if any. */
    Optional<String> peerInitData();

    /** The session this channel belongs to. */
    BeepSession session();

    /** True until the channel is closed or the session ends. */
    boolean isOpen();

    /**
     * Closes the channel with code 200 once every MSG we sent on it is answered (RFC 3080 §2.3.1.3). The future fails
     * with {@link BeepErrorException} if the peer refuses.
     */
    CompletableFuture<@Nullable Void> close();

    /** The window size the peer last advertised for this channel (4096 until its first SEQ). */
    int remoteWindow();

    /** Octets the peer's window has open right now. */
    int availableWindow();

    /**
     * The largest frame the peer would accept now: the open window capped by the maximum frame size. Messages of at
     * most {@link #remoteWindow()} octets (payload, headers included) never need more than one frame once the window
     * is open.
     */
    int effectiveTransferSize();

    /**
     * The receive window we currently advertise for this channel: starts at the socket profile's initial window and
     * grows automatically (up to its maximum) when the window rather than the application limits the transfer.
     */
    int localWindow();

    /** Frame and byte counters of this channel. */
    TransferStats stats();
}
