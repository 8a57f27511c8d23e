/**
 * The floor under the session engine: socket options and their read-back, native transport selection, shared
 * resources and callback threads, failure text, peer addresses, rate-limited warnings. It imports no other package of
 * beep-netty but the public settings. The engine lives in the sub-packages: {@code codec} (frames to and from bytes),
 * {@code channel} (per-channel state), {@code security} (TLS and SASL), {@code mgmt} (channel 0) and
 * {@code session} (the engine that ties them together); {@code pipeline} (a connection's set-up) sits above them.
 *
 * <p><b>Internal and unstable:</b> not part of the public API; it may change in any release without notice.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.netty.internal;

import io.beepkit.api.Internal;