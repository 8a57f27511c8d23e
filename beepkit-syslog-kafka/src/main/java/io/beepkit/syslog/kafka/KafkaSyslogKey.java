package io.beepkit.syslog.kafka;

/** What a record's key is, and so which partition a device's messages go to (the same key, the same partition). */
public enum KafkaSyslogKey {
    /**
     * The originating host's name as the message gives it ({@code SyslogMessage.hostname()}), else the COOKED
     * {@code deviceFQDN}, else the peer's IP address; no key when none is known.
     */
    DEVICE_HOST,
    /** The sending peer's IP address (the BEEP session's remote address); no key when it is unknown. */
    PEER_ADDRESS
}
