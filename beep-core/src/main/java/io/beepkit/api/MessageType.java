package io.beepkit.api;

/** The five BEEP message types of RFC 3080 §2.2.1, as reported to a {@link BeepObserver}. */
public enum MessageType {
    /** A request. */
    MSG,
    /** A positive reply. */
    RPY,
    /** A negative reply. */
    ERR,
    /** One answer of a one-to-many reply. */
    ANS,
    /** The end of a one-to-many reply. */
    NUL;

    /** The tag value, in lower case: {@code msg}, {@code rpy}... */
    public String tag() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
