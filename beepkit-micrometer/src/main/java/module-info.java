/**
 * Micrometer meters for beepkit sessions ({@code io.beepkit.micrometer.BeepMetrics}, a {@code BeepObserver}) and
 * observations of exchanges ({@code io.beepkit.micrometer.observation.BeepObservations}), and meters of a log shipper's
 * counts ({@code io.beepkit.micrometer.ShipperMeters}).
 */
module io.beepkit.micrometer {
    requires transitive io.beepkit.core;
    requires transitive micrometer.core;
    requires transitive micrometer.observation;
    requires transitive micrometer.commons;
    requires org.slf4j;
    requires static transitive io.beepkit.syslog; // ShipperMeters (its API names ShipperCounts), for applications that ship logs
    requires static org.jspecify;

    exports io.beepkit.micrometer;
    exports io.beepkit.micrometer.observation;
}
