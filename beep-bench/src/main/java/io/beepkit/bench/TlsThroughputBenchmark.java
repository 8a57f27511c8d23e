package io.beepkit.bench;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.tls.KeyMaterial;
import io.beepkit.netty.tls.TlsConfig;
import io.beepkit.netty.tls.TlsProvider;
import io.beepkit.netty.tls.TrustMaterial;
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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The cost of TLS on a BEEP session over loopback: the same workloads in clear, over TLS with the JDK provider and
 * over TLS with OpenSSL (BoringSSL through netty-tcnative; that parameter fails at set-up where it does not load).
 * {@code bulk64k}: 64 KiB messages to the sink profile, 8 in flight (one op is one message; multiply by 64 KiB for
 * the data rate). {@code echo1k}: one 1 KiB echo at a time (one op is one round trip). The session is secured with
 * {@code startTls()}, as applications do, so the TLS tuning reset is part of set-up, not of the score.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=error"})
public class TlsThroughputBenchmark {
    private static final int BULK_IN_FLIGHT = 8;

    @Param({"clear", "jdk", "openssl"})
    public String transport;

    private BeepServer server;
    private BeepClient client;
    /** One I/O thread each for the listener and the initiator. */
    private BeepResources serverThreads;
    private BeepResources clientThreads;
    private BeepSession session;
    private BeepChannel sink;
    private BeepChannel echo;
    private MimeEntity bulk;
    private MimeEntity small;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        serverThreads = BeepResources.builder().ioThreads(1).threadNamePrefix("bench-server").build();
        clientThreads = BeepResources.builder().ioThreads(1).threadNamePrefix("bench-client").build();
        BeepServer.Builder sb = BeepServer.builder().bind("127.0.0.1", 0).resources(serverThreads);
        BeepClient.Builder cb = BeepClient.builder().resources(clientThreads);
        if (!transport.equals("clear")) {
            TlsProvider provider = transport.equals("openssl") ? TlsProvider.OPENSSL : TlsProvider.JDK;
            SelfSigned cert = SelfSigned.localhost();
            sb.tls(TlsConfig.builder().provider(provider)
                    .keyMaterial(KeyMaterial.of(cert.keys.getPrivate(), List.of(cert.certificate))).build());
            cb.tls(TlsConfig.builder().provider(provider).trust(TrustMaterial.of(List.of(cert.certificate))).build());
        }
        server = sb.build().start().join();
        client = cb.build();
        session = client.connect("localhost", server.port()).get(10, TimeUnit.SECONDS);
        if (!transport.equals("clear")) {
            session.startTls().get(10, TimeUnit.SECONDS);
        }
        sink = session.startChannel(StandardProfiles.SINK).get(10, TimeUnit.SECONDS);
        echo = session.startChannel(StandardProfiles.ECHO).get(10, TimeUnit.SECONDS);
        bulk = MimeEntity.of(new byte[64 * 1024 - 2]);
        small = MimeEntity.of(new byte[1024 - 2]);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (session != null) {
            session.close().orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
        }
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
        if (clientThreads != null) {
            clientThreads.close();
            serverThreads.close();
        }
    }

    /** Eight 64 KiB messages in flight; the score counts messages. */
    @Benchmark
    @org.openjdk.jmh.annotations.OperationsPerInvocation(BULK_IN_FLIGHT)
    public Object bulk64k() throws Exception {
        List<CompletableFuture<Reply>> replies = new ArrayList<>(BULK_IN_FLIGHT);
        for (int i = 0; i < BULK_IN_FLIGHT; i++) {
            replies.add(sink.send(bulk));
        }
        Reply last = null;
        for (CompletableFuture<Reply> f : replies) {
            last = f.get(10, TimeUnit.SECONDS);
        }
        return last;
    }

    /** One 1 KiB echo, round trip. */
    @Benchmark
    public Object echo1k() throws Exception {
        return echo.send(small).get(10, TimeUnit.SECONDS);
    }
}
