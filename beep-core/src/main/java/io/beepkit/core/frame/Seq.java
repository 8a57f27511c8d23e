package io.beepkit.core.frame;

/**
 * Sequence number arithmetic modulo 2^32 (RFC 3081 §3.1). Sequence numbers are carried in {@code long}s holding
 * unsigned 32-bit values; every operation here wraps.
 */
public final class Seq {
    /** The largest sequence number, 2^32-1. */
    public static final long MAX = 0xFFFF_FFFFL;
    /** Sequence space size, 2^32. */
    public static final long MODULUS = 1L << 32;

    private Seq() {
    }

    /** {@code (seq + delta) mod 2^32}. */
    public static long add(long seq, long delta) {
        return (seq + delta) & MAX;
    }

    /**
     * Distance from {@code from} forward to {@code to}, modulo 2^32, in [0, 2^32).
     * For example {@code distance(4294967290, 6) == 12}.
     */
    public static long distance(long from, long to) {
        return (to - from) & MAX;
    }

    /**
     * Signed difference {@code a - b} interpreted in a window of half the sequence space (serial number arithmetic,
     * RFC 1982 style): positive when {@code a} is ahead of {@code b}.
     */
    public static long compare(long a, long b) {
        return (int) (a - b);
    }

    /** Checks that {@code value} is a valid 32-bit unsigned sequence number. */
    public static long check(long value, String what) {
        if (value < 0 || value > MAX) {
            throw new IllegalArgumentException(what + " out of range 0.." + MAX + ": " + value);
        }
        return value;
    }
}
