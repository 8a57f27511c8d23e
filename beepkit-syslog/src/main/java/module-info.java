/**
 * Reliable syslog over BEEP (RFC 3195): the RAW and COOKED profiles on the collector and device sides
 * ({@code io.beepkit.syslog}), and a shipper of an application's own log events ({@code io.beepkit.syslog.shipping}).
 * The profile handlers ({@code io.beepkit.syslog.internal}) are not exported.
 */
module io.beepkit.syslog {
    requires transitive io.beepkit.core;
    requires static org.jspecify;
    requires org.slf4j;
    requires transitive io.beepkit.netty; // the log shipper's configuration types and its ManagedSession

    exports io.beepkit.syslog;
    exports io.beepkit.syslog.file;
    exports io.beepkit.syslog.shipping;
}
