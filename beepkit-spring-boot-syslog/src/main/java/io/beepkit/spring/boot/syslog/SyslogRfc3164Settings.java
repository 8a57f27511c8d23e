package io.beepkit.spring.boot.syslog;

import io.beepkit.syslog.Rfc3164TimestampPolicy;
import org.jspecify.annotations.Nullable;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How the collector reads RFC 3164 timestamps, which name neither year nor zone ({@code beep.syslog.rfc3164.*}): not
 * at all unless a zone is set (the messages' {@code instant()} is then null and the JSON {@code @timestamp} is the
 * time of reception), else in that zone, or in a device's own, the year inferred from the time of reception.
 */
public class SyslogRfc3164Settings {
    /** The zone the devices' clocks are set to (e.g. UTC or Europe/Berlin); unset to read no RFC 3164 timestamp. */
    private String zone;
    /**
     * Zones of devices whose clocks differ, by the hostname their messages carry (e.g. rtr-nyc: America/New_York); by
     * default none.
     */
    private Map<String, String> deviceZones = new LinkedHashMap<>();
    /**
     * How far after its reception a timestamp may lie (clock skew) before it is taken as last year's; unset for the
     * library's default (Rfc3164TimestampPolicy).
     */
    private @Nullable Duration futureTolerance;

    /** @return the zone's ID, or null to read no RFC 3164 timestamp */
    public String getZone() { return zone; }
    /** @param v the zone's ID */
    public void setZone(String v) { zone = v; }
    /** @return the device zones by hostname */
    public Map<String, String> getDeviceZones() { return deviceZones; }
    /** @param v the device zones by hostname */
    public void setDeviceZones(Map<String, String> v) { deviceZones = v; }
    /** @return the clock skew tolerated before a timestamp is taken as last year's, null for the library's default */
    public @Nullable Duration getFutureTolerance() { return futureTolerance; }
    /** @param v the clock skew tolerated */
    public void setFutureTolerance(@Nullable Duration v) { futureTolerance = v; }

    /**
     * The policy these settings describe.
     *
     * @throws IllegalArgumentException naming the property whose zone is unknown, or device zones without a zone
     */
    Rfc3164TimestampPolicy policy() {
        if (zone == null || zone.isBlank()) {
            if (!deviceZones.isEmpty()) {
                throw new IllegalArgumentException("beep.syslog.rfc3164.device-zones needs beep.syslog.rfc3164.zone "
                        + "(the zone of the other devices), got device zones " + deviceZones.keySet());
            }
            return Rfc3164TimestampPolicy.none();
        }
        Rfc3164TimestampPolicy policy = Rfc3164TimestampPolicy.zone(zoneId("beep.syslog.rfc3164.zone", zone));
        if (futureTolerance != null) {
            policy = policy.withFutureTolerance(futureTolerance);
        }
        for (Map.Entry<String, String> e : deviceZones.entrySet()) {
            policy = policy.withDeviceZone(e.getKey(),
                    zoneId("beep.syslog.rfc3164.device-zones." + e.getKey(), e.getValue()));
        }
        return policy;
    }

    private static ZoneId zoneId(String property, String value) {
        try {
            return ZoneId.of(value.trim());
        } catch (DateTimeException e) {
            // Not chained: the property's name should be what a failing start-up reports as its root cause.
            throw new IllegalArgumentException(property + ": not a time zone ID: '" + value + "' (" + e.getMessage()
                    + ")");
        }
    }
}
