package io.beepkit.cli;

import io.beepkit.api.TransferStats;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The text a {@code beep load} run prints: its plan before it starts, a progress line a second, and the report at
 * the end (the JSON form is {@link LoadJson}).
 */
final class LoadReport {
    private LoadReport() {
    }

    /** The plan: {@code head} (the main flow, sessions, channels, transport, tuning), each extra flow, the warm-up. */
    static void printPlan(PrintWriter out, String head, List<LoadFlow> extras, Duration warmup, double rate) {
        out.println(head);
        for (LoadFlow f : extras) {
            out.printf(Locale.ROOT, "extra channel per session: %s, %d-octet messages, %d in flight%n", f.uri,
                    f.size, f.inFlight);
        }
        if (!warmup.isZero() || rate > 0) {
            out.printf(Locale.ROOT, "warm-up %s (not measured)%s%n", Units.seconds(warmup), rate > 0
                    ? String.format(Locale.ROOT, ", target rate %.0f msgs/s", rate) : "");
        }
        out.flush();
    }

    /**
     * A progress line: the time since the start, messages answered so far, the rates over the last
     * {@code intervalNanos} (from the messages and octets of that interval), messages in flight, errors, and
     * {@code suffix} (empty, or {@link #reconnectsSoFar}).
     */
    static void printProgress(PrintWriter out, long sinceStartNanos, long intervalNanos, long done,
                              long doneInInterval, long octetsInInterval, long inFlight, long errors, String suffix) {
        double dt = intervalNanos / 1e9;
        out.printf(Locale.ROOT, "[%6.1f s] %d done, %.0f msgs/s, %.2f MB/s, %d in flight, %d error%s%s%n",
                sinceStartNanos / 1e9, done, doneInInterval / dt, octetsInInterval / dt / 1e6, inFlight, errors,
                errors == 1 ? "" : "s", suffix);
        out.flush();
    }

    /** The end of a progress line with --reconnect: sessions replaced and exchanges lost so far. */
    static String reconnectsSoFar(int reconnects, long lost) {
        return ", " + reconnects + " reconnect" + plural(reconnects) + ", " + lost + " lost";
    }

    static String plural(int n) {
        return n == 1 ? "" : "s";
    }

    /**
     * Prints the report: totals, throughput over the measured time, latency of the main flow and of each extra
     * flow, frame statistics of the main flow's channels, errors by kind.
     */
    static void print(PrintWriter out, LoadFlow main, List<LoadFlow> extras, TransferStats before,
                      TransferStats after, long nanos, long msgs, long failedCount, long lost,
                      Map<String, LongAdder> errorKinds) {
        double secs = nanos / 1e9;
        int size = main.size;
        long ok = msgs - (failedCount - lost);
        long sentMsgs = after.messagesSent() - before.messagesSent();
        long framesSent = after.framesSent() - before.framesSent();
        long framesReceived = after.framesReceived() - before.framesReceived();
        long tiny = after.smallFramesSent() - before.smallFramesSent();
        long bytesSent = after.bytesSent() - before.bytesSent();
        long bytesReceived = after.bytesReceived() - before.bytesReceived();
        out.println();
        out.printf(Locale.ROOT, "finished in %.3f s: %d messages answered, %d ok, %d error%s%s%n", secs, msgs, ok,
                failedCount, failedCount == 1 ? "" : "s", lost > 0 ? " (" + lost + " unfinished, timed out)" : "");
        long measuredMsgs = main.measured.get();
        for (LoadFlow f : extras) {
            measuredMsgs += f.measured.get();
        }
        out.printf(Locale.ROOT, "throughput:  %.1f msgs/s, %.2f MB/s sent, %.2f MB/s received%n", measuredMsgs / secs,
                bytesSent / secs / 1e6, bytesReceived / secs / 1e6);
        out.println("latency:     " + latencyLine(main.latency));
        if (main.fromSend.count() > 0) {
            out.println("from send:   " + latencyLine(main.fromSend) + " (paced: without the wait behind late replies)");
        }
        for (LoadFlow f : extras) {
            out.printf(Locale.ROOT, "extra %s (%d octets, %d in flight): %d answered, %.1f msgs/s, latency %s%n", f.uri,
                    f.size, f.inFlight, f.measured.get(), f.measured.get() / secs, latencyLine(f.latency));
        }
        out.printf(Locale.ROOT, "frames:      sent %d (%s per message, %d tiny), received %d (%s per message), "
                        + "SEQ sent %d received %d, zero-window %d ms%n", framesSent, ratio(framesSent, sentMsgs), tiny,
                framesReceived, ratio(framesReceived, msgs), after.seqFramesSent() - before.seqFramesSent(),
                after.seqFramesReceived() - before.seqFramesReceived(),
                (after.zeroWindowNanos() - before.zeroWindowNanos()) / 1_000_000);
        StringBuilder errs = new StringBuilder(Long.toString(failedCount));
        errorKinds.entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue().sum(), a.getValue().sum()))
                .limit(3)
                .forEach(e -> errs.append(errs.length() == Long.toString(failedCount).length() ? " (" : ", ")
                        .append(e.getValue().sum()).append(" x ").append(e.getKey()));
        if (!errorKinds.isEmpty()) {
            errs.append(')');
        }
        out.println("errors:      " + errs);
        out.println("(message size " + size + " octets on the wire = CRLF + " + (size - 2)
                + " body octets; MB = 10^6 octets of frame payload; frames counted on this client)");
        out.flush();
    }

    /** With --reconnect: sessions replaced, exchanges lost when connections dropped, messages sent in their place. */
    static void printReconnects(PrintWriter out, int reconnects, long lost, long retried) {
        out.printf(Locale.ROOT, "reconnects:  %d (%d message%s lost in flight, %d sent again)%n", reconnects, lost,
                lost == 1 ? "" : "s", retried);
        out.flush();
    }

    static String latencyLine(LatencyHistogram h) {
        return "min " + Units.millis(h.min()) + ", p50 " + Units.millis(h.percentile(50)) + ", p90 "
                + Units.millis(h.percentile(90)) + ", p99 " + Units.millis(h.percentile(99)) + ", max "
                + Units.millis(h.max());
    }

    static String ratio(long a, long b) {
        return b == 0 ? "-" : String.format(Locale.ROOT, "%.2f", (double) a / b);
    }
}
