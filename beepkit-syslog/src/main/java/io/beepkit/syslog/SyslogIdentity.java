package io.beepkit.syslog;

import java.util.Objects;

/**
 * What a peer said of itself in an {@code <iam>} element (RFC 3195 §4.4.1).
 */
public final class SyslogIdentity {
    private final String fqdn;
    private final String ip;
    private final String type;

    /** Checks that nothing is null and that the type is one of the three RFC 3195 names. */
    public SyslogIdentity(String fqdn, String ip, String type) {
        Objects.requireNonNull(fqdn, "fqdn");
        Objects.requireNonNull(ip, "ip");
        if (!"device".equals(type) && !"relay".equals(type) && !"collector".equals(type)) {
            throw new IllegalArgumentException("iam type must be device, relay or collector: '" + type + "'");
        }
        this.fqdn = fqdn;
        this.ip = ip;
        this.type = type;
    }

    /** Its fully qualified domain name. */
    public String fqdn() {
        return fqdn;
    }

    /** Its IP address. */
    public String ip() {
        return ip;
    }

    /** {@code device}, {@code relay} or {@code collector}. */
    public String type() {
        return type;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SyslogIdentity that
                && Objects.equals(fqdn, that.fqdn)
                && Objects.equals(ip, that.ip)
                && Objects.equals(type, that.type);
    }

    @Override
    public int hashCode() {
        return Objects.hash(fqdn, ip, type);
    }

    @Override
    public String toString() {
        return "SyslogIdentity[fqdn=" + fqdn + ", ip=" + ip + ", type=" + type + "]";
    }
}
