package io.beepkit.micrometer.observation;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names and key values of server-side BEEP exchange observations. Implement it (or extend
 * {@link DefaultBeepServerObservationConvention}) and pass it to {@link BeepObservations} to rename them or change
 * their keys; an {@code ObservationRegistry}'s global conventions apply too.
 */
public interface BeepServerObservationConvention extends ObservationConvention<BeepServerContext> {
    @Override
    default boolean supportsContext(Observation.Context context) {
        return context instanceof BeepServerContext;
    }
}
