package io.beepkit.core.flow;

import java.util.ArrayList;
import java.util.List;

/**
 * A deterministic sender/receiver pair for one channel: the sender cuts messages with a {@link FragmentPlanner}
 * against a {@link SendWindow}; the receiver checks with a {@link ReceiveWindow}, consumes what arrives at once and
 * returns SEQs, which are delivered back before the sender tries again. No time, no threads: the frame sizes that
 * come out are exactly what the policies decide.
 */
final class WindowSimulation {
    final SendWindow send;
    final ReceiveWindow receive;
    final FragmentPlanner planner;
    final List<Integer> frames = new ArrayList<>();
    int seqs;
    int forcedWaits;

    WindowSimulation(FragmentPlanner planner, int window, long initialSeqno) {
        this.planner = planner;
        this.send = new SendWindow(initialSeqno, window);
        this.receive = new ReceiveWindow(initialSeqno, window);
    }

    /** Sends whole messages of {@code size} octets, one after another; returns the frame sizes of each. */
    List<List<Integer>> sendMessages(int count, int size) {
        List<List<Integer>> perMessage = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            perMessage.add(sendMessage(size));
        }
        return perMessage;
    }

    List<Integer> sendMessage(int size) {
        List<Integer> out = new ArrayList<>();
        long remaining = size;
        int guard = 0;
        while (remaining > 0) {
            if (++guard > 100_000) {
                throw new AssertionError("no progress: " + out);
            }
            int n = planner.nextFrameSize(remaining, send.available(), send.peerWindow(), false);
            if (n == 0) {
                // the sender waits: the receiver's pending SEQ (if any) is the only thing that can open the window
                if (!deliverSeq()) {
                    forcedWaits++;
                    n = planner.nextFrameSize(remaining, send.available(), send.peerWindow(), true);
                    if (n == 0) {
                        throw new AssertionError("deadlock: window closed and no SEQ due; frames so far " + out);
                    }
                } else {
                    continue;
                }
            }
            long seqno = send.nextSeqno();
            send.consume(n);
            receive.onFrame(seqno, n);
            out.add(n);
            frames.add(n);
            remaining -= n;
            if (receive.consume(n)) {
                pendingSeq = true;
            }
        }
        deliverSeq();
        return out;
    }

    private boolean pendingSeq;

    private boolean deliverSeq() {
        if (!pendingSeq) {
            return false;
        }
        pendingSeq = false;
        int window = receive.advertiseWindow();
        send.onSeq(receive.ackno(), window);
        seqs++;
        return true;
    }
}
