import jdk.jfr.consumer.*;
import java.nio.file.Path;
import java.time.Instant;
import java.util.*;

/** Allocation weight by class and by allocating site (first beepkit/netty frame), optionally in a time window. */
public class Alloc {
    public static void main(String[] a) throws Exception {
        Instant from = a.length > 1 ? Instant.parse(a[1]) : Instant.MIN, to = a.length > 2 ? Instant.parse(a[2]) : Instant.MAX;
        Map<String, Long> byClass = new HashMap<>(), bySite = new HashMap<>();
        long total = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(a[0]))) {
            if (!e.getEventType().getName().equals("jdk.ObjectAllocationSample")) continue;
            if (e.getStartTime().isBefore(from) || e.getStartTime().isAfter(to)) continue;
            long w = e.getLong("weight");
            total += w;
            byClass.merge(e.getClass("objectClass").getName(), w, Long::sum);
            String site = "?";
            if (e.getStackTrace() != null) {
                List<String> fr = new ArrayList<>();
                for (RecordedFrame f : e.getStackTrace().getFrames()) fr.add(f.getMethod().getType().getName().replaceAll(".*\\.", "") + "." + f.getMethod().getName());
                for (String f : fr) { if (!f.startsWith("Arrays.") && !f.startsWith("String") && !f.startsWith("AbstractStringBuilder") && !f.startsWith("ArrayList") && !f.startsWith("HashMap") && !f.startsWith("IntMap") && !f.startsWith("ConcurrentSkipListMap") && !f.startsWith("Unpooled") && !f.startsWith("ByteBuf")) { site = f; break; } }
                site = site + " < " + String.join(" < ", fr.subList(Math.min(fr.indexOf(site) + 1, fr.size()), Math.min(fr.indexOf(site) + 3, fr.size())));
            }
            bySite.merge(site, w, Long::sum);
        }
        System.out.printf("total sampled weight %d MiB%n", total >> 20);
        final long t = total;
        byClass.entrySet().stream().sorted((x, y) -> Long.compare(y.getValue(), x.getValue())).limit(20)
            .forEach(en -> System.out.printf("%5.1f %%  %6d MiB  %s%n", 100.0 * en.getValue() / t, en.getValue() >> 20, en.getKey()));
        System.out.println("-- by site");
        bySite.entrySet().stream().sorted((x, y) -> Long.compare(y.getValue(), x.getValue())).limit(25)
            .forEach(en -> System.out.printf("%5.1f %%  %6d MiB  %s%n", 100.0 * en.getValue() / t, en.getValue() >> 20, en.getKey()));
    }
}
