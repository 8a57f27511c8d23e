package io.beepkit.netty.tls;

/** Whether a TLS listener asks its clients for a certificate. */
public enum ClientAuthentication {
    /** No client certificate is requested (the default). */
    NONE,
    /** A certificate is requested; a client without one is still accepted. */
    OPTIONAL,
    /** A certificate is required: a client without a valid one fails the handshake. */
    REQUIRE
}
