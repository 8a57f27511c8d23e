/**
 * One channel's state, each part owned by one piece of the session engine: lifecycle, outbound queue, receive
 * state, exchanges in progress, close handshakes; and the channel's public face.
 *
 * <p><b>Internal and unstable:</b> not part of the public API; it may change in any release without notice.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.netty.internal.channel;

import io.beepkit.api.Internal;