package io.beepkit.bench.logging;

import io.beepkit.bench.ChildJvm;
import io.beepkit.syslog.shipping.LogShipper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Throughput of the Logback appender: one {@link LoggingService} (its own JVM) logs {@code events} lines as fast as
 * it can, COOKED, into {@code beep syslog receive -o FILE} (a process of its own, fsync per batch), {@code rounds}
 * times; each round prints the service's {@code done} line (events delivered per second, from the first logging call
 * to the end of the flush at stop).
 *
 * <p>{@code java -cp benchmarks.jar io.beepkit.bench.logging.LoggingThroughputRun [events] [rounds] [in-flight]
 * [fsync]}: in-flight is the appender's {@code inFlight} (default the appender's, {@link LogShipper#DEFAULT_IN_FLIGHT};
 * the collector is started with {@code --max-pending-entries} as large), fsync the collector's {@code --fsync}
 * (default every-batch).
 */
public final class LoggingThroughputRun {
    private LoggingThroughputRun() {
    }

    public static void main(String[] args) throws Exception {
        int events = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int inFlight = args.length > 2 ? Integer.parseInt(args[2]) : LogShipper.DEFAULT_IN_FLIGHT;
        String fsync = args.length > 3 ? args[3] : "every-batch";
        List<String> collectorOptions = List.of("--max-pending-entries", Integer.toString(Math.max(64, inFlight)),
                "--fsync", fsync);
        Path dir = Files.createTempDirectory("logging-throughput");
        for (int r = 1; r <= rounds; r++) {
            Path file = dir.resolve("received-" + r + ".log");
            try (FileCollectorProcess collector = FileCollectorProcess.start(file, dir.resolve("collector.log"),
                    collectorOptions);
                 ChildJvm service = ChildJvm.start(List.of("-Xmx1g", FileCollectorProcess.SIMPLE_LOGGING,
                                 LoggingService.IN_FLIGHT_PROPERTY + "=" + inFlight),
                         LoggingService.class.getName(), List.of(Integer.toString(collector.port()), "0",
                                 Integer.toString(events), "BLOCK"), dir.resolve("service-" + r + ".log"), l -> {
                             if (l.startsWith("done")) {
                                 System.out.println(l);
                             }
                         })) {
                int code = service.await(600);
                if (code != 0) {
                    throw new IllegalStateException("the service failed: " + service.logTail(2000));
                }
                Thread.sleep(200); // the output pump
            }
            Files.deleteIfExists(file);
        }
    }
}
