package io.beepkit.api;

import java.net.SocketAddress;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A BEEP session: one TCP connection multiplexing channels. All methods are thread-safe and non-blocking; futures
 * complete on the session's callback executor.
 */
public interface BeepSession {
    /** Whether this side opened the TCP connection (initiator) or accepted it (listener). */
    SessionRole role();

    /** The profile URIs the peer's greeting offered. */
    List<String> peerProfiles();

    /** The {@code features} attribute of the peer's greeting, or null. */
    String peerFeatures();

    /** The {@code localize} attribute of the peer's greeting ({@code i-default} when absent). */
    String peerLocalize();

    /** The serverName bound by the first successful start that carried one (RFC 3080 §2.3.1.2), or null. */
    String serverName();

    /** Starts a channel on {@code profileUri} with no init data. */
    CompletableFuture<BeepChannel> startChannel(String profileUri);

    /**
     * Starts a channel offering one or more profiles (the peer picks one), with optional init data, serverName and a
     * handler for MSGs the peer sends on it. Fails with {@link BeepErrorException} if the peer refuses.
     */
    CompletableFuture<BeepChannel> startChannel(ChannelRequest request);

    /** The open channels other than channel 0. */
    Collection<BeepChannel> channels();

    /**
     * Releases the session (close of channel 0 with code 200) once our outstanding MSGs are answered. Fails with
     * {@link BeepErrorException} if the peer declines, in which case the session stays up.
     */
    CompletableFuture<Void> close();

    /** Closes the TCP connection at once; pending operations fail with {@link SessionClosedException}. */
    void terminate();

    /** Completes when the session has ended, for whatever reason. */
    CompletableFuture<Void> closeFuture();

    /** True until the session is released, terminated or its connection lost. */
    boolean isOpen();

    /** This side's address of the TCP connection. */
    SocketAddress localAddress();

    /** The peer's address of the TCP connection. */
    SocketAddress remoteAddress();

    /** Counters summed over every channel of the session. */
    TransferStats stats();
}
