package io.beepkit.syslog;

/** The shape the sender gave a message's text. */
public enum SyslogFormat {
    /** The syslog protocol of RFC 5424: {@code <PRI>1 TIMESTAMP HOSTNAME APP-NAME PROCID MSGID SD MSG}. */
    RFC5424,
    /** The BSD format of RFC 3164 §4.1: {@code <PRI>Mmm dd hh:mm:ss HOSTNAME TAG: MSG}. */
    RFC3164,
    /** Neither: the text is kept as it came (a valid PRI, if any, still sets facility and severity). */
    UNPARSED
}
