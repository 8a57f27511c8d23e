package io.beepkit.core.sasl;

import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.TlsSessionInfo;

import java.util.Optional;

/**
 * The security state of one session and the rules RFC 3080 §4 and §4.1 put on it: once a SASL exchange succeeds its
 * identity holds for the rest of the session and no further SASL exchange may start; once TLS is active or SASL has
 * succeeded, TLS may not start (again). One instance per session, created by the engine, told when TLS completes
 * ({@link #tlsEstablished}), consulted before accepting or sending a TLS or SASL start, and updated by the SASL
 * exchanges when they succeed. Thread-safe.
 */
public final class SessionSecurity {
    private TlsSessionInfo tls;
    private SaslIdentity identity;
    private int failedAuthentications;

    /** A session in clear and unauthenticated. */
    public SessionSecurity() {
    }

    /** Records a completed TLS handshake (the session restarts in place afterwards). */
    public synchronized void tlsEstablished(TlsSessionInfo info) {
        if (info == null) {
            throw new IllegalArgumentException("info must not be null");
        }
        if (tls != null) {
            throw new IllegalStateException("TLS is already active on this session");
        }
        tls = info;
    }

    /** The TLS session facts, or empty while the session is in clear. */
    public synchronized Optional<TlsSessionInfo> tls() {
        return Optional.ofNullable(tls);
    }

    /** True once TLS is active. */
    public synchronized boolean tlsActive() {
        return tls != null;
    }

    /** The authenticated identity, or empty before any SASL success. */
    public synchronized Optional<SaslIdentity> identity() {
        return Optional.ofNullable(identity);
    }

    /**
     * Why TLS may not start now (for a start we receive, answer ERR 550 with it; for one we would send, fail
     * locally), or empty when it may.
     */
    public synchronized Optional<String> tlsStartRefusal() {
        if (identity != null) {
            return Optional.of("TLS cannot start after SASL authentication succeeded (RFC 3080 section 4.1)");
        }
        if (tls != null) {
            return Optional.of("TLS is already active on this session");
        }
        return Optional.empty();
    }

    /** Why a SASL exchange may not start now, or empty when it may. */
    public synchronized Optional<String> saslStartRefusal() {
        if (identity != null) {
            return Optional.of("the session is already authenticated (RFC 3080 section 4)");
        }
        return Optional.empty();
    }

    /** Counts a failed authentication on this session; the count so far, this one included. */
    public synchronized int authenticationFailed() {
        return ++failedAuthentications;
    }

    /**
     * Records a successful exchange. False when another exchange of the same session succeeded first: the later
     * one must then fail, as only one authentication is allowed.
     */
    synchronized boolean authenticated(SaslIdentity id) {
        if (identity != null) {
            return false;
        }
        identity = id;
        return true;
    }
}
