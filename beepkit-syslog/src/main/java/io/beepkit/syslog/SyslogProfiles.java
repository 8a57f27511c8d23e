package io.beepkit.syslog;

/** The profile URIs of RFC 3195 §6, matched exactly (case and all) in greetings and start requests. */
public final class SyslogProfiles {
    /** The TCP port IANA registered for syslog over BEEP (RFC 3195 §6), where devices send by default. */
    public static final int PORT = 601;
    /** The RAW profile (RFC 3195 §3, registered in §6.1): syslog lines streamed as ANS replies. */
    public static final String RAW = "http://iana.org/beep/SYSLOG/RAW";
    /** The COOKED profile (RFC 3195 §4, registered in §6.2): one XML {@code <entry>} per MSG. */
    public static final String COOKED = "http://iana.org/beep/SYSLOG/COOKED";

    /**
     * The RAW URI of the drafts that preceded RFC 3195, still the only one rsyslog's liblogging offers and starts.
     * Not an RFC 3195 URI: a collector serves it only when asked to (see {@code SyslogCollector.Builder.legacyUris}).
     */
    public static final String LEGACY_RAW = "http://xml.resource.org/profiles/syslog/RAW";
    /** The COOKED URI of the drafts that preceded RFC 3195 (see {@link #LEGACY_RAW}). */
    public static final String LEGACY_COOKED = "http://xml.resource.org/profiles/syslog/COOKED";

    private SyslogProfiles() {
    }
}
