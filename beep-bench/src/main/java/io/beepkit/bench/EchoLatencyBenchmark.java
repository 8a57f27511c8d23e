package io.beepkit.bench;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SocketTuning;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Thread hops on small exchanges: one 64-octet echo at a time over loopback, application callbacks off the event loop
 * (the default: a hop to the callback executor and back on each side) or on it ({@code directCallbacks}). The score
 * is the mean round trip; with {@code -prof gc}, {@code gc.alloc.rate.norm} is the allocation per echo (two frames
 * each way: MSG and RPY, both peers in this process).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=error"})
public class EchoLatencyBenchmark {
    @Param({"offloop", "direct"})
    public String callbacks;

    @Param({"64"})
    public int size;

    private LoopbackChannel peers;
    private BeepChannel channel;
    private MimeEntity message;

    @Setup(Level.Trial)
    public void setUp() {
        SessionConfig config = SessionConfig.builder().tuning(SocketTuning.DEFAULT).build();
        // The application's own handlers, off the loop unless callbacks are direct, as the figures describe.
        peers = LoopbackChannel.open(config, StandardProfiles.ECHO, callbacks.equals("direct"));
        channel = peers.channel();
        message = MimeEntity.of(new byte[size - 2]);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        peers.close();
    }

    @Benchmark
    public Object echo() throws Exception {
        return channel.send(message).get(10, TimeUnit.SECONDS);
    }
}
