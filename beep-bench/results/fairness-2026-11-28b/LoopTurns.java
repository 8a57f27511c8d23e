import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.*;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What the listener's event loops did during a recording: spans in which a loop ran Java code without returning to
 * epoll_wait (busy spans, from jdk.ExecutionSample / jdk.NativeMethodSample), GC pauses, safepoints, lock waits on
 * loop threads, large allocations; and, given the harness output, each slow echo set beside them.
 *
 * usage: java LoopTurns.java recording.jfr [run.txt] [minSpanMs]
 */
public class LoopTurns {
    record Sample(Instant t, boolean java, List<String> frames) {}
    record Pause(Instant start, Instant end, String name, String detail) {}
    record Span(String thread, Instant start, Instant end, List<Sample> samples) {
        long ms() { return Duration.between(start, end).toMillis(); }
    }

    static boolean loopThread(String n) {
        return n != null && n.matches("beep-server?-\\d+-\\d+");
    }

    static List<String> frames(RecordedStackTrace st) {
        if (st == null) return List.of();
        List<String> out = new ArrayList<>();
        for (RecordedFrame f : st.getFrames()) {
            out.add(f.getMethod().getType().getName().replaceAll(".*\\.", "") + "." + f.getMethod().getName());
        }
        return out;
    }

    /** The most telling frame of a loop sample: the deepest beepkit frame, else the top frame. */
    static String key(List<String> frames) {
        String[] interesting = {"PeerRequests.onStart", "ManagementCodec.parse", "ChannelImpl.<init>", "ChannelDrop",
                "ChannelTable", "DefaultBeepSession.shutdown", "SessionMemory", "ListenerMemory", "BeepFrameDecoder.hold",
                "OutboundScheduler", "FrameWriter", "MimePayloads", "MessageReceiver", "ReplyReceiver",
                "ReceiveFlowController", "ChannelOutboundBuffer", "channelInactive", "close", "flush", "decode",
                "epoll", "BusyRefusal", "GreetingExchange", "Logger", "log"};
        for (String k : interesting) {
            for (String f : frames) {
                if (f.contains(k)) return k;
            }
        }
        return frames.isEmpty() ? "?" : frames.get(0);
    }

