/**
 * Per-channel protocol rules that need no transport: the channel lifecycle state machine, channel numbers, msgno
 * allocation, frame continuity and the order in which replies must leave (RFC 3080 §2.3, §2.6).
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.core.channel;

import io.beepkit.api.Internal;