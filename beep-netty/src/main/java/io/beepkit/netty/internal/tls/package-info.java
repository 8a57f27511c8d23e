/**
 * The TLS pipeline built from a {@link io.beepkit.netty.tls.TlsConfig}: Netty contexts for listeners (with SNI) and
 * initiators, the cipher-suite filter, and what a completed handshake negotiated.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.netty.internal.tls;

import io.beepkit.api.Internal;
