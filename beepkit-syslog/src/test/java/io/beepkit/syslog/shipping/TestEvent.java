package io.beepkit.syslog.shipping;

import org.jspecify.annotations.Nullable;

import java.util.Map;

/** A {@link LogEvent} with fixed values. */
final class TestEvent implements LogEvent {
    private final int severity;
    private final String message;
    private final Map<String, String> context;

    TestEvent(int severity, String message, Map<String, String> context) {
        this.severity = severity;
        this.message = message;
        this.context = context;
    }

    static TestEvent info(String message) {
        return new TestEvent(6, message, Map.of());
    }

    @Override
    public int severity() {
        return severity;
    }

    @Override
    public long timestampMillis() {
        return 1_700_000_000_123L;
    }

    @Override
    public @Nullable String loggerName() {
        return "com.example.Billing";
    }

    @Override
    public @Nullable String threadName() {
        return "main";
    }

    @Override
    public Map<String, String> context() {
        return context;
    }

    @Override
    public String message() {
        return message;
    }
}
