package io.beepkit.syslog;

/** The profile URIs of RFC 3195 §6, matched exactly (case and all) in greetings and start requests. */
public final class SyslogProfiles {
    /** The RAW profile (RFC 3195 §3, registered in §6.1): syslog lines streamed as ANS replies. */
    public static final String RAW = "http://iana.org/beep/SYSLOG/RAW";
    /** The COOKED profile (RFC 3195 §4, registered in §6.2): one XML {@code <entry>} per MSG. */
    public static final String COOKED = "http://iana.org/beep/SYSLOG/COOKED";

    private SyslogProfiles() {
    }
}
