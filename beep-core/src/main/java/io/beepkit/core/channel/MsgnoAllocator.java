package io.beepkit.core.channel;


/**
 * Allocates msgnos for our outgoing MSGs on one channel: unique among those awaiting replies, wrapping from
 * 2^31-1 to 0 (RFC 3080 §2.2.1.1). Bounded by {@code maxOutstanding}.
 */
public final class MsgnoAllocator {
    /** The msgnos awaiting replies (the value is only a marker). */
    private final IntMap<Boolean> outstanding = new IntMap<>();
    private final int maxOutstanding;
    private int next;

    public MsgnoAllocator(int first, int maxOutstanding) {
        if (first < 0) {
            throw new IllegalArgumentException("first msgno must be >= 0: " + first);
        }
        this.next = first;
        this.maxOutstanding = maxOutstanding;
    }

    /**
     * @return the next free msgno, now outstanding
     * @throws IllegalStateException when {@code maxOutstanding} MSGs already await replies
     */
    public int allocate() {
        if (outstanding.size() >= maxOutstanding) {
            throw new IllegalStateException(maxOutstanding + " MSGs already await replies on this channel");
        }
        while (outstanding.containsKey(next)) {
            next = next == Integer.MAX_VALUE ? 0 : next + 1;
        }
        int n = next;
        outstanding.put(n, Boolean.TRUE);
        next = n == Integer.MAX_VALUE ? 0 : n + 1;
        return n;
    }

    /** The reply to {@code msgno} is complete: the number may be reused. */
    public boolean release(int msgno) {
        return outstanding.remove(msgno) != null;
    }

    public boolean isOutstanding(int msgno) {
        return outstanding.containsKey(msgno);
    }

    public int outstandingCount() {
        return outstanding.size();
    }
}
