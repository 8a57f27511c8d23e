/**
 * Frames to and from bytes (RFC 3080 §2.2): the strict incremental decoder, the zero-copy encoder, frame tracing,
 * and MIME payloads to and from Netty buffers.
 *
 * <p><b>Internal and unstable:</b> not part of the public API; it may change in any release without notice.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.netty.internal.codec;

import io.beepkit.api.Internal;