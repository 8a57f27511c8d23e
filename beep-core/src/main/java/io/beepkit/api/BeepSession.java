package io.beepkit.api;

import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.api.security.TlsSessionInfo;

import org.jspecify.annotations.Nullable;

import java.net.SocketAddress;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A BEEP session: one TCP connection multiplexing channels. All methods are thread-safe and non-blocking; futures
 * complete on the session's callback executor, except those of a channel's {@link MessageSender#send(MimeEntity,
 * SendOptions) send}, which may complete on its event loop.
 */
public interface BeepSession {
    /** Whether this side opened the TCP connection (initiator) or accepted it (listener). */
    SessionRole role();

    /** The profile URIs the peer's greeting offered. */
    List<String> peerProfiles();

    /** The {@code features} attribute of the peer's greeting, or null. */
    @Nullable String peerFeatures();

    /** The {@code localize} attribute of the peer's greeting ({@code i-default} when absent). */
    String peerLocalize();

    /** The serverName bound by the first successful start that carried one (RFC 3080 §2.3.1.2), or null. */
    @Nullable String serverName();

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
     * {@link BeepErrorException} if the peer refuses, in which case the session stays up.
     */
    CompletableFuture<@Nullable Void> close();

    /** Closes the TCP connection at once; pending operations fail with {@link SessionClosedException}. */
    void terminate();

    /**
     * Completes when the session has ended, for whatever reason. Each call returns a new future: completing or
     * cancelling it does not close the session.
     */
    CompletableFuture<@Nullable Void> closeFuture();

    /** True until the session is released, terminated or its connection lost. */
    boolean isOpen();

    /** This side's address of the TCP connection. */
    SocketAddress localAddress();

    /**
     * The peer's address of the TCP connection; on a listener that expects the PROXY protocol (behind a balancer), the
     * client's address from the balancer's header.
     */
    SocketAddress remoteAddress();

    /** Counters summed over every channel of the session. */
    TransferStats stats();

    /**
     * True once TLS protects the session (RFC 3080 §3.1): the TLS tuning reset happened and the session continues,
     * as this same object, over the secured connection. Implementations without TLS return false.
     */
    default boolean isSecure() {
        return tls().isPresent();
    }

    /**
     * What the TLS handshake negotiated (protocol, cipher suite, the peer's certificate chain, SNI name), or empty
     * while the session is in clear.
     */
    default Optional<TlsSessionInfo> tls() {
        return Optional.empty();
    }

    /**
     * The identity a SASL exchange established (RFC 3080 §4), on either side, or empty before any success. It holds
     * for the rest of the session: a second SASL exchange is refused.
     */
    default Optional<SaslIdentity> identity() {
        return Optional.empty();
    }

    /**
     * Initiates TLS (RFC 3080 §3.1): starts the TLS profile with {@code <ready />} piggybacked, sends nothing else
     * until the answer, and on {@code <proceed />} runs the tuning reset: every channel is closed (their pending
     * operations fail with {@link ChannelClosedException} naming the reset), the handshake runs in place, and both
     * peers greet again. Completes with the negotiated facts once the peer's new greeting arrived; fails with
     * {@link BeepErrorException} if the peer answers with an error, {@link SessionClosedException} if the handshake
     * fails (the session then ends), or {@link IllegalStateException} when TLS may not start (already active, after
     * SASL, no TLS configuration). Implementations without TLS fail with {@link UnsupportedOperationException}.
     */
    default CompletableFuture<TlsSessionInfo> startTls() {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("TLS is not supported here"));
    }

    /**
     * Authenticates with SASL (RFC 3080 §4): starts {@code mechanism}'s profile with the initial response
     * piggybacked, exchanges {@code <blob>}s until the listener reports the outcome, then closes the channel.
     * Completes with the identity (also kept as {@link #identity()}); fails with {@link BeepErrorException} carrying
     * the listener's code (535: wrong credentials, 538: PLAIN needs TLS, 550: refused), {@link BeepException} for a
     * local failure (the listener did not prove itself, a malformed answer), or {@link IllegalStateException} when
     * the session rules forbid SASL now (already authenticated, PLAIN in clear). Implementations without SASL fail with {@link UnsupportedOperationException}.
     */
    default CompletableFuture<SaslIdentity> authenticate(SaslMechanism mechanism, SaslCredentials credentials) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("SASL is not supported here"));
    }
}
