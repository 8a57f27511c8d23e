package io.beepkit.bench.scale;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.bench.HarnessArgs;
import io.beepkit.bench.attack.ChildListener;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * How many idle sessions one listener holds and what each costs it: {@code beep serve} in a child JVM, {@code sessions}
 * initiator sessions from this JVM (each process may hold at most 20 000 descriptors here, so the two ends are two
 * processes). It prints the accept rate (sessions greeted per second), the listener's live heap per idle session
 * (from class histograms before and after, each after a full collection, so exact and not an upper bound), the
 * classes that make it up, the 64-octet echo latency of a fresh session among them (p50, p99, max), then the same
 * with {@code channels} echo channels open on every session, and what 100 000 sessions would need.
 *
 * <pre>java -Xmx6g -cp beep-bench/target/benchmarks.jar io.beepkit.bench.scale.ScaleRun sessions=19000 channels=10 \
 *     serve=beep-cli/target/beep.jar</pre>
 *
 * Arguments ({@code name=value}): {@code sessions} (19000), {@code channels} per session in the second phase (10, 0
 * skips it), {@code serve} the beep-cli jar (required), {@code serveHeap} (2g), {@code echoes} by the fresh session
 * (2000), {@code batch} connects in flight (500), {@code top} classes listed (12).
 */
public final class ScaleRun {
    private final int sessions;
    private final int channels;
    private final String serveJar;
    private final String serveHeap;
    private final int echoes;
    private final int batch;
    private final int top;

    private ScaleRun(Map<String, String> args) {
        sessions = Integer.parseInt(args.getOrDefault("sessions", "19000"));
        channels = Integer.parseInt(args.getOrDefault("channels", "10"));
        serveJar = args.get("serve");
        serveHeap = args.getOrDefault("serveHeap", "2g");
        echoes = Integer.parseInt(args.getOrDefault("echoes", "2000"));
        batch = Integer.parseInt(args.getOrDefault("batch", "500"));
        top = Integer.parseInt(args.getOrDefault("top", "12"));
        if (serveJar == null) {
            throw new IllegalArgumentException("serve=<path of beep-cli/target/beep.jar> is required");
        }
    }

    /** Runs with {@code name=value} arguments; see the class description. */
    public static void main(String[] argv) throws Exception {
        new ScaleRun(HarnessArgs.parse(argv)).run();
    }

