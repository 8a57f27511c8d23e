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
 * Scenario 4, request/response: echoes of {@code size} octets with {@code inFlight} outstanding on each of
 * {@code channels} channels, over BEEP and its baselines (raw Netty TCP, Netty HTTP/2 h2c, grpc-java, RSocket) in the
 * same run. Score: echoes per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=error"})
public class EchoBaselineBenchmark {
    static final int BATCH = 4096;

    @Param({"beep", "beep-direct", "netty-tcp", "netty-h2", "grpc", "rsocket"})
    public String transport;

    @Param({"64", "1024"})
    public int size;

    @Param({"1", "32"})
    public int inFlight;

    @Param({"1", "8"})
    public int channels;

    private Transport t;
    private byte[] payload;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        t = Transport.named(transport);
        t.open(channels);
        payload = Workload.payload(size);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        t.close();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void echo() throws Exception {
        Workload.run(t, channels, inFlight, BATCH, payload, true);
    }
}
