package io.beepkit.syslog;

import java.util.Objects;

/**
 * What a peer said of itself in an {@code <iam>} element (RFC 3195 §4.4.1).
 *
 * @param fqdn its fully qualified domain name
 * @param ip   its IP address
 * @param type {@code device}, {@code relay} or {@code collector}
 */
public record SyslogIdentity(String fqdn, String ip, String type) {
    /** Checks that nothing is null and that the type is one of the three RFC 3195 names. */
    public SyslogIdentity {
        Objects.requireNonNull(fqdn, "fqdn");
        Objects.requireNonNull(ip, "ip");
        if (!"device".equals(type) && !"relay".equals(type) && !"collector".equals(type)) {
            throw new IllegalArgumentException("iam type must be device, relay or collector: '" + type + "'");
        }
    }
}
