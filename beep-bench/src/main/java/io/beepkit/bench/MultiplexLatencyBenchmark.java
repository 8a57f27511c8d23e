package io.beepkit.bench;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
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

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Bufferbloat on a multiplexed connection: the latency of a small echo on one channel while another channel of the
 * same session pushes 64 KiB messages as fast as it can ({@code bulk=true}) or stays idle ({@code bulk=false}), per
 * socket profile. Deep queues (large windows, frames and socket buffers) make the interactive channel wait behind
 * the bulk one; the scheduler's one-frame-per-channel turns and a bounded profile keep that wait short.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=error"})
public class MultiplexLatencyBenchmark {
    static final int BULK_SIZE = 64 * 1024;
    static final int BULK_IN_FLIGHT = 8;

    @Param({"default", "bounded", "bulk"})
    public String profile;

    @Param({"false", "true"})
    public boolean bulk;

    private BeepServer server;
    private BeepClient client;
    /** One I/O thread each for the listener and the initiator. */
    private BeepResources serverThreads;
    private BeepResources clientThreads;
    private BeepChannel interactive;
    private final MimeEntity ping = MimeEntity.of(new byte[64]);
    private final AtomicBoolean running = new AtomicBoolean();
    private Thread bulkSender;

    static SocketTuning profileNamed(String name) {
        return switch (name) {
            case "default" -> SocketTuning.DEFAULT;
            case "bounded" -> SocketTuning.BOUNDED;
            case "bulk" -> SocketTuning.BULK;
            case "legacy" -> SocketTuning.LEGACY;
            default -> throw new IllegalArgumentException("unknown profile " + name);
        };
    }

    @Setup(Level.Trial)
    public void setUp() {
        SessionConfig config = SessionConfig.builder().tuning(profileNamed(profile)).build();
        serverThreads = BeepResources.builder().ioThreads(1).threadNamePrefix("bench-server").build();
        clientThreads = BeepResources.builder().ioThreads(1).threadNamePrefix("bench-client").build();
        server = BeepServer.builder().bind("127.0.0.1", 0).session(config).resources(serverThreads).build().start()
                .join();
        client = BeepClient.builder().session(config).resources(clientThreads).build();
        BeepSession session = client.connect("127.0.0.1", server.port()).join();
        interactive = session.startChannel(StandardProfiles.ECHO).join();
        if (bulk) {
            BeepChannel bulkChannel = session.startChannel(StandardProfiles.SINK).join();
            MimeEntity block = MimeEntity.of(new byte[BULK_SIZE - 2]);
            running.set(true);
            bulkSender = new Thread(() -> {
                Semaphore inFlight = new Semaphore(BULK_IN_FLIGHT);
                while (running.get()) {
                    try {
                        if (inFlight.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                            bulkChannel.send(block).whenComplete((r, e) -> inFlight.release());
                        }
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "bulk-sender");
            bulkSender.setDaemon(true);
            bulkSender.start();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        running.set(false);
        if (bulkSender != null) {
            bulkSender.join(5_000);
        }
        client.close();
        server.close();
        clientThreads.close();
        serverThreads.close();
    }

    @Benchmark
    public Object interactiveEcho() throws Exception {
        return interactive.send(ping).get(10, TimeUnit.SECONDS);
    }
}
