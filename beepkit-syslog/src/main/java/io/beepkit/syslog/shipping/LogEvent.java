package io.beepkit.syslog.shipping;

import org.jspecify.annotations.Nullable;

import java.util.Map;

/**
 * One log event handed to a {@link LogShipper}. The logging thread only creates it and reads its
 * {@link #severity()}; every other method is called later on the shipper's own thread, so an implementation may do
 * its formatting lazily there (its data must then be a snapshot, taken before {@link LogShipper#offer}: MDC and
 * message arguments as they were at the logging call).
 */
public interface LogEvent {
    /** The RFC 5424 severity, 0 (emergency) to 7 (debug); also what the {@link OverflowPolicy#DROP} policy sorts by. */
    int severity();

    /** When the event happened, in milliseconds since the epoch. */
    long timestampMillis();

    /** The name of the logger, or null; sent as the {@code logger} parameter of the {@code log} element. */
    @Nullable String loggerName();

    /** The name of the thread that logged it, or null; sent as the {@code thread} parameter. */
    @Nullable String threadName();

    /** The diagnostic context (MDC, ThreadContext) at the logging call; sent as the {@code mdc} element. */
    Map<String, String> context();

    /** The message text, laid out as the appender's layout says (run on the shipper's thread). */
    String message();
}
