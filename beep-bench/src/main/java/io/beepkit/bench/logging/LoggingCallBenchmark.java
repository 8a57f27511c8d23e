package io.beepkit.bench.logging;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.util.Duration;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.logback.BeepSyslogAppender;
import io.beepkit.netty.BeepServer;
import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.SyslogConsumer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * The caller's cost of one {@code log.info("line {}", i)} in the steady state, for three asynchronous setups, one
 * per {@code setup} value (each in its own fork): {@code beep}, our Logback appender shipping COOKED to a
 * {@link SyslogCollector} on 127.0.0.1 in this JVM (every event really delivered and acknowledged); {@code logback},
 * Logback's {@code AsyncAppender} (queue 8192, nothing discarded, like our BLOCK) over a {@code FileAppender};
 * {@code log4j2}, Log4j 2's all-asynchronous loggers (LMAX Disruptor) over a file, called through the Log4j API (it
 * cannot be the SLF4J provider next to Logback). A caller that outruns the delivery waits for room in the queue, so
 * the score is the cost of a call at the rate the setup sustains.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g", FileCollectorProcess.SIMPLE_LOGGING,
        "-Dlog4j2.contextSelector=org.apache.logging.log4j.core.async.AsyncLoggerContextSelector"})
public class LoggingCallBenchmark {
    @Param({"beep", "logback", "log4j2"})
    public String setup;

    private final AtomicLong delivered = new AtomicLong();
    private Path dir;
    private BeepServer server;
    private LoggerContext logback;
    private LongConsumer call;
    private long i;

    @Setup(Level.Trial)
    public void start() throws Exception {
        dir = Files.createTempDirectory("logging-call");
        switch (setup) {
            case "beep" -> startBeep();
            case "logback" -> startLogback();
            case "log4j2" -> startLog4j2();
            default -> throw new IllegalArgumentException(setup);
        }
    }

    private void startBeep() throws Exception {
        SyslogCollector collector = SyslogCollector.builder().consumer(m -> {
            delivered.incrementAndGet();
            return SyslogConsumer.HANDLED;
        }).build();
        server = BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles()
                .profiles(collector.register(new ProfileRegistry())).build();
        server.start().get(10, TimeUnit.SECONDS);
        BeepSyslogAppender appender = new BeepSyslogAppender();
        appender.setContext(newLogback());
        appender.setName("BEEP");
        appender.setCollectors("127.0.0.1:" + server.port());
        appender.setPattern("%msg");
        appender.setBlockTimeout(Duration.buildBySeconds(60));
        appender.start();
        attach(appender);
    }

    private void startLogback() {
        LoggerContext context = newLogback();
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%d %level [%thread] %logger %msg%n");
        encoder.start();
        FileAppender<ILoggingEvent> file = new FileAppender<>();
        file.setContext(context);
        file.setName("FILE");
        file.setFile(dir.resolve("logback.log").toString());
        file.setEncoder(encoder);
        file.start();
        AsyncAppender async = new AsyncAppender();
        async.setContext(context);
        async.setName("ASYNC");
        async.setQueueSize(8192);
        async.setDiscardingThreshold(0);
        async.addAppender(file);
        async.start();
        attach(async);
    }

    private void startLog4j2() throws Exception {
        Path config = dir.resolve("log4j2.xml");
        Files.writeString(config, """
                <Configuration status="warn">
                  <Appenders>
                    <File name="FILE" fileName="%s" immediateFlush="false">
                      <PatternLayout pattern="%%d %%level [%%thread] %%logger %%msg%%n"/>
                    </File>
                  </Appenders>
                  <Loggers><Root level="info"><AppenderRef ref="FILE"/></Root></Loggers>
                </Configuration>
                """.formatted(dir.resolve("log4j2.log")));
        System.setProperty("log4j2.configurationFile", config.toString());
        org.apache.logging.log4j.Logger log = org.apache.logging.log4j.LogManager.getLogger("com.example.Service");
        if (!org.apache.logging.log4j.core.async.AsyncLoggerContextSelector.isSelected()) {
            throw new IllegalStateException("Log4j 2 is not all-asynchronous");
        }
        call = n -> log.info("line {}", n);
    }

    private LoggerContext newLogback() {
        logback = new LoggerContext();
        logback.setMDCAdapter(new LogbackMDCAdapter());
        return logback;
    }

    private void attach(ch.qos.logback.core.Appender<ILoggingEvent> appender) {
        logback.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(appender);
        Logger log = logback.getLogger("com.example.Service");
        call = n -> log.info("line {}", n);
    }

    @Benchmark
    public void logInfo() {
        call.accept(i++);
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        if (logback != null) {
            logback.stop(); // flushes: ours delivers what it holds
        } else {
            org.apache.logging.log4j.LogManager.shutdown();
        }
        if (server != null) {
            System.out.println("delivered to the collector: " + delivered.get());
            server.close(java.time.Duration.ZERO);
        }
    }
}