    private void run() throws Exception {
        String limit = Integer.toString(sessions + 100);
        try (ChildListener listener = new ChildListener(serveJar, List.of("-Xmx" + serveHeap), List.of("--port", "0",
                "--max-sessions", limit, "--max-sessions-per-address", limit, "--listener-memory-budget", "1g",
                "--max-starts-per-second", "1000000", "--log-level", "warn"));
             BeepClient client = BeepClient.builder().build()) {
            System.out.printf(Locale.ROOT, "scale: %d sessions, then %d channels each, against beep serve -Xmx%s "
                    + "(pid %d)%n", sessions, channels, serveHeap, listener.pid());
            LiveHeap.Histogram empty = LiveHeap.of(listener.pid());
            System.out.printf(Locale.ROOT, "listener live heap, no session: %.1f MiB%n", empty.totalOctets() / 1048576.0);

            long t0 = System.nanoTime();
            List<BeepSession> open = connect(client, listener.port());
            double seconds = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "connected %d sessions in %.1f s: %.0f sessions/s (greeting exchanged), "
                    + "listener fds %d, threads %d%n", open.size(), seconds, open.size() / seconds,
                    listener.descriptors(), listener.threads());
            LiveHeap.Histogram idle = LiveHeap.of(listener.pid());
            report("idle session", empty, idle, open.size(), open.size());
            echo(client, listener.port(), "among idle sessions");

            if (channels > 0) {
                long t1 = System.nanoTime();
                int started = startChannels(open);
                System.out.printf(Locale.ROOT, "started %d channels in %.1f s%n", started,
                        (System.nanoTime() - t1) / 1e9);
                LiveHeap.Histogram busy = LiveHeap.of(listener.pid());
                report("channel", idle, busy, started, open.size());
                report("session with " + channels + " channels", empty, busy, open.size(), open.size());
                echo(client, listener.port(), "among sessions with " + channels + " channels");
            }
            List<CompletableFuture<Void>> closes = new ArrayList<>();
            open.forEach(s -> closes.add(s.close()));
            CompletableFuture.allOf(closes.toArray(CompletableFuture[]::new)).handle((v, e) -> null)
                    .get(120, TimeUnit.SECONDS);
        }
    }

    private List<BeepSession> connect(BeepClient client, int port) throws Exception {
        List<BeepSession> open = new ArrayList<>(sessions);
        for (int i = 0; i < sessions; i += batch) {
            List<CompletableFuture<BeepSession>> pending = new ArrayList<>();
            for (int k = i; k < Math.min(sessions, i + batch); k++) {
                pending.add(client.connect("127.0.0.1", port));
            }
            for (CompletableFuture<BeepSession> f : pending) {
                open.add(f.get(120, TimeUnit.SECONDS));
            }
        }
        return open;
    }

    private int startChannels(List<BeepSession> open) throws Exception {
        int started = 0;
        for (int i = 0; i < open.size(); i += batch) {
            List<CompletableFuture<BeepChannel>> pending = new ArrayList<>();
            for (BeepSession s : open.subList(i, Math.min(open.size(), i + batch))) {
                for (int c = 0; c < channels; c++) {
                    pending.add(s.startChannel(StandardProfiles.ECHO));
                }
            }
            for (CompletableFuture<BeepChannel> f : pending) {
                f.get(120, TimeUnit.SECONDS);
                started++;
            }
        }
        return started;
    }

    /** A fresh session's echoes of 64 octets, one at a time: their p50, p99 and max. */
    private void echo(BeepClient client, int port, String where) throws Exception {
        BeepSession s = client.connect("127.0.0.1", port).get(30, TimeUnit.SECONDS);
        try {
            BeepChannel ch = s.startChannel(StandardProfiles.ECHO).get(30, TimeUnit.SECONDS);
            MimeEntity m = MimeEntity.of(new byte[62]);
            for (int i = 0; i < 200; i++) {
                ch.send(m).get(30, TimeUnit.SECONDS); // warm-up
            }
            long[] nanos = new long[echoes];
            for (int i = 0; i < echoes; i++) {
                long t = System.nanoTime();
                ch.send(m).get(30, TimeUnit.SECONDS);
                nanos[i] = System.nanoTime() - t;
            }
            Arrays.sort(nanos);
            System.out.printf(Locale.ROOT, "fresh session's echo %s: p50 %.3f ms, p99 %.3f ms, max %.3f ms (%d)%n",
                    where, nanos[echoes / 2] / 1e6, nanos[(int) (echoes * 0.99)] / 1e6, nanos[echoes - 1] / 1e6,
                    echoes);
        } finally {
            s.close().handle((v, e) -> null).get(30, TimeUnit.SECONDS);
        }
    }

    /** What {@code count} of {@code what} (on {@code sessionCount} sessions) added between two histograms. */
    private void report(String what, LiveHeap.Histogram before, LiveHeap.Histogram after, int count,
                        int sessionCount) {
        long delta = after.totalOctets() - before.totalOctets();
        double perSession = (double) delta / sessionCount;
        System.out.printf(Locale.ROOT, "listener live heap per %s: %.0f octets (%d of them: %.1f MiB; the same on "
                + "100 000 sessions: %.0f MiB)%n", what, (double) delta / count, count, delta / 1048576.0,
                perSession * 100_000 / 1048576.0);
        after.octetsByClass().entrySet().stream()
                .map(e -> Map.entry(e.getKey(), e.getValue() - before.octetsByClass().getOrDefault(e.getKey(), 0L)))
                .filter(e -> e.getValue() > 0)
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
                .limit(top)
                .forEach(e -> System.out.printf(Locale.ROOT, "    %8.1f octets, %5.2f objects per %s  %s%n",
                        (double) e.getValue() / count,
                        (double) (after.instancesByClass().getOrDefault(e.getKey(), 0L)
                                - before.instancesByClass().getOrDefault(e.getKey(), 0L)) / count, what, e.getKey()));
    }
}
