package io.beepkit.syslog.internal;

/**
 * An {@code <entry>} element (RFC 3195 §4.4.2) as read: the validated attributes and the text. Facility and severity
 * take the DTD's defaults (1 and 5) when absent.
 */
public record CookedEntry(int facility, int severity, String timestamp, String hostname, String tag,
                          String deviceFqdn, String deviceIp, String pathId, String text) {
}
