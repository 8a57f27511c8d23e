/**
 * Micrometer meters for beepkit sessions ({@code io.beepkit.micrometer.BeepMetrics}, a {@code BeepObserver}).
 */
module io.beepkit.micrometer {
    requires transitive io.beepkit.core;
    requires transitive micrometer.core;
    requires static org.jspecify;

    exports io.beepkit.micrometer;
}
