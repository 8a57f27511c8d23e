/**
 * Channel 0 (RFC 3080 §2.3) split by role: the greeting exchange, answering the peer's requests, our own requests,
 * and the close and release handshakes.
 *
 * <p><b>Internal and unstable:</b> not part of the public API; it may change in any release without notice.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.netty.internal.mgmt;

import io.beepkit.api.Internal;