/**
 * Micrometer meters for beepkit: {@link io.beepkit.micrometer.BeepMetrics} is a
 * {@link io.beepkit.api.BeepObserver} that records every session's events in a {@code MeterRegistry}.
 * {@code docs/metrics.md} lists the meters and their tags.
 */
@NullMarked
package io.beepkit.micrometer;

import org.jspecify.annotations.NullMarked;
