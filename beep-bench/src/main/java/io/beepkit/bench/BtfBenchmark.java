package io.beepkit.bench;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.diagnostics.TcpSegmentCounter;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * The BEEP tiny fragment (BTF) benchmark: messages of exactly the window (4096 octets) and slightly larger (4098) on
 * a 4096-octet window, over real loopback TCP, with the default profile (window-aware encoder, TCP_NODELAY), the
 * {@code efficient} profile (Nagle on, window-aware encoder, coalesced writes) and the {@code legacy} profile (Nagle
 * on, naive splitting). The sender keeps {@value #IN_FLIGHT} MSGs in flight on one
 * channel; the listener answers each with an empty RPY (the sink profile). The primary score is messages per second;
 * the auxiliary counters total one iteration: {@code frames} (data frames the initiator sent), {@code tinyFrames}
 * (pieces of split messages under 512 octets), {@code seqs} (SEQs the initiator received), {@code segments} (TCP
 * segments both peers sent, from the host's counters) and {@code messages}; frames / messages is frames per message,
 * segments / messages TCP segments per exchange. Message size counts the whole payload: no MIME headers, so CRLF plus size-2 body octets.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=error"})
public class BtfBenchmark {
    static final int WINDOW = 4096;
    static final int IN_FLIGHT = 8;
    static final int BATCH = 32;

    @Param({"default", "efficient", "legacy"})
    public String profile;

    @Param({"4096", "4098"})
    public int size;

    /** Where the application's callbacks run: off the event loop (the default) or on it (direct). */
    @Param({"offloop"})
    public String callbacks;

    private LoopbackChannel peers;
    private BeepChannel channel;
    private MimeEntity message;

    static SocketTuning profileNamed(String name) {
        return switch (name) {
            case "default" -> SocketTuning.of("default@4096", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().window(WINDOW).build());
            case "efficient" -> SocketTuning.of("efficient@4096", SocketTuning.EFFICIENT.socket(),
                SocketTuning.EFFICIENT.flow().toBuilder().window(WINDOW).build());
            case "legacy" -> SocketTuning.LEGACY;
            case "nodelay-naive" -> SocketTuning.of("nodelay-naive", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().window(WINDOW).naiveSplitting(true).build());
            default -> throw new IllegalArgumentException("unknown profile " + name);
        };
    }

    @Setup(Level.Trial)
    public void setUp() {
        SessionConfig config = SessionConfig.builder().tuning(profileNamed(profile)).build();
        // The application's own handlers, off the loop unless callbacks are direct, as the figures describe.
        peers = LoopbackChannel.open(config, StandardProfiles.SINK, "direct".equals(callbacks));
        channel = peers.channel();
        message = MimeEntity.of(new byte[size - 2]);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        peers.close();
    }

    /** Frames and messages the initiator sent during one iteration, as JMH rates. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class FrameCounters {
        public long frames;
        public long tinyFrames;
        public long seqs;
        public long messages;
        /** TCP segments both peers sent (the host's OutSegs counter; -1 per batch where it cannot be read). */
        public long segments;

        @Setup(Level.Iteration)
        public void reset() {
            segments = 0;
            frames = 0;
            tinyFrames = 0;
            seqs = 0;
            messages = 0;
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void exchange(FrameCounters counters) throws Exception {
        long framesBefore = channel.stats().framesSent();
        long tinyBefore = channel.stats().smallFramesSent();
        long seqBefore = channel.stats().seqFramesReceived();
        long segmentsBefore = TcpSegmentCounter.outSegments();
        peers.sendPipelined(message, BATCH, IN_FLIGHT);
        counters.frames += channel.stats().framesSent() - framesBefore;
        counters.tinyFrames += channel.stats().smallFramesSent() - tinyBefore;
        counters.seqs += channel.stats().seqFramesReceived() - seqBefore;
        counters.messages += BATCH;
        long segmentsAfter = TcpSegmentCounter.outSegments();
        counters.segments += segmentsBefore < 0 || segmentsAfter < 0 ? -1 : segmentsAfter - segmentsBefore;
    }
}
