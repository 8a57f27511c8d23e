/**
 * Micrometer meters for beepkit sessions ({@code io.beepkit.micrometer.BeepMetrics}, a {@code BeepObserver}) and
 * observations of exchanges ({@code io.beepkit.micrometer.observation.BeepObservations}).
 */
module io.beepkit.micrometer {
    requires transitive io.beepkit.core;
    requires transitive micrometer.core;
    requires transitive micrometer.observation;
    requires transitive micrometer.commons;
    requires org.slf4j;
    requires static org.jspecify;

    exports io.beepkit.micrometer;
    exports io.beepkit.micrometer.observation;
}
