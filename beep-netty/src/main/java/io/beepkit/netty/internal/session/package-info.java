/**
 * The session engine, laid out as Netty's HTTP/2 codec is: a thin handler (lifecycle, errors, the one flush), an
 * inbound dispatcher with MSG and reply receivers, a receive-window controller, an outbound scheduler, one frame
 * writer, a channel table, the callback dispatcher and the public session facade, sharing a small context.
 *
 * <p><b>Internal and unstable:</b> not part of the public API; it may change in any release without notice.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.netty.internal.session;

import io.beepkit.api.Internal;