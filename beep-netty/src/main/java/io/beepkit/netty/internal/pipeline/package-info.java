/**
 * How a connection is set up and taken down, above the session engine: the pipeline of each connection
 * ({@code PipelineInitializer}: PROXY protocol header, connection limits, the ERR 421 of a listener over its memory
 * budget, greeting guard, idle timeout, frame codec, session handler) and the shutdown of an endpoint's sessions and
 * event loops. Only {@code BeepServer} and {@code BeepClient} use it; nothing of the engine below reaches up to it.
 *
 * <p><b>Internal and unstable:</b> not part of the public API; it may change in any release without notice.
 */
@Internal
package io.beepkit.netty.internal.pipeline;

import io.beepkit.api.Internal;
