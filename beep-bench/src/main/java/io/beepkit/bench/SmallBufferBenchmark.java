package io.beepkit.bench;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.TransferStats;
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
 * Request/response echo over real loopback TCP with small socket buffers: SO_RCVBUF and SO_SNDBUF requested as
 * {@link #buffer} on both ends (1 KiB to 64 KiB by default; the library raises requests below
 * {@link SocketTuning#MIN_SOCKET_BUFFER} to it, and Linux doubles the value it is given), a built-in
 * {@link SocketTuning} by name, Nagle's algorithm on or off whatever the profile says, and
 * messages of 64 octets, exactly one default BEEP window (4096) and slightly more (4098). The initiator keeps
 * {@link #inFlight} MSGs in flight on one channel; the listener's application echo profile answers each with an RPY
 * carrying the same payload. The primary score is echo exchanges per second; the auxiliary counters total one
 * iteration: {@code frames} (data frames the initiator sent), {@code replyFrames} (data frames it received),
 * {@code tinyFrames} (pieces of split messages it sent under the profile's minimum fragment), {@code segments} (TCP
 * segments both peers sent, from the host's counters; -1 per batch where they cannot be read) and {@code messages};
 * frames / messages is MSG frames per message, segments / messages TCP segments per exchange. Message size counts the
 * whole payload: no MIME headers, so CRLF plus size-2 body octets.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=error"})
public class SmallBufferBenchmark {
    // Small, so that an invocation in a collapsed cell (about one echo per second) still ends within seconds.
    static final int BATCH = 8;

    /** SO_RCVBUF and SO_SNDBUF requested on both ends, in octets (below 8 KiB the library applies 8 KiB). */
    @Param({"1024", "4096", "16384", "65536"})
    public int buffer;

    /** A built-in socket profile, as {@link SocketTuning#named(String)} accepts it. */
    @Param({"default", "efficient", "legacy"})
    public String profile;

    /** Nagle's algorithm: {@code on} or {@code off}, replacing the profile's own TCP_NODELAY choice. */
    @Param({"on", "off"})
    public String nagle;

    /** Message payload in octets (at least 2: the empty MIME header's CRLF). */
    @Param({"64", "4096", "4098"})
    public int size;

    /** MSGs the initiator keeps outstanding. */
    @Param({"1"})
    public int inFlight;

    private LoopbackChannel peers;
    private BeepChannel channel;
    private MimeEntity message;

    /** The named built-in profile with the benchmark's buffers and Nagle setting. */
    static SocketTuning profileFor(String name, int buffer, String nagle) {
        boolean noDelay = switch (nagle) {
            case "on" -> false;
            case "off" -> true;
            default -> throw new IllegalArgumentException("nagle must be on or off: " + nagle);
        };
        if (buffer < 1) {
            throw new IllegalArgumentException("buffer must be >= 1 octet: " + buffer);
        }
        SocketTuning base = SocketTuning.named(name);
        return SocketTuning.of(base.name() + "@" + buffer + "/nagle-" + nagle, base.socket().toBuilder()
                .receiveBuffer(buffer).sendBuffer(buffer).tcpNoDelay(noDelay).build(), base.flow());
    }

    @Setup(Level.Trial)
    public void setUp() {
        if (size < 2) {
            throw new IllegalArgumentException("size must be >= 2 octets (CRLF of the empty header): " + size);
        }
        if (inFlight < 1) {
            throw new IllegalArgumentException("inFlight must be >= 1: " + inFlight);
        }
        SessionConfig config = SessionConfig.builder().tuning(profileFor(profile, buffer, nagle)).build();
        // The application's own echo handler, off the event loop, as applications run it.
        peers = LoopbackChannel.open(config, StandardProfiles.ECHO);
        channel = peers.channel();
        message = MimeEntity.of(new byte[size - 2]);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        peers.close();
    }

    /** Frames, segments and messages of one iteration, as JMH rates. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class FrameCounters {
        public long frames;
        public long replyFrames;
        public long tinyFrames;
        public long messages;
        /** TCP segments both peers sent (the host's OutSegs counter; -1 per batch where it cannot be read). */
        public long segments;

        @Setup(Level.Iteration)
        public void reset() {
            frames = 0;
            replyFrames = 0;
            tinyFrames = 0;
            messages = 0;
            segments = 0;
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void echo(FrameCounters counters) throws Exception {
        TransferStats before = channel.stats();
        long segmentsBefore = TcpSegmentCounter.outSegments();
        peers.sendPipelined(message, BATCH, inFlight);
        long segmentsAfter = TcpSegmentCounter.outSegments();
        TransferStats after = channel.stats();
        counters.frames += after.framesSent() - before.framesSent();
        counters.replyFrames += after.framesReceived() - before.framesReceived();
        counters.tinyFrames += after.smallFramesSent() - before.smallFramesSent();
        counters.messages += BATCH;
        counters.segments += segmentsBefore < 0 || segmentsAfter < 0 ? -1 : segmentsAfter - segmentsBefore;
    }
}
