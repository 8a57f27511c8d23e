/**
 * Micrometer Observation support for beepkit: {@link io.beepkit.micrometer.observation.BeepObservations} decorates
 * profile handlers (listener side) and channels (initiator side) so that every exchange is an observation, with trace
 * context carried in MIME headers, and adds the session, channel and profile to the logging MDC. Nothing here runs
 * inside the engine: without these decorators the data path is unchanged.
 */
@NullMarked
package io.beepkit.micrometer.observation;

import org.jspecify.annotations.NullMarked;
