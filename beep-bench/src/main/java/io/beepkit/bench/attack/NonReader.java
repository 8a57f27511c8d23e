package io.beepkit.bench.attack;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One session that never reads once it is set up: it greets, starts {@code channels} echo channels (as fast as the
 * listener's channel-0 window lets it, acknowledging what the listener sends there) and reads their replies and
 * SEQs; then it grants the listener a large window on each channel, and sends, without reading another
 * octet, large MSGs up to the window the listener opened on each channel (on a channel whose window is smaller than
 * one, the first frame of one, as large as the window), then empty MSGs (which use no window)
 * round-robin across the channels. Every reply piles up at the listener.
 */
final class NonReader {
    static final String ECHO = "http://xml.resource.org/profiles/NULL/ECHO";
    private static final int GRANTED_WINDOW = 16 * 1024 * 1024;
    private static final int ZERO_WINDOW = 4096;
    private static final long SEQ_GRACE_NANOS = 500_000_000L;

    private final int channels;
    private final int largeSize;
    private final int emptyPerChannel;
    private final long[] window;
    private final long[] seqno;
    private final int[] msgno;
    private final boolean[] open;
    private final boolean[] seqSeen;
    private final boolean[] answeredStart;
    private final boolean[] partial;
    private int answered;
    private long allAnsweredAt;
    /** Channel 0: our next seqno, the listener's window edge for us, what it sent us and what we acknowledged. */
    private long zeroSeq;
    private long zeroWindow = ZERO_WINDOW;
    private long zeroReceived;
    private long zeroAcked;
    private int nextStart;
    private boolean refused;
    private boolean greeted;
    // Generation state: grants first, then large MSGs per channel, then empty MSGs round-robin.
    private int grantIndex;
    private int largeChannel;
    private int emptyRound;
    private int emptyChannel;

    NonReader(int channels, int largeSize, int emptyPerChannel) {
        this.channels = channels;
        this.largeSize = largeSize;
        this.emptyPerChannel = emptyPerChannel;
        this.window = new long[channels];
        this.seqno = new long[channels];
        this.msgno = new int[channels];
        this.open = new boolean[channels];
        this.seqSeen = new boolean[channels];
        this.answeredStart = new boolean[channels];
        this.partial = new boolean[channels];
        Arrays.fill(window, 4096);
    }

    /**
     * Our greeting and the start requests that fit the listener's channel-0 window (RFC 3081's 4096 octets at
     * first), sent on connect; the rest follow as the listener's SEQs open its window ({@link #moreStarts}).
     */
    byte[] opening() {
        byte[] greetingPayload = FrameScanner.mgmt("<greeting/>");
        byte[] greeting = FrameScanner.frame("RPY", 0, 0, 0, greetingPayload);
        zeroSeq = greetingPayload.length;
        byte[] starts = moreStarts();
        byte[] all = Arrays.copyOf(greeting, greeting.length + starts.length);
        System.arraycopy(starts, 0, all, greeting.length, starts.length);
        return all;
    }

    /**
     * The start requests not yet sent that fit the listener's channel-0 window now, and a SEQ on channel 0 for what
     * the listener sent us there (its greeting and start replies would otherwise stop at our 4096-octet window); an
     * empty array if there is nothing to send.
     */
    byte[] moreStarts() {
        ByteBuffer out = ByteBuffer.allocate(8192);
        if (zeroReceived - zeroAcked >= ZERO_WINDOW / 2) {
            out.put(("SEQ 0 " + zeroReceived + " " + ZERO_WINDOW + "\r\n").getBytes(StandardCharsets.US_ASCII));
            zeroAcked = zeroReceived;
        }
        while (nextStart < channels) {
            byte[] start = FrameScanner.mgmt("<start number='" + number(nextStart) + "'><profile uri='" + ECHO
                    + "'/></start>");
            if (zeroSeq + start.length > zeroWindow || out.remaining() < start.length + 64) {
                break;
            }
            out.put(FrameScanner.frame("MSG", 0, nextStart + 1, zeroSeq, start));
            zeroSeq += start.length;
            nextStart++;
        }
        return Arrays.copyOf(out.array(), out.position());
    }

    private static int number(int index) {
        return 2 * index + 1;
    }

    /** A frame header seen during set-up. */
    void onHeader(FrameScanner.Header h) {
        if (!greeted) {
            greeted = true;
            refused = !h.keyword().equals("RPY");
            return;
        }
        if (h.keyword().equals("SEQ")) {
            int index = (h.channel() - 1) / 2;
            if (h.channel() == 0) {
                zeroWindow = h.numbers()[1] + h.numbers()[2];
            } else if (h.channel() % 2 == 1 && index < channels) {
                window[index] = h.numbers()[1] + h.numbers()[2];
                seqSeen[index] = true;
            }
            return;
        }
        if (h.channel() == 0 && h.numbers().length >= 5) {
            zeroReceived = Math.max(zeroReceived, h.numbers()[3] + h.numbers()[4]);
        }
        if (h.channel() == 0 && h.numbers()[1] >= 1 && h.numbers()[1] <= channels) {
            int index = (int) h.numbers()[1] - 1;
            if (!answeredStart[index]) {
                answeredStart[index] = true; // a reply may come in several frames
                open[index] = h.keyword().equals("RPY");
                if (++answered == channels) {
                    allAnsweredAt = System.nanoTime();
                }
            }
        }
    }

    /** True when the listener answered with ERR in place of its greeting (421: over its memory budget). */
    boolean refused() {
        return refused;
    }

    /**
     * True once every start request is answered and, for MSGs larger than RFC 3081's initial 4096-octet window, every
     * open channel's window is known: the listener's SEQ opening it follows the start's reply, and a channel beyond
     * the listener's window budget for the session gets none, so after {@link #SEQ_GRACE_NANOS} it keeps 4096.
     */
    boolean setUp(long nowNanos) {
        if (answered < channels) {
            return false;
        }
        if (largeSize <= 4096 || nowNanos - allAnsweredAt >= SEQ_GRACE_NANOS) {
            return true;
        }
        for (int i = 0; i < channels; i++) {
            if (open[i] && !seqSeen[i]) {
                return false;
            }
        }
        return true;
    }

    /** Channels the listener accepted. */
    int openChannels() {
        int n = 0;
        for (boolean b : open) {
            n += b ? 1 : 0;
        }
        return n;
    }

    /** Puts the next frames of the attack into {@code out}; false once there is nothing more to send. */
    boolean fill(ByteBuffer out) {
        while (grantIndex < channels) {
            if (open[grantIndex]) {
                byte[] seq = ("SEQ " + number(grantIndex) + " 0 " + GRANTED_WINDOW + "\r\n")
                        .getBytes(StandardCharsets.US_ASCII);
                if (out.remaining() < seq.length) {
                    return true;
                }
                out.put(seq);
            }
            grantIndex++;
        }
        byte[] large = new byte[largeSize];
        large[0] = '\r';
        large[1] = '\n';
        while (largeChannel < channels) {
            int c = largeChannel;
            if (open[c] && seqno[c] == 0 && window[c] < largeSize) {
                // The window is smaller than one large MSG: its first frame, as much as the window takes.
                if (out.remaining() < window[c] + 64) {
                    return true;
                }
                byte[] first = Arrays.copyOf(large, (int) window[c]);
                out.put(FrameScanner.frame("MSG", number(c), msgno[c]++, true, 0, first));
                seqno[c] = window[c];
                partial[c] = true;
                largeChannel++;
                continue;
            }
            if (!open[c] || seqno[c] + largeSize > window[c]) {
                largeChannel++;
                continue;
            }
            if (out.remaining() < largeSize + 64) {
                return true;
            }
            out.put(FrameScanner.frame("MSG", number(c), msgno[c]++, seqno[c], large));
            seqno[c] += largeSize;
        }
        while (emptyRound < emptyPerChannel) {
            while (emptyChannel < channels) {
                int c = emptyChannel;
                if (open[c] && !partial[c]) {
                    if (out.remaining() < 64) {
                        return true;
                    }
                    out.put(FrameScanner.frame("MSG", number(c), msgno[c]++, seqno[c], new byte[0]));
                }
                emptyChannel++;
            }
            emptyChannel = 0;
            emptyRound++;
        }
        return out.position() > 0;
    }
}
