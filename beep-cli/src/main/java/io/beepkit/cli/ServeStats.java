package io.beepkit.cli;

import io.beepkit.netty.BeepServer;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.Locale;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One line of listener figures for {@code beep serve --stats-interval}: sessions, what they hold against the
 * listener's memory budget, refusals and sheds, the heap (used now, and live after the latest collection) and the
 * process's threads. Meant for people and for load tools that read the output.
 */
final class ServeStats {
    private ServeStats() {
    }

    /** Runs {@code print} every {@code interval} on a daemon thread of its own; shut the returned timer down to stop. */
    static ScheduledExecutorService every(Duration interval, Runnable print) {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "beep-serve-stats");
            t.setDaemon(true);
            return t;
        });
        long nanos = interval.toNanos();
        timer.scheduleAtFixedRate(print, nanos, nanos, TimeUnit.NANOSECONDS);
        return timer;
    }

    /**
     * {@code stats: sessions 12, memory held 1048576 of 134217728 (refusing no, shed 0), heap used 41 MiB,
     * after gc 17 MiB, max 256 MiB, threads 23}
     */
    static String line(BeepServer server) {
        Runtime rt = Runtime.getRuntime();
        long used = rt.totalMemory() - rt.freeMemory();
        return String.format(Locale.ROOT, "stats: sessions %d, memory held %d of %d (refusing %s, shed %d), "
                        + "heap used %d MiB, after gc %d MiB, max %d MiB, threads %d",
                server.sessions().size(), server.memoryHeld(), server.limits().memoryBudget(),
                server.refusingSessions() ? "yes" : "no", server.sessionsShed(), mib(used), mib(afterLastGc()),
                mib(rt.maxMemory()), Thread.activeCount());
    }

    /** The heap in use right after the most recent collection of any collector, or -1 if the JVM does not say. */
    static long afterLastGc() {
        long best = -1;
        long latestEnd = -1;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof com.sun.management.GarbageCollectorMXBean sun && sun.getLastGcInfo() != null) {
                var info = sun.getLastGcInfo();
                if (info.getEndTime() > latestEnd) {
                    latestEnd = info.getEndTime();
                    long sum = 0;
                    for (Map.Entry<String, MemoryUsage> pool : info.getMemoryUsageAfterGc().entrySet()) {
                        if (isHeap(pool.getKey())) {
                            sum += pool.getValue().getUsed();
                        }
                    }
                    best = sum;
                }
            }
        }
        return best;
    }

    private static boolean isHeap(String pool) {
        return !(pool.contains("Metaspace") || pool.contains("Code") || pool.contains("Compressed Class"));
    }

    private static long mib(long octets) {
        return octets < 0 ? -1 : octets / (1024 * 1024);
    }
}
