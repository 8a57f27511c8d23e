/**
 * TLS configuration for BEEP sessions (RFC 3080 §3.1): {@link io.beepkit.netty.tls.TlsConfig} gathers key and trust
 * material the JVM way (key and trust manager factories, PEM files, PKCS#12 keystores), TLS 1.2 and 1.3 only without
 * anonymous, export or NULL ciphers, the OpenSSL provider through netty-tcnative when present, certificates chosen
 * by SNI server name, and a handshake time bound; it produces Netty {@code SslContext}s and handlers.
 */
@NullMarked
package io.beepkit.netty.tls;

import org.jspecify.annotations.NullMarked;
