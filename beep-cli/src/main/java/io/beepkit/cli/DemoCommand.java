package io.beepkit.cli;

import io.beepkit.netty.SocketTuning;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code beep demo}: the BEEP tiny-fragment effect, measured on an embedded loopback pair. */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Show the BEEP tiny-fragment effect on an embedded loopback pair.", "", "Starts an embedded listener and "
                + "initiator on 127.0.0.1 (a free port) for each of three socket profiles and sends 4096- and "
                + "4098-octet messages on a 4096-octet window, one channel, --in-flight messages outstanding (8, as in "
                + "the JMH benchmark): legacy (Nagle on, naive splitting), efficient (Nagle on, window-aware splitting "
                + "and coalesced writes) and default (TCP_NODELAY, window-aware splitting, coalesced writes), the last "
                + "two on a 4096 window. Listener and initiator of a pair use the same profile; the listener answers "
                + "with the sink profile (empty RPY).",
                "",
                "Every pair is warmed up first; then the six cases take turns for --rounds rounds, so a stall of the "
                        + "machine or the JIT's work falls on all of them alike. Prints a table: profile, message "
                        + "size, msgs/s (median of the rounds) and its spread (half the range, in percent), MB/s, "
                        + "frames per message, tiny frames sent and TCP segments per message (both directions, from "
                        + "the host's counters)."})
final class DemoCommand implements Callable<Integer> {
    static final int WINDOW = 4096;
    static final int[] SIZES = {4096, 4098};

    @Spec
    CommandSpec spec;

    @Option(names = {"-d", "--duration"}, paramLabel = "TIME", defaultValue = "1.5s",
            converter = Units.DurationConverter.class,
            description = "Measuring time of each of the six cases, split over the rounds (default: ${DEFAULT-VALUE}); "
                    + "each case is also warmed up for one round's time.")
    Duration duration;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "5",
            description = "Rounds the six cases take turns in (default: ${DEFAULT-VALUE}); the table shows medians.")
    int rounds;

    @Option(names = {"-m", "--in-flight"}, paramLabel = "N", defaultValue = "8",
            description = "Messages kept outstanding (default: ${DEFAULT-VALUE}, as in the BtfBenchmark; 1 shows the "
                    + "latency view, where a 4098-octet message always costs an extra SEQ round trip).")
    int inFlight;

    static List<SocketTuning> profiles() {
        return List.of(SocketTuning.LEGACY,
                SocketTuning.of("efficient", SocketTuning.EFFICIENT.socket(),
                SocketTuning.EFFICIENT.flow().toBuilder().window(WINDOW).build()),
                SocketTuning.of("default", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().window(WINDOW).build()));
    }

    @Override
    public Integer call() throws Exception {
        CommandLine cmd = spec.commandLine();
        if (duration.isZero() || duration.compareTo(Duration.ofMinutes(10)) > 0) {
            throw new CommandLine.ParameterException(cmd, "--duration must be in (0, 10m]: " + duration);
        }
        if (rounds < 1 || rounds > 100) {
            throw new CommandLine.ParameterException(cmd, "--rounds must be in [1, 100]: " + rounds);
        }
        if (inFlight < 1 || inFlight > 1024) {
            throw new CommandLine.ParameterException(cmd, "--in-flight must be in [1, 1024]: " + inFlight);
        }
        PrintWriter out = cmd.getOut();
        Duration round = duration.dividedBy(rounds);
        out.printf(Locale.ROOT, "BEEP tiny-fragment demo: 127.0.0.1 loopback, %d-octet window, one channel, %d in flight, "
                + "%d interleaved rounds of %.2f s per case after a warm-up round%n%n", WINDOW, inFlight, rounds,
                round.toNanos() / 1e9);
        out.flush();
        List<DemoCell> cells = measure(round);
        out.printf(Locale.ROOT, "%-9s %7s %10s %7s %8s %11s %12s %9s%n", "profile", "size", "msgs/s", "spread", "MB/s",
                "frames/msg", "tiny frames", "segs/msg");
        for (DemoCell c : cells) {
            out.printf(Locale.ROOT, "%-9s %7d %10.0f %6.0f%% %8.2f %11.2f %12d %9.2f%n", c.profile(), c.size(),
                    c.msgsPerSecond(), c.spreadPercent(), c.megabytesPerSecond(), c.framesPerMessage(), c.tinyFrames(),
                    c.segmentsPerMessage());
        }
        out.println();
        out.println("msgs/s = median of the rounds, spread = half their range as a share of it; size = message payload "
                + "on the wire (MIME entity without headers: CRLF + size-2 body octets);");
        out.println("MB = 10^6 payload octets; frames/msg and tiny frames count the initiator's MSG frames; a tiny frame "
                + "is a piece of a split message under 512 octets (or a quarter window); segs/msg counts TCP segments "
                + "of both peers, pure ACKs included, from /proc/net/snmp (other traffic on the host adds to it).");
        for (SocketTuning p : profiles()) {
            StringBuilder b = new StringBuilder(p.name()).append(": median time per message");
            String sep = " ";
            for (DemoCell c : cells) {
                if (c.profile().equals(p.name())) {
                    double rate = c.msgsPerSecond();
                    b.append(sep).append(String.format(Locale.ROOT, "%.3f ms at %d", rate == 0 ? 0 : 1000 / rate,
                            c.size()));
                    sep = ", ";
                }
            }
            out.println(b);
        }
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * Opens a pair per case (a fresh session per message size, as an application would have, so the 4098-octet
     * rounds do not shift the window the 4096-octet ones see), warms every case up for one round, then runs
     * {@code rounds} rounds in which the six cases take turns; returns one cell per case in table order.
     */
    private List<DemoCell> measure(Duration round) throws Exception {
        List<DemoPair> pairs = new ArrayList<>();
        List<DemoCell> cells = new ArrayList<>();
        try {
            for (SocketTuning p : profiles()) {
                for (int size : SIZES) {
                    DemoPair pair = DemoPair.open(p);
                    pairs.add(pair);
                    pair.measure(size, inFlight, round); // warm-up: opens the path and lets the JIT compile it
                    cells.add(new DemoCell(p.name(), size));
                }
            }
            for (int r = 0; r < rounds; r++) {
                for (int i = 0; i < cells.size(); i++) {
                    cells.get(i).add(pairs.get(i).measure(cells.get(i).size(), inFlight, round));
                }
            }
            return cells;
        } finally {
            for (DemoPair pair : pairs) {
                pair.close();
            }
        }
    }
}