    public static void main(String[] args) throws Exception {
        Path rec = Path.of(args[0]);
        long minSpan = args.length > 2 ? Long.parseLong(args[2]) : 30;
        Map<String, List<Sample>> byThread = new TreeMap<>();
        List<Pause> pauses = new ArrayList<>();
        List<Pause> safepoints = new ArrayList<>();
        List<String> locks = new ArrayList<>();
        Map<String, long[]> bigAlloc = new HashMap<>();
        List<String> gcs = new ArrayList<>();
        Map<String, Integer> allThreads = new TreeMap<>();
        Instant first = null;
        for (RecordedEvent e : RecordingFile.readAllEvents(rec)) {
            String type = e.getEventType().getName();
            if (first == null || e.getStartTime().isBefore(first)) first = e.getStartTime();
            switch (type) {
                case "jdk.ExecutionSample", "jdk.NativeMethodSample" -> {
                    RecordedThread th = e.getThread("sampledThread");
                    String n = th == null ? null : th.getJavaName();
                    allThreads.merge((n == null ? "?" : n.replaceAll("\\d+", "N")) + (type.contains("Native") ? " native" : " java"), 1, Integer::sum);
                    if (loopThread(n)) {
                        byThread.computeIfAbsent(n, k -> new ArrayList<>())
                                .add(new Sample(e.getStartTime(), type.equals("jdk.ExecutionSample"), frames(e.getStackTrace())));
                    }
                }
                case "jdk.GCPhasePause" -> pauses.add(new Pause(e.getStartTime(), e.getEndTime(), e.getString("name"), ""));
                case "jdk.GarbageCollection" -> gcs.add(String.format(Locale.ROOT, "%s %s %s cause=%s longest=%d ms sum=%d ms",
                        e.getStartTime(), e.getString("name"), "", e.getString("cause"),
                        e.getDuration("longestPause").toMillis(), e.getDuration("sumOfPauses").toMillis()));
                case "jdk.SafepointBegin" -> {
                    if (e.getDuration().toMillis() >= 5) safepoints.add(new Pause(e.getStartTime(), e.getEndTime(), "safepoint", ""));
                }
                case "jdk.ExecuteVMOperation" -> {
                    if (e.getDuration().toMillis() >= 5) safepoints.add(new Pause(e.getStartTime(), e.getEndTime(), "vmop " + e.getString("operation"), ""));
                }
                case "jdk.ThreadPark", "jdk.JavaMonitorEnter" -> {
                    String n = e.getThread() == null ? null : e.getThread().getJavaName();
                    if (loopThread(n)) {
                        List<String> f = frames(e.getStackTrace());
                        locks.add(String.format(Locale.ROOT, "%s %s %s %d ms %s", e.getStartTime(), n, type, e.getDuration().toMillis(),
                                f.stream().limit(8).collect(Collectors.joining(" < "))));
                    }
                }
                case "jdk.ObjectAllocationOutsideTLAB" -> {
                    long size = e.getLong("allocationSize");
                    if (size >= 256 * 1024) {
                        List<String> f = frames(e.getStackTrace());
                        String k = e.getClass("objectClass").getName() + " " + (size >= 512 * 1024 ? ">=512K" : ">=256K")
                                + " @ " + f.stream().limit(10).collect(Collectors.joining(" < "));
                        long[] c = bigAlloc.computeIfAbsent(k, x -> new long[2]);
                        c[0]++;
                        c[1] += size;
                    }
                }
                default -> { }
            }
        }
        System.out.println("recording starts " + first);
        System.out.println("samples by thread group: " + allThreads);
        System.out.println("\n== GC (jdk.GarbageCollection) ==");
        gcs.stream().sorted().forEach(System.out::println);
        System.out.println("\n== GC pauses >= 5 ms ==");
        pauses.sort(Comparator.comparing(Pause::start));
        for (Pause p : pauses) {
            long ms = Duration.between(p.start, p.end).toMillis();
            if (ms >= 5) System.out.println(p.start + " " + ms + " ms " + p.name);
        }
        System.out.println("\n== safepoints / VM operations >= 5 ms ==");
        safepoints.sort(Comparator.comparing(Pause::start));
        safepoints.forEach(p -> System.out.println(p.start + " " + Duration.between(p.start, p.end).toMillis() + " ms " + p.name));
        System.out.println("\n== lock waits on loop threads ==");
        locks.stream().sorted().forEach(System.out::println);
        System.out.println("\n== allocations outside TLAB >= 256 KiB ==");
        bigAlloc.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1])).limit(15)
                .forEach(en -> System.out.println(en.getValue()[0] + " x, " + en.getValue()[1] / 1024 + " KiB: " + en.getKey()));

        // Busy spans: consecutive Java samples of a loop, not interrupted by a native sample in epoll.
        List<Span> spans = new ArrayList<>();
        for (var en : byThread.entrySet()) {
            List<Sample> s = en.getValue();
            s.sort(Comparator.comparing(Sample::t));
            List<Sample> run = new ArrayList<>();
            for (Sample x : s) {
                boolean idle = !x.java && x.frames.stream().anyMatch(f -> f.contains("epollWait") || f.contains("epollBusyWait"));
                if (idle) {
                    if (run.size() > 1) spans.add(new Span(en.getKey(), run.get(0).t, run.get(run.size() - 1).t, List.copyOf(run)));
                    run.clear();
                } else if (x.java) {
                    run.add(x);
                }
            }
            if (run.size() > 1) spans.add(new Span(en.getKey(), run.get(0).t, run.get(run.size() - 1).t, List.copyOf(run)));
        }
        System.out.println("\n== loop busy spans >= " + minSpan + " ms (first Java sample to last, no epoll_wait sample between) ==");
        spans.sort(Comparator.comparing(Span::start));
        for (Span sp : spans) {
            if (sp.ms() < minSpan) continue;
            Map<String, Long> keys = sp.samples.stream().collect(Collectors.groupingBy(x -> key(x.frames), Collectors.counting()));
            long gc = overlap(pauses, sp.start, sp.end);
            System.out.printf(Locale.ROOT, "%s %s %4d ms %3d samples gc %3d ms: %s%n", sp.start, sp.thread, sp.ms(),
                    sp.samples.size(), gc, top(keys, 6));
        }
        for (var en : byThread.entrySet()) {
            long j = en.getValue().stream().filter(Sample::java).count();
            System.out.println(en.getKey() + ": " + j + " java samples, " + (en.getValue().size() - j) + " native");
        }

        if (args.length > 1) {
            String txt = Files.readString(Path.of(args[1]));
            int at = txt.indexOf("echoes of 50 ms or more");
            if (at >= 0) {
                Matcher m = Pattern.compile("(\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z) (\\d+) ms").matcher(txt.substring(at));
                System.out.println("\n== slow echoes: sent, took, GC pause overlap, loop busy spans overlapping, top loop frames in the window ==");
                while (m.find()) {
                    Instant t0 = Instant.parse(m.group(1));
                    Instant t1 = t0.plusMillis(Long.parseLong(m.group(2)));
                    long gc = overlap(pauses, t0, t1);
                    Map<String, Long> keys = new HashMap<>();
                    Map<String, Long> perThread = new TreeMap<>();
                    for (var en : byThread.entrySet()) {
                        for (Sample x : en.getValue()) {
                            if (x.java && !x.t.isBefore(t0) && !x.t.isAfter(t1)) {
                                keys.merge(key(x.frames), 1L, Long::sum);
                                perThread.merge(en.getKey().replace("beep-serve-", ""), 1L, Long::sum);
                            }
                        }
                    }
                    String longest = spans.stream().filter(sp -> sp.start.isBefore(t1) && sp.end.isAfter(t0))
                            .map(sp -> sp.thread.replace("beep-serve-", "") + ":" + sp.ms()).collect(Collectors.joining(" "));
                    System.out.printf(Locale.ROOT, "%s %4s ms gc %4d ms | spans %s | samples %s | %s%n", t0, m.group(2), gc,
                            longest, perThread, top(keys, 5));
                }
            }
        }
    }

    static long overlap(List<Pause> pauses, Instant a, Instant b) {
        long ns = 0;
        for (Pause p : pauses) {
            Instant s = p.start.isAfter(a) ? p.start : a;
            Instant e = p.end.isBefore(b) ? p.end : b;
            if (e.isAfter(s)) ns += Duration.between(s, e).toNanos();
        }
        return ns / 1_000_000;
    }

    static String top(Map<String, Long> keys, int n) {
        return keys.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).limit(n)
                .map(en -> en.getKey() + " " + en.getValue()).collect(Collectors.joining(", "));
    }
}
