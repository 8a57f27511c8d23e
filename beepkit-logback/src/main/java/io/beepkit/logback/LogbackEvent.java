package io.beepkit.logback;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Layout;
import io.beepkit.syslog.shipping.LogEvent;
import org.jspecify.annotations.Nullable;

import java.util.Map;

/**
 * A Logback event as the shipper sees it. The event is prepared for deferred processing on the logging thread (its
 * message formatted, its MDC and thread name captured, as Logback's {@code AsyncAppender} does); the layout runs
 * later, on the shipper's thread.
 */
final class LogbackEvent implements LogEvent {
    private final ILoggingEvent event;
    private final @Nullable Layout<ILoggingEvent> layout;

    LogbackEvent(ILoggingEvent event, @Nullable Layout<ILoggingEvent> layout) {
        this.event = event;
        this.layout = layout;
    }

    /** RFC 5424 severity of a Logback level: error 3, warn 4, info 6, debug and trace 7. */
    static int severity(Level level) {
        return switch (level.toInt()) {
            case Level.ERROR_INT -> 3;
            case Level.WARN_INT -> 4;
            case Level.INFO_INT -> 6;
            default -> 7;
        };
    }

    @Override
    public int severity() {
        return severity(event.getLevel());
    }

    @Override
    public long timestampMillis() {
        return event.getTimeStamp();
    }

    @Override
    public @Nullable String loggerName() {
        return event.getLoggerName();
    }

    @Override
    public @Nullable String threadName() {
        return event.getThreadName();
    }

    @Override
    public Map<String, String> context() {
        Map<String, String> mdc = event.getMDCPropertyMap();
        return mdc == null ? Map.of() : mdc;
    }

    @Override
    public String message() {
        Layout<ILoggingEvent> l = layout;
        return l == null ? event.getFormattedMessage() : l.doLayout(event);
    }
}
