package io.beepkit.cli;

import io.beepkit.syslog.Rfc3164TimestampPolicy;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.List;

/** {@code beep syslog receive}'s options saying how RFC 3164 timestamps (no year, no zone) are read. */
final class Rfc3164Options {
    @Option(names = "--rfc3164-zone", paramLabel = "ZONE", description = "Read RFC 3164 timestamps (Mmm dd "
            + "hh:mm:ss) in this time zone, e.g. UTC or Europe/Berlin, the year inferred from the time of reception; "
            + "JSON's @timestamp is then that instant. Without it they are not read (@timestamp is the time of "
            + "reception).")
    String zone;

    @Option(names = "--rfc3164-device-zone", paramLabel = "HOST=ZONE", description = "The zone of one device whose "
            + "clock differs from --rfc3164-zone, by the hostname its messages carry (repeatable).")
    List<String> deviceZones = List.of();

    /** The policy the options give; a {@link CommandLine.ParameterException} names a bad one. */
    Rfc3164TimestampPolicy policy(CommandLine cmd) {
        if (zone == null) {
            if (!deviceZones.isEmpty()) {
                throw new CommandLine.ParameterException(cmd, "--rfc3164-device-zone needs --rfc3164-zone (the zone "
                        + "of the other devices)");
            }
            return Rfc3164TimestampPolicy.none();
        }
        Rfc3164TimestampPolicy policy = Rfc3164TimestampPolicy.zone(zoneId(cmd, "--rfc3164-zone", zone));
        for (String d : deviceZones) {
            int eq = d.indexOf('=');
            if (eq <= 0 || eq == d.length() - 1) {
                throw new CommandLine.ParameterException(cmd, "--rfc3164-device-zone: expected HOST=ZONE, got '"
                        + d + "'");
            }
            policy = policy.withDeviceZone(d.substring(0, eq), zoneId(cmd, "--rfc3164-device-zone", d.substring(eq + 1)));
        }
        return policy;
    }

    private static ZoneId zoneId(CommandLine cmd, String option, String value) {
        try {
            return ZoneId.of(value);
        } catch (DateTimeException e) {
            throw new CommandLine.ParameterException(cmd, option + ": not a time zone ID: '" + value + "'");
        }
    }
}
