package io.beepkit.bench.scale;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The live heap of another JVM, exact to the octet: {@code jcmd <pid> GC.class_histogram} runs a full collection and
 * lists every class's live instances and octets. Two histograms subtracted say what a number of sessions or channels
 * holds, class by class.
 */
final class LiveHeap {
    /** Octets held by each class, and the total. */
    record Histogram(long totalOctets, Map<String, Long> octetsByClass, Map<String, Long> instancesByClass) {
    }

    private LiveHeap() {
    }

    /** Collects the garbage of JVM {@code pid} and returns its live objects by class. */
    static Histogram of(long pid) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(Files.isExecutable(jcmd) ? jcmd.toString() : "jcmd", Long.toString(pid),
                "GC.class_histogram").redirectErrorStream(true).start();
        Map<String, Long> octets = new HashMap<>();
        Map<String, Long> instances = new HashMap<>();
        long total = -1;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 3 && f[0].equals("Total")) {
                    total = Long.parseLong(f[2]);
                } else if (f.length >= 4 && f[0].endsWith(":")) {
                    octets.merge(f[3], Long.parseLong(f[2]), Long::sum);
                    instances.merge(f[3], Long.parseLong(f[1]), Long::sum);
                }
            }
        }
        if (!p.waitFor(120, TimeUnit.SECONDS) || total < 0) {
            throw new IOException("jcmd " + pid + " GC.class_histogram gave no total (exit "
                    + (p.isAlive() ? "none" : p.exitValue()) + ")");
        }
        return new Histogram(total, octets, instances);
    }
}
