package io.beepkit.cli;

import io.beepkit.api.MimeEntity;

import java.util.concurrent.atomic.AtomicLong;

/**
 * One kind of traffic in a {@code beep load} run: a profile URI, a message size and the messages kept in flight on
 * each of its channels, with its own measured latencies. The main flow comes from the command's arguments; each
 * {@code --extra-channel URI[,size=OCTETS][,in-flight=N]} adds one more channel per session (an interactive channel
 * beside a bulk one, in the same session).
 */
final class LoadFlow {
    final String uri;
    final int size;
    final int inFlight;
    final MimeEntity message;
    final LatencyHistogram latency = new LatencyHistogram();
    /**
     * Paced runs only: latency from each message's actual send, leaving out the wait behind a late reply that
     * {@link #latency} charges from the scheduled time (what tools that measure from the send, such as h2load, report).
     */
    final LatencyHistogram fromSend = new LatencyHistogram();
    /** Messages answered whose send fell in the measured part of the run (after the warm-up). */
    final AtomicLong measured = new AtomicLong();

    LoadFlow(String uri, int size, int inFlight) {
        if (size < 2) {
            throw new IllegalArgumentException("size must be at least 2 octets (CRLF + body): " + size);
        }
        if (inFlight < 1 || inFlight > 100_000) {
            throw new IllegalArgumentException("in-flight must be in 1..100000: " + inFlight);
        }
        this.uri = uri;
        this.size = size;
        this.inFlight = inFlight;
        this.message = MimeEntity.of(new byte[size - 2]);
    }

    /** Parses {@code URI[,size=OCTETS][,in-flight=N]}; sizes take the usual k/m/g suffixes. */
    static LoadFlow parse(String spec) {
        String[] parts = spec.split(",");
        if (parts[0].isBlank()) {
            throw new IllegalArgumentException("no profile URI in '" + spec + "'");
        }
        int size = 64;
        int inFlight = 1;
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].trim();
            if (p.startsWith("size=")) {
                size = (int) Units.parseSize(p.substring(5));
            } else if (p.startsWith("in-flight=")) {
                inFlight = Integer.parseInt(p.substring(10));
            } else {
                throw new IllegalArgumentException("unknown setting '" + p + "' in '" + spec
                        + "' (expected size=OCTETS or in-flight=N)");
            }
        }
        return new LoadFlow(parts[0].trim(), size, inFlight);
    }
}
