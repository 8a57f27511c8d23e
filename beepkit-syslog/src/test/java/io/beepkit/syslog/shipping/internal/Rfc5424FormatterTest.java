package io.beepkit.syslog.shipping.internal;

import io.beepkit.syslog.shipping.LogEvent;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The formatter's lines, and its per-second timestamp cache against {@link Instant#toString()}. */
class Rfc5424FormatterTest {
    private final Rfc5424Formatter formatter = new Rfc5424Formatter(1, "host.example", "app", "42", "32473");

    private static LogEvent event(long millis, String message) {
        return new LogEvent() {
            @Override
            public int severity() {
                return 6;
            }

            @Override
            public long timestampMillis() {
                return millis;
            }

            @Override
            public @Nullable String loggerName() {
                return null;
            }

            @Override
            public @Nullable String threadName() {
                return null;
            }

            @Override
            public Map<String, String> context() {
                return Map.of();
            }

            @Override
            public String message() {
                return message;
            }
        };
    }

    private String timestamp(long millis) {
        String line = formatter.format(event(millis, "m"));
        return line.substring("<14>1 ".length(), line.indexOf(' ', "<14>1 ".length()));
    }

    @Test
    void writesTheWholeLine() {
        assertEquals("<14>1 2026-11-28T18:00:00.120Z host.example app 42 - - m",
                formatter.format(event(Instant.parse("2026-11-28T18:00:00.120Z").toEpochMilli(), "m")));
    }

    @Test
    void timestampsAreWhatInstantWrites() {
        long[] edges = {0, 1, 999, 1000, 1001, -1, -999, -1000, -1001, 1_764_352_800_000L, 1_764_352_800_007L,
                1_764_352_800_070L, 1_764_352_800_700L, 253_402_300_799_999L, 253_402_300_800_000L,
                -62_135_596_800_000L};
        for (long millis : edges) {
            assertEquals(Instant.ofEpochMilli(millis).toString(), timestamp(millis), "millis " + millis);
        }
        Random random = new Random(5424);
        long millis = 1_764_352_800_000L;
        for (int i = 0; i < 20_000; i++) {
            // mostly steps within a second (the cache hits), sometimes jumps (it is refilled), back and forth
            millis += i % 100 == 0 ? random.nextLong() % 10_000_000_000L : random.nextInt(1200) - 200;
            assertEquals(Instant.ofEpochMilli(millis).toString(), timestamp(millis), "millis " + millis);
        }
    }
}
