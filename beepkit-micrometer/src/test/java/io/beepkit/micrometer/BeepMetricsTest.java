package io.beepkit.micrometer;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.core.mime.MimeCodec;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketTuning;
import io.beepkit.test.TeardownExtension;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The meters over real loopback sessions: each figure must equal what was exchanged. */
class BeepMetricsTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String ECHO = StandardProfiles.ECHO;
    final MeterRegistry serverRegistry = new SimpleMeterRegistry();
    final MeterRegistry clientRegistry = new SimpleMeterRegistry();
    BeepServer server;
    BeepClient client;

    void start(SocketTuning profile) {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).session(SessionConfig.builder().tuning(profile)
                .observer(new BeepMetrics(serverRegistry)).build())
                .build().start().join());
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder().tuning(profile)
                .observer(new BeepMetrics(clientRegistry)).build())
                .build());
    }

    @Test
    void countsEqualWhatWasExchanged() throws Exception {
        start(SocketTuning.DEFAULT);
        MimeEntity small = MimeEntity.of("hello");
        MimeEntity large = MimeEntity.of(filled(200 * 1024)); // several 64 KiB windows: frames > 1, SEQs
        int smallOctets = MimeCodec.encode(small).length;
        int largeOctets = MimeCodec.encode(large).length;

        BeepSession session = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        BeepChannel channel = session.startChannel(ECHO).get(5, TimeUnit.SECONDS);
        for (int i = 0; i < 10; i++) {
            assertEquals(Reply.Kind.RPY, channel.send(small).get(5, TimeUnit.SECONDS).kind());
        }
        assertEquals(Reply.Kind.RPY, channel.send(large).get(5, TimeUnit.SECONDS).kind());
        assertEquals(1.0, gauge(clientRegistry, BeepMetrics.CHANNELS_OPEN, "initiator"));
        await(() -> gauge(serverRegistry, BeepMetrics.CHANNELS_OPEN, "listener") == 1.0);
        assertEquals(1.0, serverRegistry.get(BeepMetrics.SESSIONS_OPEN).tag("role", "listener").gauge().value());

        long sent = 10L * smallOctets + largeOctets;
        assertEquals(11, count(clientRegistry, BeepMetrics.MESSAGES_SENT, "initiator", "msg"));
        assertEquals(11, count(clientRegistry, BeepMetrics.MESSAGES_RECEIVED, "initiator", "rpy"));
        assertEquals(11, count(serverRegistry, BeepMetrics.MESSAGES_RECEIVED, "listener", "msg"));
        await(() -> count(serverRegistry, BeepMetrics.MESSAGES_SENT, "listener", "rpy") == 11);
        assertEquals(sent, bytes(clientRegistry, BeepMetrics.PAYLOAD_SENT, "initiator"));
        assertEquals(sent, bytes(clientRegistry, BeepMetrics.PAYLOAD_RECEIVED, "initiator"));
        assertEquals(sent, bytes(serverRegistry, BeepMetrics.PAYLOAD_RECEIVED, "listener"));
        assertEquals(sent, bytes(serverRegistry, BeepMetrics.PAYLOAD_SENT, "listener"));

        // Frames per message agree with the session's own frame counts, and the large message took several.
        var framesSent = clientRegistry.get(BeepMetrics.FRAMES_PER_MESSAGE_SENT).tag("profile", ECHO).summary();
        assertEquals(11, framesSent.count());
        assertEquals(channel.stats().framesSent(), (long) framesSent.totalAmount());
        assertTrue(framesSent.max() >= 4, "frames of the 200 KiB message: " + framesSent.max());
        var framesReceived = serverRegistry.get(BeepMetrics.FRAMES_PER_MESSAGE_RECEIVED).tag("profile", ECHO).summary();
        assertEquals(framesSent.totalAmount(), framesReceived.totalAmount());

        // SEQs: what one side sent the other received; the large message needed window updates.
        double seqSentByServer = count(serverRegistry, BeepMetrics.SEQ_SENT, "listener", null);
        assertTrue(seqSentByServer >= 3, "SEQs for 200 KiB through 64 KiB windows: " + seqSentByServer);
        assertEquals(channel.stats().seqFramesReceived(), (long) count(clientRegistry, BeepMetrics.SEQ_RECEIVED, "initiator", null));

        Timer rtt = clientRegistry.get(BeepMetrics.ROUND_TRIP).tag("profile", ECHO).tag("role", "initiator").timer();
        assertEquals(11, rtt.count());
        assertEquals(0, count(clientRegistry, BeepMetrics.TINY_FRAGMENTS_SENT, "initiator", null));

        channel.close().get(5, TimeUnit.SECONDS);
        session.close().get(5, TimeUnit.SECONDS);
        assertEquals(0.0, gauge(clientRegistry, BeepMetrics.CHANNELS_OPEN, "initiator"));
        await(() -> gauge(serverRegistry, BeepMetrics.CHANNELS_OPEN, "listener") == 0.0);
        await(() -> clientRegistry.get(BeepMetrics.SESSIONS_CLOSED).tag("role", "initiator").tag("outcome", "closed").counter().count() == 1);
        await(() -> serverRegistry.get(BeepMetrics.SESSIONS_CLOSED).tag("role", "listener").tag("outcome", "closed").counter().count() == 1);
        assertEquals(0.0, serverRegistry.get(BeepMetrics.SESSIONS_OPEN).tag("role", "listener").gauge().value());
        assertEquals(1.0, clientRegistry.get(BeepMetrics.SESSIONS_OPENED).tag("role", "initiator").counter().count());
        assertEquals(1.0, clientRegistry.get(BeepMetrics.CHANNELS_OPENED).tag("profile", ECHO).counter().count());
    }

    @Test
    void theRoundTripTimerLeavesPercentilesToTheRegistrysFilters() throws Exception {
        clientRegistry.config().meterFilter(new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                return id.getName().equals(BeepMetrics.ROUND_TRIP)
                        ? DistributionStatisticConfig.builder().percentiles(0.9).build().merge(config)
                        : config;
            }
        });
        start(SocketTuning.DEFAULT);
        BeepSession session = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        session.startChannel(ECHO).get(5, TimeUnit.SECONDS).send(MimeEntity.of("x")).get(5, TimeUnit.SECONDS);
        await(() -> serverRegistry.find(BeepMetrics.ROUND_TRIP).timer() != null
                || clientRegistry.find(BeepMetrics.ROUND_TRIP).timer() != null);
        Timer configured = clientRegistry.get(BeepMetrics.ROUND_TRIP).tag("role", "initiator").timer();
        assertEquals(1, configured.count());
        assertEquals(0.9, configured.takeSnapshot().percentileValues()[0].percentile());

        // Without a filter: no percentiles and no histogram buckets forced on the registry.
        MeterRegistry plain = new SimpleMeterRegistry();
        new BeepMetrics(plain).roundTrip(ECHO, io.beepkit.api.SessionRole.INITIATOR, 1_000_000);
        Timer unconfigured = plain.get(BeepMetrics.ROUND_TRIP).timer();
        assertEquals(1, unconfigured.count());
        assertEquals(0, unconfigured.takeSnapshot().percentileValues().length);
        assertEquals(0, unconfigured.takeSnapshot().histogramCounts().length);
    }

    @Test
    void tinyFragmentsAndWindowStallsOnTheLegacyProfile() throws Exception {
        // 4098-octet messages on a fixed 4096-octet window, cut naively: a 2-octet tail each time.
        start(SocketTuning.LEGACY);
        BeepSession session = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        BeepChannel channel = session.startChannel(StandardProfiles.SINK).get(5, TimeUnit.SECONDS);
        MimeEntity entity = MimeEntity.of(new byte[4098 - MimeCodec.encodeHeaders(MimeEntity.of(new byte[1])).length]);
        assertEquals(4098, MimeCodec.encode(entity).length);
        for (int i = 0; i < 5; i++) {
            channel.send(entity).get(5, TimeUnit.SECONDS);
        }
        assertEquals(channel.stats().smallFramesSent(), (long) count(clientRegistry, BeepMetrics.TINY_FRAGMENTS_SENT, "initiator", null));
        assertEquals(5, count(clientRegistry, BeepMetrics.TINY_FRAGMENTS_SENT, "initiator", null));
        assertEquals(5, count(serverRegistry, BeepMetrics.TINY_FRAGMENTS_RECEIVED, "listener", null));
        Timer stalls = clientRegistry.get(BeepMetrics.WINDOW_STALLS).tag("role", "initiator").timer();
        assertEquals(5, stalls.count(), "each 2-octet tail waited for the window");
        assertEquals(channel.stats().zeroWindowNanos(), (long) stalls.totalTime(TimeUnit.NANOSECONDS), 1_000_000.0);
    }

    @Test
    void protocolErrorsByKind() throws Exception {
        start(SocketTuning.DEFAULT);
        try (Socket raw = new Socket("127.0.0.1", server.port())) {
            OutputStream out = raw.getOutputStream();
            out.write("GARBAGE 0 0 . 0 0\r\nEND\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            raw.setSoTimeout(5000);
            while (raw.getInputStream().read() >= 0) {
                // until the listener closes the connection
            }
        }
        await(() -> serverRegistry.get(BeepMetrics.SESSIONS_CLOSED).tag("role", "listener").tag("outcome", "protocol_error").counter().count() == 1);
        assertEquals(1.0, serverRegistry.get(BeepMetrics.PROTOCOL_ERRORS).tag("role", "listener").tag("kind", "frame_syntax").counter().count());
    }

    @Test
    void anObserverThatThrowsNeverReachesTheSession() throws Exception {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).build().start().join());
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder().observer(new io.beepkit.api.BeepObserver() {
            @Override
            public void messageSent(String p, io.beepkit.api.SessionRole r, io.beepkit.api.MessageType t, long o, int f) {
                throw new IllegalStateException("observer failure");
            }
        }).build()).build());
        BeepSession session = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        BeepChannel channel = session.startChannel(ECHO).get(5, TimeUnit.SECONDS);
        assertEquals("x", channel.send(MimeEntity.of("x")).get(5, TimeUnit.SECONDS).entity().bodyText());
        assertTrue(session.isOpen());
    }

    @Test
    void profileTagsAreBounded() {
        BeepMetrics metrics = new BeepMetrics(clientRegistry);
        for (int i = 0; i < BeepMetrics.MAX_PROFILES + 10; i++) {
            metrics.channelOpened("urn:test:" + i, io.beepkit.api.SessionRole.INITIATOR);
        }
        long profiles = clientRegistry.get(BeepMetrics.CHANNELS_OPENED).counters().stream()
                .map(c -> c.getId().getTag("profile")).distinct().count();
        assertEquals(BeepMetrics.MAX_PROFILES + 1, profiles);
        assertEquals(10.0, clientRegistry.get(BeepMetrics.CHANNELS_OPENED).tag("profile", BeepMetrics.OTHER_PROFILE)
                .counter().count());
    }

    static byte[] filled(int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) 'x');
        return b;
    }

    static double gauge(MeterRegistry r, String name, String role) {
        return r.get(name).tag("profile", ECHO).tag("role", role).gauge().value();
    }

    static double count(MeterRegistry r, String name, String role, String type) {
        var search = r.find(name).tag("role", role);
        if (type != null) {
            search = search.tag("type", type);
        }
        return search.counters().stream().mapToDouble(c -> c.count()).sum();
    }

    static long bytes(MeterRegistry r, String name, String role) {
        return (long) r.get(name).tag("profile", ECHO).tag("role", role).counter().count();
    }

    static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 5 s");
            }
            Thread.sleep(10);
        }
    }
}
