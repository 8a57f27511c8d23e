package io.beepkit.bench.logging;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.util.Duration;
import io.beepkit.logback.BeepSyslogAppender;
import io.beepkit.syslog.shipping.ShipperCounts;

import java.util.Locale;

/**
 * An application in its own JVM that logs numbered lines ({@code line N}) through {@link BeepSyslogAppender} into
 * a collector on 127.0.0.1, then stops Logback (which flushes the appender) and prints the appender's counts.
 *
 * <p>Arguments: {@code PORT FIRST COUNT POLICY [SPILL-DIRECTORY]}; POLICY is BLOCK, DROP or SPILL. With BLOCK the
 * queue holds every line and a logging call waits up to a minute for room, so that nothing is dropped while the
 * collector is away. Prints {@code progress logged=N spilled=M delivered=D} every 1000 lines and
 * {@code done <counts> in S s (logging calls L s): R events/s delivered} at the end, S from the first logging
 * call to the end of the flush at stop.
 */
public final class LoggingService {
    /** The JVM option that sets the appender's {@code inFlight} (COOKED entries awaiting their ok). */
    static final String IN_FLIGHT_PROPERTY = "-Dbeepkit.bench.inFlight";

    private LoggingService() {
    }

    public static void main(String[] args) {
        int port = Integer.parseInt(args[0]);
        long first = Long.parseLong(args[1]);
        int count = Integer.parseInt(args[2]);
        String policy = args[3];
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter());
        BeepSyslogAppender appender = new BeepSyslogAppender();
        appender.setContext(context);
        appender.setName("BEEP");
        appender.setCollectors("127.0.0.1:" + port);
        appender.setAppName("crash-test");
        appender.setPattern("%msg");
        appender.setOverflow(policy);
        appender.setQueueSize(policy.equals("BLOCK") ? Math.max(1, count) : 8192);
        appender.setBlockTimeout(Duration.buildBySeconds(60));
        appender.setCloseTimeout(Duration.buildBySeconds(120));
        String inFlight = System.getProperty(IN_FLIGHT_PROPERTY.substring(2));
        if (inFlight != null) {
            appender.setInFlight(Integer.parseInt(inFlight));
        }
        if (args.length > 4) {
            appender.setSpillDirectory(args[4]);
        }
        appender.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.addAppender(appender);
        Logger log = context.getLogger("com.example.Service");
        long start = System.nanoTime();
        for (long i = first; i < first + count; i++) {
            log.info("line {}", i);
            if ((i - first + 1) % 1000 == 0) {
                ShipperCounts c = appender.counts();
                System.out.printf(Locale.ROOT, "progress logged=%d spilled=%d delivered=%d%n", i - first + 1,
                        c.spilled(), c.delivered());
            }
        }
        long logged = System.nanoTime();
        context.stop();
        double seconds = (System.nanoTime() - start) / 1e9;
        ShipperCounts c = appender.counts();
        System.out.printf(Locale.ROOT, "done %s in %.2f s (logging calls %.2f s): %.0f events/s delivered%n", c,
                seconds, (logged - start) / 1e9, c.delivered() / seconds);
    }
}
