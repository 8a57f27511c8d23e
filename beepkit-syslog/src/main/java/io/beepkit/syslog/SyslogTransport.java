package io.beepkit.syslog;

/** Which RFC 3195 profile carried a message. */
public enum SyslogTransport {
    /** {@link SyslogProfiles#RAW}: a CRLF-terminated line inside an ANS (RFC 3195 §3). */
    RAW,
    /** {@link SyslogProfiles#COOKED}: the content of an {@code <entry>} element (RFC 3195 §4.4.2). */
    COOKED
}
