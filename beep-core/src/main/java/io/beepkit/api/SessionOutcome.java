package io.beepkit.api;

import org.jspecify.annotations.Nullable;

/** How a session ended, as reported to a {@link BeepObserver}. */
public enum SessionOutcome {
    /** Released in order, or the connection was closed without a protocol violation. */
    CLOSED,
    /** Terminated because the peer broke the protocol ({@link BeepProtocolException}). */
    PROTOCOL_ERROR,
    /** The peer refused the session with an ERR greeting ({@link BeepErrorException}). */
    REFUSED,
    /** An I/O or local failure ended it. */
    FAILED;

    /**
     * The outcome for the failure that ended a session.
     *
     * @param failure why the session ended, or null for an orderly close or plain disconnect
     * @return the outcome
     */
    public static SessionOutcome of(@Nullable Throwable failure) {
        if (failure == null) {
            return CLOSED;
        }
        if (failure instanceof BeepProtocolException) {
            return PROTOCOL_ERROR;
        }
        if (failure instanceof BeepErrorException) {
            return REFUSED;
        }
        return FAILED;
    }

    /** The tag value, in lower case: {@code closed}, {@code protocol_error}... */
    public String tag() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
