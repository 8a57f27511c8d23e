package io.beepkit.log4j2;

import io.beepkit.syslog.shipping.LogEvent;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Layout;
import org.jspecify.annotations.Nullable;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A Log4j event as the shipper sees it: an immutable copy taken on the logging thread (message, context data and
 * thread captured, as Log4j's own async appender does); the layout runs later, on the shipper's thread.
 */
final class Log4jEvent implements LogEvent {
    private final org.apache.logging.log4j.core.LogEvent event;
    private final @Nullable Layout<? extends Serializable> layout;

    Log4jEvent(org.apache.logging.log4j.core.LogEvent event, @Nullable Layout<? extends Serializable> layout) {
        this.event = event;
        this.layout = layout;
    }

    /** RFC 5424 severity of a Log4j level: fatal 2, error 3, warn 4, info 6, debug and trace 7. */
    static int severity(Level level) {
        int l = level.intLevel();
        if (l <= Level.FATAL.intLevel()) {
            return 2;
        }
        if (l <= Level.ERROR.intLevel()) {
            return 3;
        }
        if (l <= Level.WARN.intLevel()) {
            return 4;
        }
        return l <= Level.INFO.intLevel() ? 6 : 7;
    }

    @Override
    public int severity() {
        return severity(event.getLevel());
    }

    @Override
    public long timestampMillis() {
        return event.getTimeMillis();
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
        return event.getContextData().toMap();
    }

    @Override
    public String message() {
        Layout<? extends Serializable> l = layout;
        if (l == null) {
            return event.getMessage().getFormattedMessage();
        }
        return new String(l.toByteArray(event), StandardCharsets.UTF_8);
    }
}
