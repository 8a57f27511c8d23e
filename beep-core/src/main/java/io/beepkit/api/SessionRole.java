package io.beepkit.api;

/**
 * Which end of the TCP connection a session is (RFC 3080 §2.1). The role decides channel number parity: the
 * initiator starts odd-numbered channels, the listener even-numbered ones (§2.3.1.2). Simultaneous open is not
 * supported: the role always follows who opened the connection.
 */
public enum SessionRole {
    /** The active opener (connected). */
    INITIATOR,
    /** The passive opener (accepted). */
    LISTENER;

    /** True if a channel number of this parity may be started by this role. */
    public boolean ownsChannelNumber(int number) {
        return number > 0 && ((number & 1) == 1) == (this == INITIATOR);
    }
}
