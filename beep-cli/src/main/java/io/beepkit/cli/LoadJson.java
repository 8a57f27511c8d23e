package io.beepkit.cli;

import io.beepkit.api.TransferStats;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The report of a {@code beep load} run as one JSON object, for scripts and for the benchmark charts: the run's
 * settings, the measured time, the counters and frame statistics of the main flow's channels, and for every flow
 * (main first, then each extra channel) its throughput and latency percentiles in milliseconds.
 */
final class LoadJson {
    private LoadJson() {
    }

    /**
     * What a run survived: sessions replaced ({@code --reconnect}), exchanges lost when a connection dropped,
     * messages sent in their place, and the errors by short kind.
     */
    record Reconnects(long reconnects, long lost, long retried, Map<String, LongAdder> errorsByKind) {
    }

    /**
     * Writes the report to {@code file}, or to {@code out} when {@code file} is "-". {@code unfinished} counts the
     * exchanges still outstanding when the run gave up waiting (also among {@code errors}, of kind timeout).
     */
    static void write(String file, PrintWriter out, String command, LoadFlow main, List<LoadFlow> extras,
                      TransferStats before, TransferStats after, long measuredNanos, long answered, long errors,
                      long unfinished, Reconnects survived) {
        double secs = measuredNanos / 1e9;
        StringBuilder b = new StringBuilder("{\n");
        field(b, "command", quote(command));
        field(b, "seconds", num(secs));
        field(b, "answered", Long.toString(answered));
        field(b, "errors", Long.toString(errors));
        field(b, "unfinished", Long.toString(unfinished));
        field(b, "mbytes_per_s_sent", num((after.bytesSent() - before.bytesSent()) / secs / 1e6));
        field(b, "mbytes_per_s_received", num((after.bytesReceived() - before.bytesReceived()) / secs / 1e6));
        field(b, "frames_sent", Long.toString(after.framesSent() - before.framesSent()));
        field(b, "frames_received", Long.toString(after.framesReceived() - before.framesReceived()));
        field(b, "seq_received", Long.toString(after.seqFramesReceived() - before.seqFramesReceived()));
        field(b, "zero_window_ms", Long.toString((after.zeroWindowNanos() - before.zeroWindowNanos()) / 1_000_000));
        field(b, "reconnects", Long.toString(survived.reconnects()));
        field(b, "lost", Long.toString(survived.lost()));
        field(b, "retried", Long.toString(survived.retried()));
        StringBuilder kinds = new StringBuilder("{");
        new TreeMap<>(survived.errorsByKind()).forEach((k, v) -> kinds.append(kinds.length() > 1 ? ", " : "")
                .append(quote(k)).append(": ").append(v.sum()));
        field(b, "errors_by_kind", kinds.append('}').toString());
        b.append("  \"flows\": [\n");
        flow(b, "main", main, secs);
        for (LoadFlow f : extras) {
            b.append(",\n");
            flow(b, "extra", f, secs);
        }
        b.append("\n  ]\n}\n");
        if ("-".equals(file)) {
            out.print(b);
            out.flush();
            return;
        }
        try {
            Files.writeString(Path.of(file), b, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CliException(ExitCodes.USAGE, "cannot write --json " + file + ": " + e.getMessage());
        }
    }

    private static void flow(StringBuilder b, String role, LoadFlow f, double secs) {
        LatencyHistogram h = f.latency;
        b.append(String.format(Locale.ROOT, "    {\"role\": %s, \"uri\": %s, \"size\": %d, \"in_flight\": %d, "
                        + "\"messages\": %d, \"msgs_per_s\": %s, \"mbit_per_s\": %s, \"latency_ms\": {\"min\": %s, "
                        + "\"mean\": %s, \"p50\": %s, \"p90\": %s, \"p99\": %s, \"p999\": %s, \"max\": %s}",
                quote(role), quote(f.uri), f.size, f.inFlight, f.measured.get(), num(f.measured.get() / secs),
                num(f.measured.get() * (double) f.size * 8 / secs / 1e6), ms(h.min()), num(h.mean() / 1e6),
                ms(h.percentile(50)), ms(h.percentile(90)), ms(h.percentile(99)), ms(h.percentile(99.9)), ms(h.max())));
        LatencyHistogram s = f.fromSend;
        if (s.count() > 0) {
            b.append(String.format(Locale.ROOT, ", \"latency_from_send_ms\": {\"min\": %s, \"mean\": %s, \"p50\": %s, "
                            + "\"p90\": %s, \"p99\": %s, \"p999\": %s, \"max\": %s}", ms(s.min()), num(s.mean() / 1e6),
                    ms(s.percentile(50)), ms(s.percentile(90)), ms(s.percentile(99)), ms(s.percentile(99.9)),
                    ms(s.max())));
        }
        b.append('}');
    }

    private static void field(StringBuilder b, String name, String value) {
        b.append("  ").append(quote(name)).append(": ").append(value).append(",\n");
    }

    private static String ms(long nanos) {
        return num(nanos / 1e6);
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.4f", v) : "null";
    }

    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
