package io.beepkit.syslog.internal;

import org.junit.jupiter.api.Test;

import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The hand-written check agrees with {@link DateTimeFormatter#ISO_OFFSET_DATE_TIME} on valid and broken texts. */
class Rfc3339Test {
    private static boolean formatterAccepts(String text) {
        try {
            OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    @Test
    void agreesWithTheFormatterOnEdgeCases() {
        List<String> texts = List.of("2026-11-25T18:00:00.123Z", "2026-11-25T18:00:00Z", "2024-02-29T00:00:00Z",
                "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2000-02-29T00:00:00Z", "2026-04-31T00:00:00Z",
                "2026-13-01T00:00:00Z", "2026-00-01T00:00:00Z", "2026-01-00T00:00:00Z", "2026-01-01T24:00:00Z",
                "2026-01-01T23:60:00Z", "2026-01-01T23:59:60Z", "2026-01-01T23:59:59.123456789Z",
                "2026-01-01T23:59:59.1234567890Z", "2026-01-01T23:59:59.Z", "2026-01-01t23:59:59z",
                "2026-01-01T23:59:59+18:00", "2026-01-01T23:59:59-18:01", "2026-01-01T23:59:59+17:59",
                "2026-01-01T23:59:59+01:60", "2026-01-01T23:59:59+0100", "2026-01-01T23:59:59+01:00:30",
                "2026-01-01T23:59Z", "2026-01-01 23:59:59Z", "2026-1-01T23:59:59Z", "2026-01-01T23:59:59",
                "+12026-01-01T23:59:59Z", "0000-01-01T00:00:00Z", "2026-01-01T23:59:59.5-00:00",
                "2026-01-01T2a:59:59Z", "2003-10-11T22:14:15.003Z");
        for (String t : texts) {
            assertEquals(formatterAccepts(t), Rfc3339.isDateTime(t), t);
        }
        assertTrue(Rfc3339.isDateTime("2003-10-11T22:14:15.003-07:00"));
        assertFalse(Rfc3339.isDateTime("2026-02-30T00:00:00Z"));
    }

    @Test
    void agreesWithTheFormatterOnMutatedTexts() {
        Random random = new Random(3339);
        String alphabet = "0123456789-:.TZ+t z";
        for (int i = 0; i < 10_000; i++) {
            char[] c = "2026-02-28T23:59:59.999+05:30".toCharArray();
            int edits = 1 + random.nextInt(3);
            for (int e = 0; e < edits; e++) {
                c[random.nextInt(c.length)] = alphabet.charAt(random.nextInt(alphabet.length()));
            }
            String t = new String(c, 0, 20 + random.nextInt(c.length - 19));
            assertEquals(formatterAccepts(t), Rfc3339.isDateTime(t), t);
        }
    }
}
