package io.beepkit.syslog;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SyslogTimestampsTest {
    private static final Instant RECEIVED = Instant.parse("2026-11-25T16:00:00Z");
    private static final Rfc3164TimestampPolicy UTC = Rfc3164TimestampPolicy.utc();

    private static Instant parse(String ts, SyslogFormat format, Instant received, Rfc3164TimestampPolicy policy) {
        return SyslogTimestamps.parse(ts, format, null, received, policy);
    }

    @Test
    void rfc5424TimestampsKeepTheirOffsetWhateverThePolicy() {
        assertEquals(Instant.parse("2003-10-11T22:14:15.003Z"),
                parse("2003-10-11T22:14:15.003Z", SyslogFormat.RFC5424, RECEIVED, Rfc3164TimestampPolicy.none()));
        assertEquals(Instant.parse("2003-08-24T12:14:15.000003Z"),
                parse("2003-08-24T05:14:15.000003-07:00", SyslogFormat.RFC5424, RECEIVED, UTC));
        assertNull(parse("-", SyslogFormat.RFC5424, RECEIVED, UTC));
        assertNull(parse("2003-10-11T22:14:15", SyslogFormat.RFC5424, RECEIVED, UTC), "no offset");
    }

    @Test
    void rfc3164TimestampsAreReadOnlyUnderAPolicy() {
        Rfc3164TimestampPolicy none = Rfc3164TimestampPolicy.none();
        assertFalse(none.enabled());
        assertNull(parse("Oct 11 22:14:15", SyslogFormat.RFC3164, RECEIVED, none));
    }

    @Test
    void rfc3164TimestampsUnderTheUtcPolicyAreUtcInTheYearOfReception() {
        assertEquals(Instant.parse("2026-10-11T22:14:15Z"), parse("Oct 11 22:14:15", SyslogFormat.RFC3164, RECEIVED, UTC));
        assertEquals(Instant.parse("2026-11-01T00:00:01Z"), parse("Nov  1 00:00:01", SyslogFormat.RFC3164, RECEIVED, UTC));
    }

    @Test
    void rfc3164TimestampsAreReadInTheConfiguredZoneAndTheDevicesOwn() {
        Rfc3164TimestampPolicy berlin = Rfc3164TimestampPolicy.zone(ZoneId.of("Europe/Berlin"))
                .withDeviceZone("Rtr-NYC", ZoneId.of("America/New_York"));
        // November: Berlin is UTC+1, New York UTC-5.
        assertEquals(Instant.parse("2026-11-25T09:00:00Z"),
                SyslogTimestamps.parse("Nov 25 10:00:00", SyslogFormat.RFC3164, "fw1", RECEIVED, berlin));
        assertEquals(Instant.parse("2026-11-25T15:00:00Z"),
                SyslogTimestamps.parse("Nov 25 10:00:00", SyslogFormat.RFC3164, "rtr-nyc", RECEIVED, berlin),
                "device zones match the hostname ignoring case");
        // July: daylight saving time, UTC+2.
        assertEquals(Instant.parse("2026-07-01T08:00:00Z"),
                SyslogTimestamps.parse("Jul  1 10:00:00", SyslogFormat.RFC3164, null, RECEIVED, berlin));
    }

    @Test
    void aDecemberLineReceivedInJanuaryIsLastYears() {
        Instant january = Instant.parse("2027-01-01T00:00:05Z");
        assertEquals(Instant.parse("2026-12-31T23:59:58Z"), parse("Dec 31 23:59:58", SyslogFormat.RFC3164, january, UTC));
        assertEquals(Instant.parse("2027-01-02T00:00:00Z"), parse("Jan  2 00:00:00", SyslogFormat.RFC3164, january, UTC),
                "a day of clock skew");
        Rfc3164TimestampPolicy strict = UTC.withFutureTolerance(Duration.ofMinutes(5));
        assertEquals(Instant.parse("2026-01-02T00:00:00Z"),
                parse("Jan  2 00:00:00", SyslogFormat.RFC3164, january, strict), "beyond the tolerance: last year");
    }

    @Test
    void theYearIsTheYearOfReceptionInTheDevicesZone() {
        // 23:30 UTC on Dec 31 is already Jan 1 in Berlin: a Berlin device's "Jan  1 00:29:00" is this new year's.
        Instant received = Instant.parse("2026-12-31T23:30:00Z");
        Rfc3164TimestampPolicy berlin = Rfc3164TimestampPolicy.zone(ZoneId.of("Europe/Berlin"));
        assertEquals(Instant.parse("2026-12-31T23:29:00Z"),
                parse("Jan  1 00:29:00", SyslogFormat.RFC3164, received, berlin));
    }

    @Test
    void malformedTimestampsGiveNull() {
        for (String bad : new String[]{"Foo 11 22:14:15", "Oct 11 25:14:15", "Oct 32 22:14:15", "Oct 11 22:14",
                "Oct 11 22-14-15", "Oct xx 22:14:15", "Feb 29 10:00:00"}) {
            assertNull(parse(bad, SyslogFormat.RFC3164, RECEIVED, UTC), bad);
        }
        assertNull(parse("Oct 11 22:14:15", SyslogFormat.UNPARSED, RECEIVED, UTC));
    }

    @Test
    void badPolicySettingsAreRefusedNamingTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> UTC.withFutureTolerance(Duration.ofDays(-1)));
        assertEquals("futureTolerance must be between 0 and 180 days, got PT-24H", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> UTC.withDeviceZone(" ", ZoneId.of("UTC")));
    }
}
