/**
 * A Kafka sink for beepkit-syslog's collector ({@code io.beepkit.syslog.kafka}): every message becomes one record,
 * acknowledged to the device only once the broker has acknowledged the record.
 */
module io.beepkit.syslog.kafka {
    requires transitive io.beepkit.syslog;
    // kafka-clients has no module descriptor and no Automatic-Module-Name: its name comes from the jar's file name.
    requires kafka.clients;
    requires static org.jspecify;

    exports io.beepkit.syslog.kafka;
}
