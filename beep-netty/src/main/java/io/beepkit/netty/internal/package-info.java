/**
 * Transport plumbing: pipeline set-up, socket options and their read-back, native transport selection, shared
 * resources. The session engine lives in the sub-packages: {@code codec} (frames to and from bytes), {@code channel}
 * (per-channel state), {@code mgmt} (channel 0) and {@code session} (the engine that ties them together).
 *
 * <p><b>Internal and unstable:</b> not part of the public API; it may change in any release without notice.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.netty.internal;

import io.beepkit.api.Internal;