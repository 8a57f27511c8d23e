package io.beepkit.bench.baseline;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Scenario 4, bulk: one-way messages of {@code size} octets on one channel, {@value #IN_FLIGHT} outstanding, each
 * acknowledged with an empty answer, over BEEP and its baselines in the same run. Score: messages per second
 * (multiply by the size for octets per second).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=error"})
public class StreamBaselineBenchmark {
    static final int IN_FLIGHT = 4;
    static final int BATCH = 64;

    @Param({"beep", "beep-direct", "netty-tcp", "netty-h2", "grpc", "rsocket"})
    public String transport;

    @Param({"65536", "1048576"})
    public int size;

    private Transport t;
    private byte[] payload;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        t = Transport.named(transport);
        t.open(1);
        payload = Workload.payload(size);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        t.close();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void oneWay() throws Exception {
        Workload.run(t, 1, IN_FLIGHT, BATCH, payload, false);
    }
}
