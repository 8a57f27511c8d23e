/**
 * Reliable syslog over BEEP (RFC 3195): the RAW and COOKED profiles on the collector and device sides
 * ({@code io.beepkit.syslog}). The profile handlers ({@code io.beepkit.syslog.internal}) are not exported.
 */
module io.beepkit.syslog {
    requires transitive io.beepkit.core;
    requires static org.jspecify;
    requires java.xml;
    requires org.slf4j;

    exports io.beepkit.syslog;
    exports io.beepkit.syslog.file;
}
