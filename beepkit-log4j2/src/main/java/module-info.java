/**
 * A Log4j 2 appender plugin delivering log events to an RFC 3195 collector at least once ({@code io.beepkit.log4j2}),
 * on beepkit-syslog's {@code LogShipper}.
 */
@SuppressWarnings("module") // the name ends in the digit of the library it serves, as Log4j 2 itself
module io.beepkit.log4j2 {
    requires transitive io.beepkit.syslog;
    requires transitive org.apache.logging.log4j;
    requires transitive org.apache.logging.log4j.core;
    requires static org.jspecify;

    exports io.beepkit.log4j2;
}
