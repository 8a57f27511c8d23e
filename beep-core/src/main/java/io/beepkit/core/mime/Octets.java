package io.beepkit.core.mime;

/**
 * Read-only access to a payload wherever it lives (a byte array, or a transport's buffer), so that MIME decoding can
 * find the header section in place and copy the body out exactly once.
 */
public interface Octets {
    /** The number of octets. */
    int length();

    /** The octet at {@code index} (0-based). */
    byte get(int index);

    /** A new array holding octets {@code from} (inclusive) to {@code to} (exclusive). */
    byte[] copy(int from, int to);

    /**
     * The index of the first CR LF pair starting in {@code [from, limit - 1)}, or -1. Implementations over
     * segmented storage override it with a faster scan.
     */
    default int indexOfCrlf(int from, int limit) {
        for (int i = from; i + 1 < limit; i++) {
            if (get(i) == '\r' && get(i + 1) == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** A view of {@code array}; copies come from it. */
    static Octets of(byte[] array) {
        return new Octets() {
            @Override
            public int length() {
                return array.length;
            }

            @Override
            public byte get(int index) {
                return array[index];
            }

            @Override
            public byte[] copy(int from, int to) {
                return java.util.Arrays.copyOfRange(array, from, to);
            }
        };
    }
}
