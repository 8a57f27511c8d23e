package io.beepkit.core.channel;

import io.beepkit.api.SessionRole;

import java.util.function.IntPredicate;

/**
 * The channel numbers of one session (RFC 3080 §2.3.1.2): the initiator starts odd channels, the listener even ones;
 * a number is in use while its channel is open or while a start for it is being decided. Bounded by the session's
 * channel limit. Not thread-safe: owned by the session's event loop.
 */
public final class ChannelNumbers {
    private final SessionRole role;
    private final int maxChannels;
    private final IntPredicate open;
    /** The numbers whose start is being decided; made with the first start (a listener holds one per session). */
    private IntMap<Boolean> reserved;
    private int next;

    /**
     * @param role        our role, which decides the parity of the numbers we allocate
     * @param maxChannels the most channels (other than 0) open or being started at once
     * @param open        tells whether a channel number is open
     */
    public ChannelNumbers(SessionRole role, int maxChannels, IntPredicate open) {
        this.role = role;
        this.maxChannels = maxChannels;
        this.open = open;
        this.next = role == SessionRole.INITIATOR ? 1 : 2;
    }

    /** True when the peer may not start {@code number}: not positive, or of our parity. */
    public boolean wrongParityForPeer(int number) {
        return number <= 0 || role.ownsChannelNumber(number);
    }

    /** True when {@code number} is open or being started. */
    public boolean inUse(int number) {
        return open.test(number) || reserved != null && reserved.containsKey(number);
    }

    /** True when no further channel may start, given {@code openCount} channels open besides channel 0. */
    public boolean full(int openCount) {
        return openCount + (reserved == null ? 0 : reserved.size()) >= maxChannels;
    }

    /** Holds {@code number} while its start is decided. */
    public void reserve(int number) {
        if (reserved == null) {
            reserved = new IntMap<>();
        }
        reserved.put(number, Boolean.TRUE);
    }

    /** The start of {@code number} is decided, either way. */
    public void unreserve(int number) {
        if (reserved != null) {
            reserved.remove(number);
        }
    }

    /** The most channels open at once. */
    public int maxChannels() {
        return maxChannels;
    }

    /**
     * A free number of our parity, reserved; or -1 when the limit is reached or no free number exists. Numbers wrap
     * from 2^31-1 back to the smallest of our parity.
     */
    public int allocate(int openCount) {
        if (full(openCount)) {
            return -1;
        }
        for (int tries = 0; tries < 1_000_000; tries++) {
            int n = next;
            next = n > Integer.MAX_VALUE - 2 ? (n & 1) == 1 ? 1 : 2 : n + 2; // 2^31-1 itself is a valid odd number
            if (!inUse(n)) {
                reserve(n);
                return n;
            }
        }
        return -1;
    }
}
