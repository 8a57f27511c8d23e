package io.beepkit.bench.attack;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One session that never reads once it is set up: it greets, starts {@code channels} echo channels and reads their
 * replies and SEQs; then it grants the listener a large window on each channel, and sends, without reading another
 * octet, large MSGs up to the window the listener opened on each channel, then empty MSGs (which use no window)
 * round-robin across the channels. Every reply piles up at the listener.
 */
final class NonReader {
    static final String ECHO = "http://xml.resource.org/profiles/NULL/ECHO";
    private static final int GRANTED_WINDOW = 16 * 1024 * 1024;

    private final int channels;
    private final int largeSize;
    private final int emptyPerChannel;
    private final long[] window;
    private final long[] seqno;
    private final int[] msgno;
    private final boolean[] open;
    private int answered;
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
        Arrays.fill(window, 4096);
    }

    /** Our greeting and every start request, sent at once on connect. */
    byte[] opening() {
        byte[] greeting = FrameScanner.frame("RPY", 0, 0, 0, FrameScanner.mgmt("<greeting/>"));
        ByteBuffer all = ByteBuffer.allocate(greeting.length + channels * 200);
        all.put(greeting);
        long zeroSeq = FrameScanner.mgmt("<greeting/>").length;
        for (int i = 0; i < channels; i++) {
            byte[] start = FrameScanner.mgmt("<start number='" + number(i) + "'><profile uri='" + ECHO + "'/></start>");
            all.put(FrameScanner.frame("MSG", 0, i + 1, zeroSeq, start));
            zeroSeq += start.length;
        }
        return Arrays.copyOf(all.array(), all.position());
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
            if (h.channel() % 2 == 1 && index < channels) {
                window[index] = h.numbers()[1] + h.numbers()[2];
            }
        } else if (h.channel() == 0 && h.numbers()[1] >= 1 && h.numbers()[1] <= channels) {
            answered++;
            open[(int) h.numbers()[1] - 1] = h.keyword().equals("RPY");
        }
    }

    /** True when the listener answered with ERR in place of its greeting (421: over its memory budget). */
    boolean refused() {
        return refused;
    }

    /** True once every start request is answered. */
    boolean setUp() {
        return answered == channels;
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
                if (open[c]) {
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
