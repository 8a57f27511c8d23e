package io.beepkit.syslog.internal;

import io.beepkit.api.BeepProtocolException;

/**
 * A peer's RFC 3195 message broke the profile's syntax or one of our limits. On COOKED it is answered with an ERR
 * carrying {@link #code()} (500: not the syntax, 501: a bad parameter, 550: over a limit); on RAW, where the
 * device's ANS stream cannot be answered, the session is terminated.
 */
public final class SyslogViolation extends BeepProtocolException {
    private final int code;

    /** A violation answered with {@code code}; {@code message} names the offending value, escaped. */
    public SyslogViolation(int code, String message) {
        super(message);
        this.code = code;
    }

    /** The BEEP reply code for the ERR. */
    public int code() {
        return code;
    }
}
