package io.beepkit.syslog;

import org.jspecify.annotations.Nullable;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * How an RFC 3164 timestamp ({@code Mmm dd hh:mm:ss}, §4.1.2), which carries neither year nor zone, becomes an
 * instant: the zone it is read in (one for every device, or one per device hostname, as the devices are configured)
 * and the year, chosen from the time the collector received the message: the year of reception, or the year before
 * when that would put the message more than {@link #futureTolerance()} after its reception (a December line received
 * in January). {@link #none()}, the default, reads no RFC 3164 timestamp: {@link SyslogMessage#instant()} is then
 * null for such messages and the text stays in {@link SyslogMessage#timestamp()}.
 *
 * <pre>{@code
 * Rfc3164TimestampPolicy policy = Rfc3164TimestampPolicy.zone(ZoneId.of("Europe/Berlin"))
 *         .withDeviceZone("core-rtr-1.nyc.example", ZoneId.of("America/New_York"));
 * SyslogCollector collector = SyslogCollector.builder().consumer(sink).rfc3164Timestamps(policy).build();
 * }</pre>
 *
 * <p>Immutable; the {@code with...} methods return a changed copy.
 */
public final class Rfc3164TimestampPolicy {
    private static final List<String> MONTHS = List.of("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
            "Oct", "Nov", "Dec");
    private static final Duration DEFAULT_TOLERANCE = Duration.ofDays(1);
    private static final Rfc3164TimestampPolicy UTC = new Rfc3164TimestampPolicy(ZoneOffset.UTC, Map.of(),
            DEFAULT_TOLERANCE, true);
    private static final Rfc3164TimestampPolicy NONE = new Rfc3164TimestampPolicy(ZoneOffset.UTC, Map.of(),
            DEFAULT_TOLERANCE, false);

    private final ZoneId zone;
    private final Map<String, ZoneId> deviceZones;
    private final Duration futureTolerance;
    private final boolean enabled;

    private Rfc3164TimestampPolicy(ZoneId zone, Map<String, ZoneId> deviceZones, Duration futureTolerance,
                                   boolean enabled) {
        this.zone = zone;
        this.deviceZones = deviceZones;
        this.futureTolerance = futureTolerance;
        this.enabled = enabled;
    }

    /** Every RFC 3164 timestamp read as UTC (unless a device has its own zone), the year inferred. */
    public static Rfc3164TimestampPolicy utc() {
        return UTC;
    }

    /** Every RFC 3164 timestamp read in {@code zone} (unless a device has its own), the year inferred. */
    public static Rfc3164TimestampPolicy zone(ZoneId zone) {
        return new Rfc3164TimestampPolicy(Objects.requireNonNull(zone, "zone"), Map.of(), DEFAULT_TOLERANCE, true);
    }

    /**
     * No RFC 3164 timestamp read: {@link SyslogMessage#instant()} is null for RFC 3164 messages (the default of
     * {@link SyslogCollector}: without a policy such a timestamp is ambiguous).
     */
    public static Rfc3164TimestampPolicy none() {
        return NONE;
    }

    /**
     * A copy that reads the timestamps of the device whose message names {@code hostname} (its HOSTNAME, or the
     * COOKED {@code hostname} attribute; compared ignoring case) in {@code deviceZone}.
     */
    public Rfc3164TimestampPolicy withDeviceZone(String hostname, ZoneId deviceZone) {
        Objects.requireNonNull(deviceZone, "deviceZone");
        if (hostname == null || hostname.isBlank()) {
            throw new IllegalArgumentException("a device zone needs a hostname, got '" + hostname + "'");
        }
        Map<String, ZoneId> zones = new LinkedHashMap<>(deviceZones);
        zones.put(hostname.toLowerCase(Locale.ROOT), deviceZone);
        return new Rfc3164TimestampPolicy(zone, Map.copyOf(zones), futureTolerance, enabled);
    }

    /**
     * A copy in which a timestamp may lie up to {@code tolerance} after the message's reception (clock skew) and
     * still be read in the year of reception; beyond it, the year before (default one day).
     */
    public Rfc3164TimestampPolicy withFutureTolerance(Duration tolerance) {
        if (tolerance == null || tolerance.isNegative() || tolerance.compareTo(Duration.ofDays(180)) > 0) {
            throw new IllegalArgumentException("futureTolerance must be between 0 and 180 days, got " + tolerance);
        }
        return new Rfc3164TimestampPolicy(zone, deviceZones, tolerance, enabled);
    }

    /** Whether RFC 3164 timestamps are read at all (false for {@link #none()}). */
    public boolean enabled() {
        return enabled;
    }

    /** The zone of devices without one of their own. */
    public ZoneId zone() {
        return zone;
    }

    /** The zones of named devices, by lower-case hostname. */
    public Map<String, ZoneId> deviceZones() {
        return deviceZones;
    }

    /** How far after its reception a timestamp may lie and still be read in the year of reception. */
    public Duration futureTolerance() {
        return futureTolerance;
    }

    /** The zone the timestamps of the device named {@code hostname} are read in. */
    public ZoneId zoneOf(@Nullable String hostname) {
        if (hostname == null || deviceZones.isEmpty()) {
            return zone;
        }
        return deviceZones.getOrDefault(hostname.toLowerCase(Locale.ROOT), zone);
    }

    /**
     * The instant an RFC 3164 timestamp names, or null when it does not parse (no such month, day or hour; February
     * 29 outside a leap year) or this policy reads none.
     *
     * @param timestamp  {@code Mmm dd hh:mm:ss}, the day space-padded ({@code Oct  1 ...})
     * @param hostname   the device's hostname as the message states it, for a device zone, or null
     * @param receivedAt when the collector received the message, for the year
     */
    public @Nullable Instant resolve(String timestamp, @Nullable String hostname, Instant receivedAt) {
        String ts = timestamp;
        if (!enabled || ts.length() != 15 || ts.charAt(3) != ' ' || ts.charAt(6) != ' ' || ts.charAt(9) != ':'
                || ts.charAt(12) != ':') {
            return null;
        }
        int month = MONTHS.indexOf(ts.substring(0, 3)) + 1;
        if (month == 0) {
            return null;
        }
        try {
            int day = Integer.parseInt(ts.substring(4, 6).trim());
            int hour = Integer.parseInt(ts.substring(7, 9));
            int minute = Integer.parseInt(ts.substring(10, 12));
            int second = Integer.parseInt(ts.substring(13, 15));
            ZoneId z = zoneOf(hostname);
            int year = receivedAt.atZone(z).getYear();
            Instant thisYear = at(z, year, month, day, hour, minute, second);
            if (thisYear != null && !thisYear.isAfter(receivedAt.plus(futureTolerance))) {
                return thisYear;
            }
            return at(z, year - 1, month, day, hour, minute, second);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static @Nullable Instant at(ZoneId zone, int year, int month, int day, int hour, int minute, int second) {
        try {
            // A local time skipped by a daylight-saving change moves forward by the gap; one that occurs twice is
            // read at its earlier offset (ZonedDateTime's rules): RFC 3164 gives nothing better to go on.
            return LocalDateTime.of(year, month, day, hour, minute, second).atZone(zone).toInstant();
        } catch (DateTimeException e) {
            return null; // Feb 29 outside a leap year, hour 25...
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Rfc3164TimestampPolicy p && enabled == p.enabled && zone.equals(p.zone)
                && deviceZones.equals(p.deviceZones) && futureTolerance.equals(p.futureTolerance);
    }

    @Override
    public int hashCode() {
        return Objects.hash(zone, deviceZones, futureTolerance, enabled);
    }

    @Override
    public String toString() {
        return enabled ? "Rfc3164TimestampPolicy{zone=" + zone + ", deviceZones=" + deviceZones
                + ", futureTolerance=" + futureTolerance + '}' : "Rfc3164TimestampPolicy{none}";
    }
}
