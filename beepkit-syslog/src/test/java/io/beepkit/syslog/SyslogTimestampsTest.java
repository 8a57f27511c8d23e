package io.beepkit.syslog;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class SyslogTimestampsTest {
    private static final Instant RECEIVED = Instant.parse("2026-11-25T16:00:00Z");

    @Test
    void rfc5424TimestampsKeepTheirOffset() {
        assertEquals(Instant.parse("2003-10-11T22:14:15.003Z"),
                SyslogTimestamps.parse("2003-10-11T22:14:15.003Z", SyslogFormat.RFC5424, RECEIVED));
        assertEquals(Instant.parse("2003-08-24T12:14:15.000003Z"),
                SyslogTimestamps.parse("2003-08-24T05:14:15.000003-07:00", SyslogFormat.RFC5424, RECEIVED));
        assertNull(SyslogTimestamps.parse("-", SyslogFormat.RFC5424, RECEIVED));
        assertNull(SyslogTimestamps.parse("2003-10-11T22:14:15", SyslogFormat.RFC5424, RECEIVED), "no offset");
    }

    @Test
    void rfc3164TimestampsAreUtcInTheYearOfReception() {
        assertEquals(Instant.parse("2026-10-11T22:14:15Z"),
                SyslogTimestamps.parse("Oct 11 22:14:15", SyslogFormat.RFC3164, RECEIVED));
        assertEquals(Instant.parse("2026-11-01T00:00:01Z"),
                SyslogTimestamps.parse("Nov  1 00:00:01", SyslogFormat.RFC3164, RECEIVED));
    }

    @Test
    void aDecemberLineReceivedInJanuaryIsLastYears() {
        Instant january = Instant.parse("2027-01-01T00:00:05Z");
        assertEquals(Instant.parse("2026-12-31T23:59:58Z"),
                SyslogTimestamps.parse("Dec 31 23:59:58", SyslogFormat.RFC3164, january));
        assertEquals(Instant.parse("2027-01-02T00:00:00Z"),
                SyslogTimestamps.parse("Jan  2 00:00:00", SyslogFormat.RFC3164, january), "a day of clock skew");
    }

    @Test
    void malformedTimestampsGiveNull() {
        for (String bad : new String[]{"Foo 11 22:14:15", "Oct 11 25:14:15", "Oct 32 22:14:15", "Oct 11 22:14",
                "Oct 11 22-14-15"}) {
            assertNull(SyslogTimestamps.parse(bad, SyslogFormat.RFC3164, RECEIVED), bad);
        }
        assertNull(SyslogTimestamps.parse("Oct 11 22:14:15", SyslogFormat.UNPARSED, RECEIVED));
    }
}
