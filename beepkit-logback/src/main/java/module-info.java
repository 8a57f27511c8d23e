/**
 * A Logback appender delivering log events to an RFC 3195 collector at least once ({@code io.beepkit.logback}),
 * on beepkit-syslog's {@code LogShipper}.
 */
module io.beepkit.logback {
    requires transitive io.beepkit.syslog;
    requires transitive ch.qos.logback.classic;
    requires transitive ch.qos.logback.core;
    requires static org.jspecify;

    exports io.beepkit.logback;
}
