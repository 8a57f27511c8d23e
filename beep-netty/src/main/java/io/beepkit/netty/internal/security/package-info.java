/**
 * TLS and SASL in sessions (RFC 3080 §3.1 and §4): what the greeting offers, the TLS profile's ready and proceed on
 * both roles, the tuning reset in place, the SASL initiator over the public session API, and the per-listener or
 * per-initiator TLS contexts. Unstable: may change in any release.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.netty.internal.security;

import io.beepkit.api.Internal;