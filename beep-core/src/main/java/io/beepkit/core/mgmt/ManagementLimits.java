package io.beepkit.core.mgmt;

/**
 * Bounds on what a peer's channel-0 XML may make us hold (RFC 3080 §2.3.1 sets none). Each is checked while parsing,
 * before the offending part is kept; exceeding one is a {@link io.beepkit.api.BeepProtocolException} naming the
 * value and the limit.
 *
 * @param maxGreetingOctets   the largest {@code <greeting>} message accepted, in octets of XML
 * @param maxServerNameLength the longest {@code serverName} attribute of a {@code <start>}, in characters
 * @param maxProfilesPerStart the most {@code <profile>} elements one {@code <start>} may offer
 */
public record ManagementLimits(int maxGreetingOctets, int maxServerNameLength, int maxProfilesPerStart) {
    /** Default largest greeting: 64 KiB, far above any greeting seen in practice. */
    public static final int DEFAULT_MAX_GREETING_OCTETS = 64 * 1024;
    /** Default longest serverName: 255 characters, the longest DNS name. */
    public static final int DEFAULT_MAX_SERVER_NAME_LENGTH = 255;
    /** Default most profiles offered in one start request. */
    public static final int DEFAULT_MAX_PROFILES_PER_START = 64;
    /** The defaults above. */
    public static final ManagementLimits DEFAULT = new ManagementLimits(DEFAULT_MAX_GREETING_OCTETS,
            DEFAULT_MAX_SERVER_NAME_LENGTH, DEFAULT_MAX_PROFILES_PER_START);

    /** Checks each limit is at least 1. */
    public ManagementLimits {
        positive("maxGreetingOctets", maxGreetingOctets);
        positive("maxServerNameLength", maxServerNameLength);
        positive("maxProfilesPerStart", maxProfilesPerStart);
    }

    private static void positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be >= 1: " + value);
        }
    }
}
